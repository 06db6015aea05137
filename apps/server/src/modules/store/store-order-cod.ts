import { messages, type TStoreExtraOptions } from '@colete/contract';
import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeActivations, storeOrderCod } from '../../db/schema/store-activations.js';
import { conflict } from '../../lib/errors.js';
import { shipmentIsCancelled, shipmentRefs } from '../shipments/index.js';

/*
 * The order's cash on delivery is collected once (issue 24 item 1): an order sent from several
 * locations (several fulfillment orders, 'parts') puts it on ONE part, the others leave with no
 * cash on delivery. The part is the one the merchant picked on the order page, else the first part
 * activated with cash on delivery (until then the page proposes its first awaiting part). The order
 * page, bulk activation and the single activation all go through this file: `codPartOf` says which
 * part carries it, `codOptionsFor` gives a part its options, `takeCod` claims it at activation
 * (one row per order, conditional updates: two parts activated at once cannot both carry it).
 */

const sa = messages.storeActivation;

/** The stored carrier of an order and its shipment (when its part was activated). */
export type StoredCod = { fulfillmentOrderId: string; locked: boolean; awb: string | null; cancelled: boolean };
/** Which part carries the order's cash on delivery: `carrier` null when the order has no part to put it on. */
export type CodPart = { carrier: string | null; locked: boolean; awb: string | null };

export async function storedCodOf(db: Executor, storeAccountId: number, orderId: string): Promise<StoredCod | null> {
  const [row] = await db
    .select({ fulfillmentOrderId: storeOrderCod.fulfillmentOrderId, locked: storeOrderCod.locked, awb: shipmentRefs.awb, status: shipmentRefs.status })
    .from(storeOrderCod)
    .leftJoin(storeActivations, and(eq(storeActivations.storeAccountId, storeOrderCod.storeAccountId), eq(storeActivations.fulfillmentOrderId, storeOrderCod.fulfillmentOrderId)))
    .leftJoin(shipmentRefs, eq(shipmentRefs.id, storeActivations.shipmentId))
    .where(and(eq(storeOrderCod.storeAccountId, storeAccountId), eq(storeOrderCod.orderId, orderId)))
    .limit(1);
  if (!row) return null;
  return { fulfillmentOrderId: row.fulfillmentOrderId, locked: row.locked, awb: row.status === 'draft' ? null : (row.awb ?? null), cancelled: row.status === 'cancelled' };
}

/**
 * THE rule: the stored part (activated with cash on delivery and not cancelled, or picked and still
 * awaiting), else the first awaiting part.
 */
export function codPartOf(awaitingIds: readonly string[], stored: StoredCod | null): CodPart {
  if (stored && !stored.cancelled && (stored.locked || awaitingIds.includes(stored.fulfillmentOrderId))) return { carrier: stored.fulfillmentOrderId, locked: stored.locked, awb: stored.awb };
  return { carrier: awaitingIds[0] ?? null, locked: false, awb: null };
}

/** A part's options under the rule: a part that does not carry the order's cash on delivery has none. */
export function codOptionsFor(options: TStoreExtraOptions, fulfillmentOrderId: string, part: CodPart): TStoreExtraOptions {
  if (part.carrier === fulfillmentOrderId) return options;
  return { ...options, repayment: { account: { active: false, amount: 0 } } };
}

/** The stored carrier's part was cancelled: its shipment collects nothing, another part may carry the order's cash on delivery. */
const holderCancelled = sql`exists (select 1 from ${storeActivations} a
  where a.store_account_id = ${storeOrderCod.storeAccountId} and a.fulfillment_order_id = ${storeOrderCod.fulfillmentOrderId} and ${shipmentIsCancelled(sql`a.shipment_id`)})`;
const keyOf = (storeAccountId: number, orderId: string) => and(eq(storeOrderCod.storeAccountId, storeAccountId), eq(storeOrderCod.orderId, orderId));

/**
 * An activation of the part with cash on delivery claims it: the first one of the order (or the
 * picked part) holds it from then on; another part asking for it is refused (409) before any AWB.
 */
export async function takeCod(db: Executor, storeAccountId: number, orderId: string, fulfillmentOrderId: string, awaitingIds: string[]) {
  // A pick of a part the shop no longer has awaiting (moved, closed) holds nothing.
  const pickGone = awaitingIds.length ? sql`(${storeOrderCod.locked} = false and ${notInArray(storeOrderCod.fulfillmentOrderId, awaitingIds)})` : sql`${storeOrderCod.locked} = false`;
  await db.insert(storeOrderCod).values({ storeAccountId, orderId, fulfillmentOrderId, locked: true }).onConflictDoNothing({ target: [storeOrderCod.storeAccountId, storeOrderCod.orderId] });
  const taken = await db
    .update(storeOrderCod)
    .set({ fulfillmentOrderId, locked: true, updatedAt: new Date() })
    .where(and(keyOf(storeAccountId, orderId), or(eq(storeOrderCod.fulfillmentOrderId, fulfillmentOrderId), holderCancelled, pickGone)))
    .returning({ id: storeOrderCod.id });
  if (taken.length === 0) throw conflict(sa.codOnOtherPart, 'codOnOtherPart', { 'extraOptions.repayment': sa.codOnOtherPart });
}

/** The merchant's pick on the order page: the part carries it unless a part was already activated with it (409). */
export async function pickCod(db: Executor, storeAccountId: number, orderId: string, fulfillmentOrderId: string) {
  const moved = await db
    .insert(storeOrderCod)
    .values({ storeAccountId, orderId, fulfillmentOrderId, locked: false })
    .onConflictDoUpdate({
      target: [storeOrderCod.storeAccountId, storeOrderCod.orderId],
      set: { fulfillmentOrderId, locked: false, updatedAt: new Date() },
      setWhere: sql`${storeOrderCod.fulfillmentOrderId} <> ${fulfillmentOrderId} and (${storeOrderCod.locked} = false or ${holderCancelled})`,
    })
    .returning({ id: storeOrderCod.id });
  if (moved.length > 0) return;
  const [row] = await db.select({ fulfillmentOrderId: storeOrderCod.fulfillmentOrderId }).from(storeOrderCod).where(keyOf(storeAccountId, orderId));
  if (row?.fulfillmentOrderId !== fulfillmentOrderId) throw conflict(sa.codCarrierActivated, 'codCarrierActivated');
}
