import type { ShipmentStatus } from '@colete/contract';
import { eventsCommitted } from '../../db/outbox.js';
import type { TrackingEvent } from '../../integrations/couriers/courier-network.js';
import { factsOf, passesPickup, recordShipmentEvent } from './lifecycle-events.js';
import type { Recording, ShipmentContext } from './shipment-context.js';
import { OPEN_STATUSES, STATUS_RANK } from './shipment-status.js';
import { addEvents, findShipment, openShipments, updateShipment, type ShipmentRow } from './shipments-queries.js';

/** Tracking: the courier's news applied to a shipment (history, status, the 'shipment.status_changed' event). */
export function trackingStage(ctx: ShipmentContext, finishStuck: (rec?: Recording) => Promise<{ finished: number; failed: number }>) {
  const { db, deps } = ctx;

  /** New tracking events from the courier: the history grows, the status only moves forward. */
  async function applyTracking(row: ShipmentRow, courierEvents: TrackingEvent[], rec?: Recording) {
    // The AWB's creation is already in the history (written at activation): only what followed.
    const events = courierEvents.filter((e) => e.status !== 'created');
    if (!events.length) return row;
    const last = events[events.length - 1]!;
    const next = last.status as ShipmentStatus;
    let changed = false;
    const result = await db.transaction(async (tx) => {
      // The shipment first (the order every writer follows), and its status as it is now: another
      // run may have moved it since `row` was read, and each change is reported once.
      const current = (await findShipment(tx, row.userId, row.uniqueId, { lock: true })) ?? row;
      await addEvents(
        tx,
        events.map((e) => ({ shipmentId: row.id, status: e.status, text: e.text, reason: e.reason, location: e.location, at: e.at })),
      );
      if (STATUS_RANK[next] <= STATUS_RANK[current.status] || next === current.status) return current;
      const updated = await updateShipment(tx, row.id, { status: next, statusAt: last.at, statusReason: last.reason });
      await recordShipmentEvent(tx, 'shipment.status_changed', {
        shipment: factsOf(updated, ctx.courierName),
        from: current.status,
        to: next,
        reason: last.reason,
        // The recipient hears once that the parcel is on its way, even when the job sees a later status first.
        pickedUp: passesPickup(current.status, events.map((e) => e.status)),
        at: last.at.toISOString(),
        notify: ctx.notifies(rec),
      });
      changed = true;
      return updated;
    });
    if (changed) eventsCommitted();
    return result;
  }

  async function refresh(row: ShipmentRow, rec?: Recording) {
    if (!row.awb || !row.courierId || !(OPEN_STATUSES as readonly string[]).includes(row.status)) return row;
    const events = await deps.network.track(row.awb, ctx.nowOf(rec));
    return applyTracking(row, events, rec);
  }

  /** The tracking job: follow open shipments; finish activations a crash interrupted. */
  async function trackOpen(limit = 200, rec?: Recording) {
    const stuck = await finishStuck(rec);
    const result = { checked: 0, changed: 0, finished: stuck.finished, failed: stuck.failed };
    for (const row of await openShipments(db, limit, new Date(ctx.nowOf(rec).getTime() - 30_000))) {
      try {
        const after = await refresh(row, rec);
        result.checked += 1;
        if (after.status !== row.status) result.changed += 1;
      } catch {
        result.failed += 1;
      }
    }
    return result;
  }

  return { applyTracking, refresh, trackOpen };
}
