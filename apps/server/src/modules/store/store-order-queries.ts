import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments } from '../../db/schema/shipments.js';

/** The client's shipments made from one store order (drafts left out: they are not sent yet), oldest first. */
export function shipmentsOfStoreOrder(db: Executor, userId: number, storeAccountId: number, storeOrderId: string) {
  return db
    .select({ uniqueId: shipments.uniqueId, fulfillmentOrderId: shipments.storeFulfillmentOrderId, orderName: shipments.storeOrderName, status: shipments.status })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.storeAccountId, storeAccountId), eq(shipments.storeOrderId, storeOrderId), ne(shipments.status, 'draft')))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
}
export type StoreOrderShipment = Awaited<ReturnType<typeof shipmentsOfStoreOrder>>[number];
