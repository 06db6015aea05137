import { messages } from '@colete/contract';
import { eventsCommitted } from '../../db/outbox.js';
import { CourierError } from '../../integrations/couriers/courier-network.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { refundShipment } from '../ledger/index.js';
import { chargeReference, chargedAttempts } from './activation.js';
import { factsOf, recordShipmentEvent } from './lifecycle-events.js';
import type { Recording, ShipmentContext } from './shipment-context.js';
import { STATUS_VIEW } from './shipment-status.js';
import { addEvents, findShipment, updateShipment, type ShipmentRow } from './shipments-queries.js';
import type { ViewsStage } from './views.js';

const m = messages.shipments;
const REASON = 'Anulata de client';

/** Cancellation: before the courier picked it up, the AWB is cancelled, a prepaid charge refunded and its billable charge dropped. */
export function cancellationStage(ctx: ShipmentContext, views: ViewsStage, refresh: (row: ShipmentRow, rec?: Recording) => Promise<ShipmentRow>) {
  const { db, deps } = ctx;

  return async function cancel(client: UserRow, uniqueId: string, rec?: Recording) {
    let row = await views.own(client, uniqueId);
    row = await refresh(row, rec).catch(() => row);
    if (row.status !== 'created' || !row.awb) throw conflict(m.cannotCancel, 'cannotCancel');
    try {
      await deps.network.cancel(row.awb);
    } catch (err) {
      if (err instanceof CourierError && err.kind === 'invalid') throw conflict(m.cannotCancel, 'cannotCancel');
      throw new AppError(503, m.courierUnavailable, 'courierUnavailable');
    }
    const at = ctx.nowOf(rec);
    let cancelled = false;
    const updated = await db.transaction(async (tx) => {
      const current = await findShipment(tx, client.id, uniqueId, { lock: true });
      if (!current || current.status !== 'created') return current!;
      const done = await updateShipment(tx, current.id, { status: 'cancelled', statusAt: at, statusReason: REASON });
      await addEvents(tx, [{ shipmentId: current.id, status: 'cancelled', text: STATUS_VIEW.cancelled.text, reason: REASON, location: null, at }]);
      if (current.paymentType === 'prepaid' && current.priceBani) {
        // The standing charge: the last activation attempt's (the earlier ones were reversed).
        const attempts = await chargedAttempts(tx, current);
        await refundShipment(tx, {
          userId: current.userId,
          amountBani: current.priceBani,
          description: `Anulare comanda ${current.uniqueId} - AWB ${current.awb}`,
          reference: chargeReference(current.id, Math.max(attempts, 1)),
        });
      }
      // Not invoiced yet: nothing to invoice any more; invoiced: its credit note.
      await deps.billing.cancelCharge(tx, { userId: current.userId, reference: `shipment:${current.id}`, at, ...(rec?.mail === false ? { mail: false } : {}) });
      await recordShipmentEvent(tx, 'shipment.cancelled', { shipment: factsOf(done, ctx.courierName), reason: REASON, at: at.toISOString(), notify: ctx.notifies(rec) });
      cancelled = true;
      return done;
    });
    if (cancelled) eventsCommitted();
    return views.detail(updated);
  };
}
