import { messages } from '@colete/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { shipmentLabels } from '../../db/schema/shipments.js';
import { CourierError, type AwbFormat } from '../../integrations/couriers/courier-network.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { ShipmentContext } from './shipment-context.js';
import type { ShipmentRow } from './shipments-queries.js';

const m = messages.shipments;
/** Labels drawn at once when a batch finds several not kept yet (the courier's API is a shared resource). */
const DRAW_AT_ONCE = 4;

/** A courier's answer to a label request as the client's answer: gone 404, refused 409, not answering 503 (try again). */
export function labelError(err: unknown): never {
  if (err instanceof CourierError && err.kind === 'notFound') throw notFound(m.notFound);
  if (err instanceof CourierError && err.kind === 'invalid') throw conflict(err.message, 'labelRefused');
  throw new AppError(503, m.labelUnavailable, 'labelUnavailable');
}

/**
 * Labels kept once the courier drew them (shipment_labels): a download, a mail's attachment or a
 * bulk run's merged PDF asks the courier for an AWB's label in a format once; afterwards it is read.
 * The callers check first that the shipment still has a label (a cancelled one has none).
 */
export function labelStore(ctx: ShipmentContext) {
  const { db, deps } = ctx;

  async function draw(row: ShipmentRow, format: AwbFormat): Promise<Uint8Array> {
    const bytes = await deps.network.label(row.awb!, format);
    // Two requests drawing the same label at once keep the first; both answer what they drew (the same label).
    await db.insert(shipmentLabels).values({ shipmentId: row.id, format, pdf: Buffer.from(bytes) }).onConflictDoNothing();
    return bytes;
  }

  /** One shipment's label in a format: kept, or drawn by its courier and kept (courier errors are thrown as they come). */
  async function one(row: ShipmentRow, format: AwbFormat): Promise<Uint8Array> {
    const [kept] = await db
      .select({ pdf: shipmentLabels.pdf })
      .from(shipmentLabels)
      .where(and(eq(shipmentLabels.shipmentId, row.id), eq(shipmentLabels.format, format)))
      .limit(1);
    return kept ? new Uint8Array(kept.pdf) : draw(row, format);
  }

  /**
   * Several labels, in the order asked: the kept ones read in one query, the others drawn a few at a
   * time and kept. Each answer is the label's bytes or the error its courier gave.
   */
  async function many(wanted: readonly { row: ShipmentRow; format: AwbFormat }[]): Promise<(Uint8Array | Error)[]> {
    const ids = [...new Set(wanted.map((w) => w.row.id))];
    const kept = new Map<string, Uint8Array>();
    if (ids.length > 0) {
      const rows = await db.select({ shipmentId: shipmentLabels.shipmentId, format: shipmentLabels.format, pdf: shipmentLabels.pdf }).from(shipmentLabels).where(inArray(shipmentLabels.shipmentId, ids));
      for (const r of rows) kept.set(`${r.shipmentId}:${r.format}`, new Uint8Array(r.pdf));
    }
    const out: (Uint8Array | Error)[] = wanted.map((w) => kept.get(`${w.row.id}:${w.format}`) ?? new Error('not drawn yet'));
    const missing = wanted.flatMap((w, i) => (kept.has(`${w.row.id}:${w.format}`) ? [] : [i]));
    for (let at = 0; at < missing.length; at += DRAW_AT_ONCE) {
      await Promise.all(
        missing.slice(at, at + DRAW_AT_ONCE).map(async (i) => {
          const w = wanted[i]!;
          out[i] = await draw(w.row, w.format).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
        }),
      );
    }
    return out;
  }

  return { one, many };
}
