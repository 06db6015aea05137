import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeActivations, storeFulfillmentEvents } from '../../db/schema/store-activations.js';
import type { ShipmentListener } from '../shipments/index.js';

/*
 * The courier's later statuses of a shipment made from a store order, told to the shop as
 * fulfillment events (Shopify's fulfillmentEventCreate): the lifecycle listener records each status
 * once per activation in the event's own transaction; the store-fulfillments job sends them once the
 * shop's fulfillment exists (a returned or refused parcel is Shopify's FAILURE, with our reason).
 */

/** Our statuses as Shopify's FulfillmentEventStatus. */
export const FULFILLMENT_EVENT_STATUS: Partial<Record<string, string>> = {
  picked_up: 'CARRIER_PICKED_UP',
  in_transit: 'IN_TRANSIT',
  out_for_delivery: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  returned: 'FAILURE',
  refused: 'FAILURE',
};
const FAILURE_TEXT: Partial<Record<string, string>> = { returned: 'Coletul a fost returnat expeditorului.', refused: 'Coletul a fost refuzat de destinatar.' };

export const storeFulfillmentEventsListener: ShipmentListener = {
  name: 'store.fulfillment-events',
  on: {
    'shipment.status_changed': async (tx, p) => {
      const status = FULFILLMENT_EVENT_STATUS[p.to];
      if (!status) return;
      const message = [FAILURE_TEXT[p.to], p.reason].filter(Boolean).join(' ') || null;
      await tx.execute(sql`
        INSERT INTO ${storeFulfillmentEvents} (activation_id, status, message, happened_at)
        SELECT ${storeActivations.id}, ${status}, ${message}, ${new Date(p.at)} FROM ${storeActivations} WHERE ${storeActivations.shipmentId} = ${p.shipment.id}
        ON CONFLICT (activation_id, status) DO NOTHING`);
    },
  },
};

/** Events to send: their activation's fulfillment exists in the shop. */
export function pendingEvents(db: Executor, limit: number) {
  return db
    .select({ id: storeFulfillmentEvents.id, status: storeFulfillmentEvents.status, message: storeFulfillmentEvents.message, happenedAt: storeFulfillmentEvents.happenedAt, fulfillmentId: storeActivations.fulfillmentId, userId: storeActivations.userId, storeAccountId: storeActivations.storeAccountId })
    .from(storeFulfillmentEvents)
    .innerJoin(storeActivations, eq(storeActivations.id, storeFulfillmentEvents.activationId))
    .where(and(isNull(storeFulfillmentEvents.sentAt), isNotNull(storeActivations.fulfillmentId)))
    .orderBy(storeFulfillmentEvents.id)
    .limit(limit);
}

/** Whether the event went to the shop already (read again under its claim). */
export async function eventSent(db: Executor, id: number) {
  const [row] = await db.select({ sentAt: storeFulfillmentEvents.sentAt }).from(storeFulfillmentEvents).where(eq(storeFulfillmentEvents.id, id)).limit(1);
  return !row || row.sentAt !== null;
}

export async function markEventSent(db: Executor, id: number, lastError: string | null) {
  await db.update(storeFulfillmentEvents).set({ sentAt: new Date(), lastError }).where(eq(storeFulfillmentEvents.id, id));
}

/* Wakes the store fulfillments job when a shop holds a fulfillment order (its webhook), rather than at the next minute. */
const heldListeners = new Set<() => void>();
export function onFulfillmentHeld(listener: () => void) {
  heldListeners.add(listener);
  return () => void heldListeners.delete(listener);
}
export const fulfillmentHeld = () => {
  for (const listener of heldListeners) listener();
};
