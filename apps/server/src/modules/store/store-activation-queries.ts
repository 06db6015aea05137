import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments, storeAccounts, storeActivations, storeSavedOrders } from '../../db/schema.js';

export type StoreActivationRow = typeof storeActivations.$inferSelect;

/** The claim of a fulfillment order (inserted once: a second insert finds the first's row). */
export async function claimActivation(db: Executor, values: typeof storeActivations.$inferInsert) {
  await db.insert(storeActivations).values(values).onConflictDoNothing({ target: [storeActivations.storeAccountId, storeActivations.fulfillmentOrderId] });
  return (await activationOf(db, values.storeAccountId, values.fulfillmentOrderId))!;
}

export async function activationOf(db: Executor, storeAccountId: number, fulfillmentOrderId: string) {
  const [row] = await db.select().from(storeActivations).where(and(eq(storeActivations.storeAccountId, storeAccountId), eq(storeActivations.fulfillmentOrderId, fulfillmentOrderId))).limit(1);
  return row ?? null;
}

export async function activationById(db: Executor, id: number) {
  const [row] = await db.select().from(storeActivations).where(eq(storeActivations.id, id)).limit(1);
  return row ?? null;
}

/** The claim's lines and choice while its shipment is still a draft (a retry with changed data). */
export async function updateActivation(db: Executor, id: number, values: Partial<typeof storeActivations.$inferInsert>) {
  await db.update(storeActivations).set(values).where(eq(storeActivations.id, id));
}

/** The shipment's AWB and courier, read for the shop's fulfillment. */
export async function shipmentOfActivation(db: Executor, shipmentId: number) {
  const [row] = await db.select({ uniqueId: shipments.uniqueId, awb: shipments.awb, courierId: shipments.courierId, status: shipments.status, userId: shipments.userId }).from(shipments).where(eq(shipments.id, shipmentId)).limit(1);
  return row ?? null;
}

/** Activations whose AWB exists and whose shop was not told yet (the job's work), oldest first. */
export async function pendingFulfillments(db: Executor, limit: number) {
  return db
    .select({ id: storeActivations.id })
    .from(storeActivations)
    .innerJoin(shipments, eq(shipments.id, storeActivations.shipmentId))
    .innerJoin(storeAccounts, eq(storeAccounts.id, storeActivations.storeAccountId))
    .where(and(isNull(storeActivations.fulfilledAt), sql`${shipments.awb} is not null`, inArray(shipments.status, ['created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered']), eq(storeAccounts.status, 'CONNECTED')))
    .orderBy(storeActivations.id)
    .limit(limit);
}

/** The fulfillment orders of an order whose store fulfillment is still to be made (the page says so). */
export async function unfulfilledActivations(db: Executor, storeAccountId: number, orderId: string) {
  return db
    .select({ fulfillmentOrderId: storeActivations.fulfillmentOrderId, shipmentId: storeActivations.shipmentId, fulfilledAt: storeActivations.fulfilledAt })
    .from(storeActivations)
    .where(and(eq(storeActivations.storeAccountId, storeAccountId), eq(storeActivations.orderId, orderId)));
}

export async function saveForLater(db: Executor, storeAccountId: number, fulfillmentOrderId: string, saved: Record<string, unknown>) {
  await db
    .insert(storeSavedOrders)
    .values({ storeAccountId, fulfillmentOrderId, saved })
    .onConflictDoUpdate({ target: [storeSavedOrders.storeAccountId, storeSavedOrders.fulfillmentOrderId], set: { saved, updatedAt: new Date() } });
}

export async function savedOrders(db: Executor, storeAccountId: number, fulfillmentOrderIds: string[]) {
  if (!fulfillmentOrderIds.length) return [];
  return db.select().from(storeSavedOrders).where(and(eq(storeSavedOrders.storeAccountId, storeAccountId), inArray(storeSavedOrders.fulfillmentOrderId, fulfillmentOrderIds)));
}
