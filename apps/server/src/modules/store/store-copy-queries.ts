import type { TShippingTo, TStoreOrdersFilterFields } from '@colete/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { storeShopOrders, storeShopSyncs, type CopiedSummary } from '../../db/schema/store-copy.js';
import type { OrderCheck, OrderFlags } from './store-order-checks.js';
import { orderNumberOf } from './store-orders-filter.js';
import type { ShopOrder, ShopOrderSummary } from './store-orders.js';

/*
 * The store's copy of a shop (issue 28 §4), read and written in SQL: an order kept with its verdict
 * and recipient per version, the awaiting tab's page with every filter in one indexed query (keyset
 * by creation and number), one order for its page, the orders a webhook named, and the shop's sync.
 */

/** Shopify's "something left to fulfil" (the awaiting tab's AWAITING_QUERY), on the copied summary. */
const AWAITING_STATUSES = new Set(['UNFULFILLED', 'PARTIALLY_FULFILLED', 'ON_HOLD']);
export const isAwaitingOrder = (o: Pick<ShopOrderSummary, 'closed' | 'cancelledAt' | 'fulfillmentStatus'>) => !o.closed && o.cancelledAt === null && AWAITING_STATUSES.has(o.fulfillmentStatus);

/** The default search's text: what Shopify's search without a field looks in (name, e-mail, customer, recipient), lowercased. */
const searchTextOf = (o: ShopOrderSummary) => [o.name, o.email, o.customer?.displayName, o.customer?.email, o.shippingAddress?.name].filter(Boolean).join(' ').toLowerCase();

/** An order to keep: its summary (with the locations of its open fulfillment orders), its verdict, and its whole shape when it was read. */
export type CopiedOrder = { summary: ShopOrderSummary; locationIds: string[]; check: OrderCheck; detail?: ShopOrder };

const rowOf = (shop: string, o: CopiedOrder, syncedAt: Date) => ({
  shop,
  orderId: o.summary.id,
  number: Number(o.summary.number),
  name: o.summary.name,
  createdAt: new Date(o.summary.createdAt),
  version: o.summary.updatedAt,
  awaiting: isAwaitingOrder(o.summary),
  cashOnDelivery: o.summary.cashOnDelivery,
  tags: o.summary.tags.map((t) => t.toLowerCase()),
  searchText: searchTextOf(o.summary),
  locationIds: o.locationIds,
  fulfillmentOrderIds: o.summary.fulfillmentOrderIds,
  ...o.check.flags,
  held: o.summary.holds.length > 0,
  summary: o.summary as unknown as CopiedSummary,
  detail: (o.detail ?? null) as unknown as CopiedSummary | null,
  detailVersion: o.detail ? o.detail.updatedAt : null,
  recipient: o.check.recipient,
  stale: false,
  syncedAt,
});

/**
 * Keeps orders (one statement; a repeated order once): a copy without its whole shape keeps the one
 * it had (the version tells whether it is still that order's). `readAt` is when the shop was asked:
 * a row marked after it (a webhook or a write of ours while the answer was on its way) or holding a
 * newer version is left as it is, still marked, for the next read.
 */
export async function keepOrders(db: Executor, shop: string, orders: CopiedOrder[], readAt: Date) {
  if (orders.length === 0) return;
  const at = new Date();
  const rows = [...new Map(orders.map((o) => [o.summary.id, rowOf(shop, o, at)])).values()];
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(storeShopOrders)
    .values(rows)
    .onConflictDoUpdate({
      target: [storeShopOrders.shop, storeShopOrders.orderId],
      set: {
        number: excluded('number'),
        name: excluded('name'),
        createdAt: excluded('created_at'),
        version: excluded('version'),
        awaiting: excluded('awaiting'),
        cashOnDelivery: excluded('cash_on_delivery'),
        tags: excluded('tags'),
        searchText: excluded('search_text'),
        locationIds: excluded('location_ids'),
        fulfillmentOrderIds: excluded('fulfillment_order_ids'),
        needsAddressFix: excluded('needs_address_fix'),
        needsContactFix: excluded('needs_contact_fix'),
        readyForActivation: excluded('ready_for_activation'),
        held: excluded('held'),
        summary: excluded('summary'),
        detail: sql`coalesce(excluded.detail, ${storeShopOrders.detail})`,
        detailVersion: sql`coalesce(excluded.detail_version, ${storeShopOrders.detailVersion})`,
        recipient: excluded('recipient'),
        stale: sql`false`,
        syncedAt: excluded('synced_at'),
      },
      setWhere: sql`(${storeShopOrders.markedAt} is null or ${storeShopOrders.markedAt} < ${readAt.toISOString()}::timestamptz) and (${storeShopOrders.version} is null or ${storeShopOrders.version} <= excluded.version)`,
    });
}

/** A webhook named the order (or a write of ours changed it): the next read or sync run reads it again. An order not copied yet gets its row. */
export async function markStale(db: Executor, shop: string, orderIds: string[]) {
  if (orderIds.length === 0) return;
  await db
    .insert(storeShopOrders)
    .values(orderIds.map((orderId) => ({ shop, orderId, stale: true, markedAt: new Date() })))
    .onConflictDoUpdate({ target: [storeShopOrders.shop, storeShopOrders.orderId], set: { stale: true, markedAt: new Date() } });
}

/** The orders of the shop to read again (a webhook named them), oldest news first, at most `limit`. */
const staleReader = preparedPerDatabase((db) =>
  db
    .select({ orderId: storeShopOrders.orderId })
    .from(storeShopOrders)
    .where(and(eq(storeShopOrders.shop, sql.placeholder('shop')), eq(storeShopOrders.stale, true)))
    .orderBy(asc(storeShopOrders.syncedAt))
    .limit(sql.placeholder('limit'))
    .prepare('store_stale_orders_read'),
);

export async function staleOrders(db: Executor, shop: string, limit: number) {
  const rows = await staleReader(db).execute({ shop, limit });
  return rows.map((r) => r.orderId);
}

/** Orders the shop answered none for (deleted there): gone from the copy. */
export async function forgetOrders(db: Executor, shop: string, orderIds: string[]) {
  if (orderIds.length) await db.delete(storeShopOrders).where(and(eq(storeShopOrders.shop, shop), inArray(storeShopOrders.orderId, orderIds)));
}

/** Awaiting orders whose whole shape is missing or of an older version, newest first (the sync reads them). */
export async function ordersWithoutDetail(db: Executor, shop: string, limit: number) {
  const rows = await db
    .select({ orderId: storeShopOrders.orderId })
    .from(storeShopOrders)
    .where(and(eq(storeShopOrders.shop, shop), eq(storeShopOrders.awaiting, true), sql`${storeShopOrders.detailVersion} is distinct from ${storeShopOrders.version}`))
    .orderBy(desc(storeShopOrders.createdAt))
    .limit(limit);
  return rows.map((r) => r.orderId);
}

/* ---- the awaiting tab's page ---- */

/** The keyset cursor: the last row's creation (ms) and number, opaque to the browser. */
export const copyCursorOf = (row: { createdAt: Date | null; number: number | null }) => `c:${row.createdAt?.getTime() ?? 0}:${row.number ?? 0}`;
const parseCursor = (cursor: string | null) => {
  const m = cursor ? /^c:(\d+):(\d+)$/.exec(cursor) : null;
  return m ? { at: new Date(Number(m[1])), number: Number(m[2]) } : null;
};

/** What LIKE reads literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every filter of the awaiting tab, in SQL (issue 24's list): search, warehouse, tag, verdict, cash on delivery. */
function awaitingWhere(shop: string, filter: TStoreOrdersFilterFields & { orderId?: string }): SQL[] {
  // A row a webhook marked that the page could not read again (a throttled shop) is shown as copied; a new order's mark alone is not awaiting yet.
  const where: SQL[] = [eq(storeShopOrders.shop, shop), eq(storeShopOrders.awaiting, true)];
  if (filter.orderId) where.push(eq(storeShopOrders.orderId, filter.orderId));
  const search = filter.search?.trim();
  if (search) {
    const number = orderNumberOf(search);
    if (number) where.push(eq(storeShopOrders.name, `#${number}`));
    else for (const word of search.toLowerCase().replace(/["'\\():]/g, ' ').split(/\s+/).filter(Boolean)) where.push(sql`${storeShopOrders.searchText} like ${`%${literal(word)}%`}`);
  }
  if (filter.locationId) where.push(sql`${filter.locationId} = any(${storeShopOrders.locationIds})`);
  if (filter.tag?.trim()) where.push(sql`${filter.tag.trim().toLowerCase()} = any(${storeShopOrders.tags})`);
  if (filter.needsFix !== undefined) where.push(filter.needsFix ? sql`not (${storeShopOrders.readyForActivation} and not ${storeShopOrders.held})` : sql`(${storeShopOrders.readyForActivation} and not ${storeShopOrders.held})`);
  if (filter.cashOnDelivery !== undefined) where.push(eq(storeShopOrders.cashOnDelivery, filter.cashOnDelivery));
  return where;
}

export type CopiedListRow = { summary: ShopOrderSummary; flags: OrderFlags; cursor: string };

/** A page of the shop's awaiting orders matching the filters, newest first (oldest with `reversed`), after the cursor: one indexed query. */
export async function copiedAwaitingPage(db: Executor, shop: string, filter: TStoreOrdersFilterFields & { orderId?: string; reversed?: boolean }, after: string | null, size: number): Promise<CopiedListRow[]> {
  const where = awaitingWhere(shop, filter);
  const from = parseCursor(after);
  const t = storeShopOrders;
  // A row comparison: the index (shop, created_at, number) of the awaiting rows is read from the cursor on.
  if (from) where.push(filter.reversed ? sql`(${t.createdAt}, ${t.number}) > (${from.at.toISOString()}::timestamptz, ${from.number})` : sql`(${t.createdAt}, ${t.number}) < (${from.at.toISOString()}::timestamptz, ${from.number})`);
  const rows = await db
    .select({ summary: t.summary, createdAt: t.createdAt, number: t.number, needsAddressFix: t.needsAddressFix, needsContactFix: t.needsContactFix, readyForActivation: t.readyForActivation })
    .from(t)
    .where(and(...where))
    .orderBy(...(filter.reversed ? [asc(t.createdAt), asc(t.number)] : [desc(t.createdAt), desc(t.number)]))
    .limit(size);
  return rows.map((r) => ({
    summary: r.summary as unknown as ShopOrderSummary,
    flags: { needsAddressFix: r.needsAddressFix, needsContactFix: r.needsContactFix, readyForActivation: r.readyForActivation },
    cursor: copyCursorOf(r),
  }));
}

/** The copied summaries of some orders (the shipment tabs' own columns), those the copy holds. */
export async function copiedSummaries(db: Executor, shop: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db.select({ summary: storeShopOrders.summary }).from(storeShopOrders).where(and(eq(storeShopOrders.shop, shop), inArray(storeShopOrders.orderId, orderIds), eq(storeShopOrders.stale, false)));
  return rows.flatMap((r) => (r.summary ? [r.summary as unknown as ShopOrderSummary] : []));
}

/** One order as the copy holds it: its whole shape when it is of the copied version and not named by a webhook since, with its recipient. */
const copiedOrderReader = preparedPerDatabase((db) =>
  db
    .select({ detail: storeShopOrders.detail, detailVersion: storeShopOrders.detailVersion, version: storeShopOrders.version, recipient: storeShopOrders.recipient, stale: storeShopOrders.stale })
    .from(storeShopOrders)
    .where(and(eq(storeShopOrders.shop, sql.placeholder('shop')), eq(storeShopOrders.orderId, sql.placeholder('orderId'))))
    .prepare('store_copied_order_read'),
);

export async function copiedOrder(db: Executor, shop: string, orderId: string): Promise<{ order: ShopOrder; recipient: TShippingTo } | null> {
  const [row] = await copiedOrderReader(db).execute({ shop, orderId });
  if (!row || row.stale || !row.detail || !row.recipient || row.detailVersion !== row.version) return null;
  return { order: row.detail as unknown as ShopOrder, recipient: row.recipient };
}

/* ---- the shop's sync ---- */

export type ShopSync = typeof storeShopSyncs.$inferSelect;

const syncReader = preparedPerDatabase((db) => db.select().from(storeShopSyncs).where(eq(storeShopSyncs.shop, sql.placeholder('shop'))).prepare('store_shop_sync_read'));

/** The shop's sync row (every store list and order page reads it: a prepared statement). */
export async function syncOf(db: Executor, shop: string): Promise<ShopSync | null> {
  const [row] = await syncReader(db).execute({ shop });
  return row ?? null;
}

/** A shop connected for the first time (or again after its copy was erased) starts its backfill; one already synced keeps its copy. */
export async function startSync(db: Executor, shop: string) {
  await db.insert(storeShopSyncs).values({ shop }).onConflictDoNothing();
}

/** Takes the shop for one sync run (its lease), or answers null when another run holds it. */
export async function leaseShop(db: Executor, shop: string, ms: number) {
  const [row] = await db
    .update(storeShopSyncs)
    .set({ leaseUntil: sql`now() + ${`${ms} milliseconds`}::interval` })
    .where(and(eq(storeShopSyncs.shop, shop), sql`(${storeShopSyncs.leaseUntil} is null or ${storeShopSyncs.leaseUntil} < now())`))
    .returning();
  return row ?? null;
}

export async function updateSync(db: Executor, shop: string, values: Partial<Omit<ShopSync, 'shop'>>) {
  await db.update(storeShopSyncs).set(values).where(eq(storeShopSyncs.shop, shop));
}

/** The shop's copy erased (shop/redact, or the last account of the shop gone): its orders and its sync. */
export async function eraseCopy(db: Executor, shop: string) {
  await db.delete(storeShopOrders).where(eq(storeShopOrders.shop, shop));
  await db.delete(storeShopSyncs).where(eq(storeShopSyncs.shop, shop));
}
