import {
  PACKING_MUTATION,
  packingFromSaved,
  packingIssues,
  matchesLines,
  productsKey,
  savedPackingOf,
  specPackingOf,
  messages,
  storePackingMessages as M,
  type TAwaitingFulfillmentOrder,
  type TPackingMutationRequest,
  type TPackingMutationResponse,
} from '@colete/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeAccounts, storePackingConfigurations } from '../../db/schema/store.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { linesOf } from './store-order-packing.js';
import { packingTooSmall, sizedProductsOf } from './store-packing-fit.js';
import type { ShopFulfillmentOrder, ShopOrder } from './store-orders.js';

/*
 * Saved packings ('Salveaza configuratie', issue 14; spec 002 sections 2.1 and 5: the PACKING
 * SAVE_OR_UPDATE mutation): a fulfillment order's packing kept for its set of products (per store
 * account, keyed by the variants and their quantities) and laid on the next order with the same
 * products. The lines are stored by variant (the contract's savedPackingOf / packingFromSaved).
 */

const inserted = sql<boolean>`(xmax = 0)`;

/** What saving needs: the client's connected store account's order and its awaiting fulfillment order as the shop has them (null: none). */
export type PackingOrderReader = (clientUserId: number, storeAccountId: number, orderId: string, fulfillmentOrderId: string) => Promise<{ order: ShopOrder; fo: ShopFulfillmentOrder } | null>;

/**
 * POST packing-mutation/{clientId}: checks the packing against the fulfillment order's remaining
 * lines (every quantity, nothing else) and the package rules (sizes and weights of spec 001
 * sections 5 and 9, the envelope's rules, no empty package), then saves it for these products.
 */
export async function savePacking(db: Executor, readOrder: PackingOrderReader, clientUserId: number, storeAccountId: number, input: TPackingMutationRequest): Promise<TPackingMutationResponse> {
  const found = await readOrder(clientUserId, storeAccountId, input.orderId, input.fulfillmentOrderId);
  if (!found) throw notFound(messages.store.orderNotFound);
  const lines = linesOf(found.order, found.fo);
  if (!matchesLines(input.packing, lines)) throw badRequest(M.quantitiesMismatch, 'packingQuantities');
  const issues = packingIssues(input.packing);
  if (issues.length) throw badRequest(issues[0]!, 'packingInvalid');
  // Each package at least as large as its largest product (issue 24), by the account's saved dimensions.
  const products = await sizedProductsOf(db, storeAccountId, found.order, found.fo);
  const tooSmall = packingTooSmall(specPackingOf(input.packing, { lineItems: lines, products }, true), products);
  if (tooSmall) throw badRequest(tooSmall, 'packageTooSmall');
  const key = productsKey(lines);
  const packing = savedPackingOf(input.packing, lines);
  const now = new Date();
  const [row] = await db
    .insert(storePackingConfigurations)
    .values({ storeAccountId, productsKey: key, packing, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [storePackingConfigurations.storeAccountId, storePackingConfigurations.productsKey], set: { packing, updatedAt: now } })
    .returning({ id: storePackingConfigurations.id, inserted });
  return { success: true, message: M.packingSaved, created: row!.inserted, mutation: { mutationId: row!.id, productsKey: key } };
}

/** DELETE packing-mutation/{mutationId}: the configuration saved for those products is forgotten (another client's: 404). */
export async function deletePacking(db: Executor, clientUserId: number, mutationId: number) {
  const mine = db.select({ id: storeAccounts.id }).from(storeAccounts).where(eq(storeAccounts.userId, clientUserId));
  const rows = await db
    .delete(storePackingConfigurations)
    .where(and(eq(storePackingConfigurations.id, mutationId), inArray(storePackingConfigurations.storeAccountId, mine)))
    .returning({ id: storePackingConfigurations.id });
  if (rows.length === 0) throw notFound(M.packingNotFound);
  return { success: true as const, message: M.packingDeleted };
}

/**
 * The order detail: each awaiting fulfillment order whose products have a saved configuration gets
 * it (savedPacking, on its own lines) and the PACKING SAVE_OR_UPDATE mutation (one query for the
 * order, read beside the page's other saved rows; applySavedPacking lays them over the cards).
 */
export async function savedPackingsOf(db: Executor, storeAccountId: number, awaiting: TAwaitingFulfillmentOrder[]) {
  const keys = [...new Set(awaiting.map((fo) => productsKey(fo.lineItems)))];
  if (keys.length === 0) return null;
  const rows = await db
    .select({ id: storePackingConfigurations.id, productsKey: storePackingConfigurations.productsKey, packing: storePackingConfigurations.packing })
    .from(storePackingConfigurations)
    .where(and(eq(storePackingConfigurations.storeAccountId, storeAccountId), inArray(storePackingConfigurations.productsKey, keys)));
  return new Map(rows.map((r) => [r.productsKey, r]));
}

/** The saved packings laid over the cards (savedPackingsOf's rows). */
export function applySavedPacking(byKey: Awaited<ReturnType<typeof savedPackingsOf>>, awaiting: TAwaitingFulfillmentOrder[]): TAwaitingFulfillmentOrder[] {
  if (!byKey) return awaiting;
  return awaiting.map((fo) => {
    const row = byKey.get(productsKey(fo.lineItems));
    const packing = row ? packingFromSaved(row.packing, fo.lineItems) : null;
    if (!row || !packing) return { ...fo, savedPacking: null };
    return { ...fo, savedPacking: { mutationId: row.id, packing }, mutations: [...fo.mutations.filter((m) => m.type !== PACKING_MUTATION.type), { ...PACKING_MUTATION }] };
  });
}
