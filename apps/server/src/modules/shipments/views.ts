import { addressFormFields, addressText, messages, normalizeText, pageOffset, type TShipmentDetail, type TShipmentDraftParsed, type TShipmentSummary, type ZShipmentListQuery } from '@colete/contract';
import type { z } from 'zod';
import type { ShipmentAddress } from '../../db/schema/shipments.js';
import type { AwbFormat } from '../../integrations/couriers/courier-network.js';
import { bucharestDayStart, isFridayInBucharest, nextDay } from '../../lib/dates.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { baniToRon } from '../../lib/money.js';
import type { UserRow } from '../../types.js';
import { DEFAULT_AWB_FORMAT, savedSettings } from '../settings/index.js';
import type { Executor } from '../../db/client.js';
import { formPackage, statusOf, type ShipmentContext } from './shipment-context.js';
import { labelError, labelStore } from './label-store.js';
import { findShipment, findShipmentById, findShipments, listShipments, shipmentHistory, type ShipmentRow } from './shipments-queries.js';

const m = messages.shipments;

/** A party in the shipment detail's answer (its names predate the address shape and stay). */
const addressView = (a: ShipmentAddress): TShipmentDetail['senderAddress'] => ({
  contactName: a.contactName,
  company: a.contactCompany,
  phone: a.contactPhone,
  email: a.contactEmail,
  county: a.addressCounty,
  city: a.addressCity,
  postalCode: a.addressPostalCode,
  line: addressText(a, 'shipment'),
});

/** Views: the list, the summary and details a page shows, label formats and files, and a draft rebuilt for the page. */
export function viewsStage(ctx: ShipmentContext) {
  const { db } = ctx;
  const labels = labelStore(ctx);

  async function own(client: UserRow, uniqueId: string) {
    const row = await findShipment(db, client.id, uniqueId);
    if (!row) throw notFound(m.notFound);
    return row;
  }

  /** The formats a courier prints, the wanted one first when it is among them, otherwise the courier's first (spec 002 section 9). */
  function formatsOf(courierId: string | null, wanted: AwbFormat): AwbFormat[] {
    const courier = courierId ? ctx.couriers().get(courierId) : undefined;
    if (!courier) return [];
    return courier.formats.includes(wanted) ? [wanted, ...courier.formats.filter((f) => f !== wanted)] : courier.formats;
  }

  async function labelFormats(userId: number, courierId: string | null, ex: Executor = db): Promise<AwbFormat[]> {
    if (!courierId || !ctx.couriers().has(courierId)) return [];
    const row = await savedSettings(ex, userId);
    return formatsOf(courierId, (row?.awbFormat ?? DEFAULT_AWB_FORMAT) as AwbFormat);
  }

  /** A label exists once the courier made the AWB, and until the shipment is cancelled. */
  const hasLabel = (row: ShipmentRow) => !!row.awb && !!row.courierId && row.status !== 'cancelled' && row.status !== 'draft' && row.status !== 'activating';

  /** The label's file name: the AWB, the recipient (plain letters) and the format. */
  const labelFileName = (row: ShipmentRow, format: AwbFormat) => {
    const who = normalizeText(row.recipient.contactName).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'destinatar';
    return `Eticheta-${row.awb}-${who}-${format}.pdf`;
  };

  /**
   * The label the order confirmation carries: in the account's format when the courier prints
   * it (the first the page offers), read in the activation's transaction. Null without a label.
   */
  async function confirmationLabel(tx: Executor, row: ShipmentRow): Promise<{ format: AwbFormat; fileName: string } | null> {
    if (!hasLabel(row)) return null;
    const [format] = await labelFormats(row.userId, row.courierId, tx);
    return format ? { format, fileName: labelFileName(row, format) } : null;
  }

  /**
   * The label's bytes for a mail being sent (the mail sender's attachment producer). A shipment
   * without a label any more (cancelled since) is an error: the mail is retried, then fails,
   * rather than leave without the file it announces.
   */
  async function labelForMail(shipmentId: number, format: AwbFormat): Promise<Buffer> {
    const row = await findShipmentById(db, shipmentId);
    if (!row || !hasLabel(row)) throw new Error(`shipment ${shipmentId} has no label to attach`);
    return Buffer.from(await labels.one(row, format));
  }

  function summary(row: ShipmentRow): TShipmentSummary {
    const courier = row.courierId ? ctx.couriers().get(row.courierId) : undefined;
    return {
      uniqueId: row.uniqueId,
      kind: row.kind,
      status: statusOf(row),
      createdAt: row.createdAt.toISOString(),
      awb: row.awb,
      courierId: row.courierId,
      courierName: row.courierId ? (courier?.name ?? row.courierId) : null,
      courierLogo: row.courierId ? (courier?.logo ?? null) : null,
      serviceName: row.serviceName,
      recipient: { contactName: row.recipient.contactName, city: row.recipient.addressCity, county: row.recipient.addressCounty },
      sender: { contactName: row.sender.contactName, city: row.sender.addressCity, county: row.sender.addressCounty },
      clientReference: row.clientReference,
      price: row.priceBani === null ? null : baniToRon(row.priceBani),
      cod: row.options.codBani === null ? null : baniToRon(row.options.codBani),
      parcelCount: row.parcelCount,
    };
  }

  async function detail(row: ShipmentRow): Promise<TShipmentDetail> {
    const [history, formats] = await Promise.all([shipmentHistory(db, row.id), labelFormats(row.userId, hasLabel(row) ? row.courierId : null)]);
    return {
      ...summary(row),
      senderAddress: addressView(row.sender),
      recipientAddress: addressView(row.recipient),
      packages: row.packages.map(formPackage),
      content: row.content,
      options: {
        cod: row.options.codBani === null ? null : baniToRon(row.options.codBani),
        insurance: row.options.insuranceBani === null ? null : baniToRon(row.options.insuranceBani),
        openAtDelivery: row.options.openAtDelivery,
        saturdayDelivery: row.options.saturdayDelivery,
      },
      point: row.point,
      priceNoVat: row.priceNoVatBani === null ? null : baniToRon(row.priceNoVatBani),
      estimatedPickupDate: row.estimatedPickupDate,
      paymentType: row.paymentType,
      labelFormats: formats,
      canCancel: row.status === 'created',
      canActivate: row.status === 'draft' && !!row.serviceId,
      chooseService: row.status === 'draft' && !row.serviceId,
      history: history.map((e) => ({ status: e.status, text: e.text, dateTime: e.at.toISOString(), reason: e.reason, location: e.location })),
      returnAnswers: row.returnAnswers ?? null,
    };
  }

  /** The draft as the page sent it, rebuilt from the stored shipment (its parties already resolved). */
  function draftOf(row: ShipmentRow): TShipmentDraftParsed {
    const party = (a: ShipmentAddress) => ({ ...addressFormFields(a), saveAs: null });
    return {
      sender: party(row.sender),
      recipient: party(row.recipient),
      packages: row.packages.map(formPackage),
      content: row.content,
      clientReference: row.clientReference,
      options: {
        cod: { active: row.options.codBani !== null, amount: (row.options.codBani ?? 0) / 100 },
        insurance: { active: row.options.insuranceBani !== null, amount: (row.options.insuranceBani ?? 0) / 100 },
        openAtDelivery: row.options.openAtDelivery,
        // Saturday delivery was checked when the draft was saved.
        saturdayDelivery: row.options.saturdayDelivery && isFridayInBucharest(ctx.now()),
      },
    };
  }

  async function list(client: UserRow, q: z.output<typeof ZShipmentListQuery>) {
    const { rows, total } = await listShipments(db, client.id, {
      from: q.from ? bucharestDayStart(q.from) : undefined,
      to: q.to ? bucharestDayStart(nextDay(q.to)) : undefined,
      status: q.status,
      q: q.q ? normalizeText(q.q) : undefined,
      limit: q.limit,
      offset: pageOffset(q),
    });
    return { list: rows.map(summary), count: total, total, page: q.page, perPage: q.limit };
  }

  /**
   * The label PDF. One that cannot exist (a cancelled shipment, one not activated) answers 409, a
   * format the courier does not print 400, a refusal by the courier 409 with its reason; only a
   * courier that does not answer is a 503 (try again).
   */
  async function label(client: UserRow, uniqueId: string, format: AwbFormat) {
    const row = await own(client, uniqueId);
    if (row.status === 'cancelled') throw conflict(m.labelCancelled, 'labelCancelled');
    if (!hasLabel(row)) throw conflict(m.labelNotActivated, 'labelNotActivated');
    const formats = await labelFormats(client.id, row.courierId);
    if (!formats.includes(format)) {
      const courier = ctx.couriers().get(row.courierId!);
      throw badRequest(m.labelFormatUnsupported(format, courier?.name ?? row.courierId!), 'formatUnsupported');
    }
    const bytes = await labels.one(row, format).catch(labelError);
    return { bytes, fileName: labelFileName(row, format) };
  }

  /**
   * The labels of several of the client's shipments, in the order asked, each in the first format of
   * `prefer` its courier prints (a bulk run's merged PDF): kept labels read at once, the others drawn
   * and kept. A shipment without a label (cancelled since, say) answers its error instead of bytes.
   */
  async function labelsOf(client: UserRow, uniqueIds: readonly string[], prefer: readonly AwbFormat[]): Promise<(Uint8Array | AppError)[]> {
    const printable = await printableOf(client, uniqueIds, prefer);
    const wanted: { row: ShipmentRow; format: AwbFormat }[] = [];
    const answers: (Uint8Array | AppError | number)[] = printable.map((p) => (p instanceof AppError ? p : wanted.push(p) - 1));
    const drawn = await labels.many(wanted);
    return answers.map((a) => {
      if (typeof a !== 'number') return a;
      const got = drawn[a]!;
      if (got instanceof Uint8Array) return got;
      try {
        return labelError(got);
      } catch (err) {
        return err as AppError;
      }
    });
  }

  /**
   * Which of the client's shipments have a label to print now, in the order asked, and in which
   * format (the first of `prefer` its courier prints); the others answer their error. One query, no
   * label read: a bulk run's reprint checks this before reading the file merged before.
   */
  async function printableOf(client: UserRow, uniqueIds: readonly string[], prefer: readonly AwbFormat[]): Promise<({ row: ShipmentRow; format: AwbFormat } | AppError)[]> {
    const rows = new Map((await findShipments(db, client.id, uniqueIds)).map((r) => [r.uniqueId, r]));
    return uniqueIds.map((id) => {
      const row = rows.get(id);
      if (!row) return notFound(m.notFound);
      if (row.status === 'cancelled') return conflict(m.labelCancelled, 'labelCancelled');
      if (!hasLabel(row)) return conflict(m.labelNotActivated, 'labelNotActivated');
      const format = prefer.find((f) => formatsOf(row.courierId, f).includes(f));
      if (!format) return badRequest(m.labelFormatUnsupported(prefer.join('/'), ctx.couriers().get(row.courierId!)?.name ?? row.courierId!), 'formatUnsupported');
      return { row, format };
    });
  }

  return { own, summary, detail, draftOf, list, label, labelsOf, printableOf, confirmationLabel, labelForMail };
}
export type ViewsStage = ReturnType<typeof viewsStage>;
