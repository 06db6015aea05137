import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeAccounts } from '../../db/schema/store.js';
import { storeActivations, storeSavedOrders } from '../../db/schema/store-activations.js';
import { shipmentForFulfillment, shipmentIsActiveWithAwb, shipmentRefs } from '../shipments/index.js';

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

/**
 * Issue 24: the part's next activation after its AWB was cancelled (the shop never told): the claim
 * moves to the new shipment and starts afresh, once per generation (a conditional update; a
 * parallel call that lost finds the winner's row, whose shipment is the same: same request key).
 */
export async function nextGeneration(db: Executor, claim: Pick<StoreActivationRow, 'id' | 'generation'>, values: { shipmentId: number; lines: { id: string; quantity: number }[]; activationId: string }) {
  await db
    .update(storeActivations)
    .set({ ...values, generation: claim.generation + 1, fulfillmentId: null, fulfilledAt: null, attempts: 0, lastError: null, refusedAt: null, refusal: null, refusalAction: null, refusalActionAt: null })
    .where(and(eq(storeActivations.id, claim.id), eq(storeActivations.generation, claim.generation)));
  return (await activationById(db, claim.id))!;
}

/** The claim's lines and choice while its shipment is still a draft (a retry with changed data). */
export async function updateActivation(db: Executor, id: number, values: Partial<typeof storeActivations.$inferInsert>) {
  await db.update(storeActivations).set(values).where(eq(storeActivations.id, id));
}

/** The shipment's AWB and courier, read for the shop's fulfillment. */
export const shipmentOfActivation = (db: Executor, shipmentId: number) => shipmentForFulfillment(db, shipmentId);

/** Activations whose AWB exists and whose shop was not told yet nor refused for good (the job's work), oldest first. */
export async function pendingFulfillments(db: Executor, limit: number) {
  return db
    .select({ id: storeActivations.id })
    .from(storeActivations)
    .innerJoin(storeAccounts, eq(storeAccounts.id, storeActivations.storeAccountId))
    .where(and(isNull(storeActivations.fulfilledAt), isNull(storeActivations.refusedAt), shipmentIsActiveWithAwb(storeActivations.shipmentId), eq(storeAccounts.status, 'CONNECTED')))
    .orderBy(storeActivations.id)
    .limit(limit);
}

/** The fulfillment orders of an order whose store fulfillment is still to be made (the page says so). */
export async function unfulfilledActivations(db: Executor, storeAccountId: number, orderId: string) {
  return db
    .select({ fulfillmentOrderId: storeActivations.fulfillmentOrderId, shipmentId: storeActivations.shipmentId, uniqueId: shipmentRefs.uniqueId, fulfilledAt: storeActivations.fulfilledAt, refusedAt: storeActivations.refusedAt, refusal: storeActivations.refusal, refusalAction: storeActivations.refusalAction, shipmentStatus: shipmentRefs.status })
    .from(storeActivations)
    .innerJoin(shipmentRefs, eq(shipmentRefs.id, storeActivations.shipmentId))
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

/** A client's activation of a store order's fulfillment order (another client's, or another order's, is null). */
export async function ownActivation(db: Executor, userId: number, storeAccountId: number, orderId: string, fulfillmentOrderId: string) {
  const [row] = await db
    .select()
    .from(storeActivations)
    .where(and(eq(storeActivations.userId, userId), eq(storeActivations.storeAccountId, storeAccountId), eq(storeActivations.orderId, orderId), eq(storeActivations.fulfillmentOrderId, fulfillmentOrderId)))
    .limit(1);
  return row ?? null;
}

/** How long a 'cancel' in hand holds the refusal: a process that died cancelling leaves it to the next click after this. */
export const REFUSAL_ACTION_STALE_MS = 120_000;

/**
 * The merchant's cancel of a refused activation, claimed once: the refusal stands, nothing was
 * decided (or a cancel in hand went stale). False: not the expected state (409).
 */
export async function claimRefusalCancel(db: Executor, id: number) {
  const rows = await db
    .update(storeActivations)
    .set({ refusalAction: 'cancel', refusalActionAt: sql`now()` })
    .where(
      and(
        eq(storeActivations.id, id),
        isNotNull(storeActivations.refusedAt),
        isNull(storeActivations.fulfilledAt),
        or(isNull(storeActivations.refusalAction), and(eq(storeActivations.refusalAction, 'cancel'), lt(storeActivations.refusalActionAt, sql`now() - ${`${REFUSAL_ACTION_STALE_MS / 1000} seconds`}::interval`))),
      ),
    )
    .returning({ id: storeActivations.id });
  return rows.length > 0;
}

/** The cancel's end: done ('cancelled'), or given back (the courier refused; the merchant may try again). */
export async function settleRefusalCancel(db: Executor, id: number, done: boolean) {
  await db
    .update(storeActivations)
    .set(done ? { refusalAction: 'cancelled', refusalActionAt: sql`now()` } : { refusalAction: null, refusalActionAt: null })
    .where(and(eq(storeActivations.id, id), eq(storeActivations.refusalAction, 'cancel')));
}

/** The merchant's retry: the refusal cleared once (the job and the retry ask the shop again). False: not the expected state (409). */
export async function clearRefusal(db: Executor, id: number) {
  const rows = await db
    .update(storeActivations)
    .set({ refusedAt: null, refusal: null, attempts: 0, lastError: null })
    .where(and(eq(storeActivations.id, id), isNotNull(storeActivations.refusedAt), isNull(storeActivations.fulfilledAt), isNull(storeActivations.refusalAction)))
    .returning({ id: storeActivations.id });
  return rows.length > 0;
}

/** The refusals standing on the shipments named (a bulk run's results), by the shipment's uniqueId. */
export async function refusalsOfShipments(db: Executor, userId: number, uniqueIds: string[]) {
  if (!uniqueIds.length) return [];
  return db
    .select({ uniqueId: shipmentRefs.uniqueId, fulfillmentOrderId: storeActivations.fulfillmentOrderId, refusedAt: storeActivations.refusedAt, refusal: storeActivations.refusal })
    .from(storeActivations)
    .innerJoin(shipmentRefs, eq(shipmentRefs.id, storeActivations.shipmentId))
    .where(and(eq(storeActivations.userId, userId), inArray(shipmentRefs.uniqueId, uniqueIds), isNotNull(storeActivations.refusedAt), isNull(storeActivations.refusalAction)));
}
