/**
 * The simulated shop as it is now: its generated orders (simulator-orders.ts) with the changes
 * stored over them (orders added later, fulfillment orders moved, held, released or fulfilled).
 * A read merges the two: a page asks the database once for its orders' changes, not once an order.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shopifySimFulfillmentOrders, shopifySimOrders, shopifySimWebhooks } from '../../db/schema/shopify-sim.js';
import { filterOrders, page } from './simulator-graphql.js';
import { generatedCount, orderAt, orderNodes, type SimOrder } from './simulator-orders.js';

export type SimFulfillmentOrder = SimOrder['fulfillmentOrders']['nodes'][number] & { fulfillments?: SimFulfillment[] };
export type SimFulfillment = { id: string; name: string; status: string; createdAt: string; updatedAt: string; trackingInfo: { company: string | null; number: string | null; url: string | null }[]; fulfillmentLineItems: { nodes: { id: string; quantity: number; lineItem: { id: string } }[] };
  /** fulfillmentEventCreate's events (the courier's later statuses) and the last one's status. */
  displayStatus?: string;
  events?: { id: string; status: string; message: string | null; happenedAt: string }[];
};
type ChangeRow = { orderId: string; fulfillmentOrderId: string; fulfillmentOrder: unknown };

/** The order number in an order's or a fulfillment order's global id (a fulfillment order's id is its order's number * 10 + k). */
export const orderNumberOf = (orderId: string) => Number(/\/Order\/(\d+)$/.exec(orderId)?.[1] ?? NaN);
export const orderIdOfFulfillmentOrder = (foId: string) => {
  const m = /\/FulfillmentOrder\/(\d+)$/.exec(foId);
  return m ? `gid://shopify/Order/${Math.floor(Number(m[1]) / 10)}` : null;
};

/** What the order's fulfillment status is, from its fulfillment orders (as Shopify derives it). */
function fulfillmentStatusOf(order: SimOrder, fos: SimFulfillmentOrder[]) {
  if (order.cancelledAt) return order.displayFulfillmentStatus;
  const lines = fos.flatMap((fo) => fo.lineItems.nodes);
  const total = lines.reduce((s, l) => s + l.totalQuantity, 0);
  const remaining = lines.reduce((s, l) => s + l.remainingQuantity, 0);
  if (total > 0 && remaining === 0) return 'FULFILLED';
  if (remaining < total) return 'PARTIALLY_FULFILLED';
  if (fos.some((fo) => fo.status === 'ON_HOLD')) return 'ON_HOLD';
  return 'UNFULFILLED';
}

/** The order with its stored changes: fulfillment orders replaced (or added by a partial move), line items' unfulfilled quantities, fulfillments. */
export function mergeOrder(order: SimOrder, rows: ChangeRow[]): SimOrder {
  if (!rows.length) return order;
  const changed = new Map(rows.map((r) => [r.fulfillmentOrderId, r.fulfillmentOrder as SimFulfillmentOrder]));
  const fos: SimFulfillmentOrder[] = order.fulfillmentOrders.nodes.map((fo) => changed.get(fo.id) ?? fo);
  for (const [id, fo] of changed) if (!fos.some((x) => x.id === id)) fos.push(fo);
  const remainingByLine = new Map<string, number>();
  for (const l of fos.flatMap((fo) => fo.lineItems.nodes)) remainingByLine.set(l.lineItem.id, (remainingByLine.get(l.lineItem.id) ?? 0) + l.remainingQuantity);
  const updatedAt = fos.reduce((latest, fo) => (fo.updatedAt > latest ? fo.updatedAt : latest), order.updatedAt);
  return {
    ...order,
    updatedAt,
    displayFulfillmentStatus: fulfillmentStatusOf(order, fos),
    lineItems: { ...order.lineItems, nodes: order.lineItems.nodes.map((l) => ({ ...l, unfulfilledQuantity: remainingByLine.get(l.id) ?? l.unfulfilledQuantity })) },
    fulfillmentOrders: { ...order.fulfillmentOrders, nodes: fos },
    fulfillments: fos.flatMap((fo) => fo.fulfillments ?? []),
  };
}

/** The stored changes of these orders (one query), by order id. */
async function changesOf(db: Executor, shop: string, orderIds: string[] | 'all') {
  if (orderIds !== 'all' && !orderIds.length) return new Map<string, ChangeRow[]>();
  const where = orderIds === 'all' ? eq(shopifySimFulfillmentOrders.shop, shop) : and(eq(shopifySimFulfillmentOrders.shop, shop), inArray(shopifySimFulfillmentOrders.orderId, orderIds));
  const rows = await db
    .select({ orderId: shopifySimFulfillmentOrders.orderId, fulfillmentOrderId: shopifySimFulfillmentOrders.fulfillmentOrderId, fulfillmentOrder: shopifySimFulfillmentOrders.fulfillmentOrder })
    .from(shopifySimFulfillmentOrders)
    .where(where)
    .orderBy(shopifySimFulfillmentOrders.fulfillmentOrderId);
  const by = new Map<string, ChangeRow[]>();
  for (const r of rows) by.set(r.orderId, [...(by.get(r.orderId) ?? []), r]);
  return by;
}

/**
 * The shop's stored orders: those added after the generated ones (newest first) and the generated
 * ones stored again because the order itself changed (cancelled), by number.
 */
export async function storedOrders(db: Executor, shop: string) {
  const rows = await db.select({ number: shopifySimOrders.number, order: shopifySimOrders.order }).from(shopifySimOrders).where(eq(shopifySimOrders.shop, shop)).orderBy(desc(shopifySimOrders.number));
  const n = generatedCount(shop);
  return { added: rows.filter((r) => r.number > 1000 + n).map((r) => r.order as SimOrder), replaced: new Map(rows.filter((r) => r.number <= 1000 + n).map((r) => [(r.order as SimOrder).id, r.order as SimOrder])) };
}

/** One order of the shop as it is now, or null. */
export async function currentOrder(db: Executor, shop: string, orderId: string): Promise<SimOrder | null> {
  const number = orderNumberOf(orderId);
  if (!Number.isFinite(number)) return null;
  // The stored order (if any) and its changes in one query.
  const f = shopifySimFulfillmentOrders;
  const result = (await db.execute(sql`select
      (select ${shopifySimOrders.order} from ${shopifySimOrders} where ${shopifySimOrders.shop} = ${shop} and ${shopifySimOrders.number} = ${number}) as "order",
      (select json_agg(json_build_object('orderId', ${f.orderId}, 'fulfillmentOrderId', ${f.fulfillmentOrderId}, 'fulfillmentOrder', ${f.fulfillmentOrder}) order by ${f.fulfillmentOrderId})
         from ${f} where ${f.shop} = ${shop} and ${f.orderId} = ${orderId}) as "changes"`)) as unknown as { rows: { order: SimOrder | null; changes: ChangeRow[] | null }[] };
  const row = result.rows[0];
  const order = row?.order ?? orderAt(shop, number - 1001) ?? null;
  if (!order) return null;
  return mergeOrder(order, row?.changes ?? []);
}

/** Stores the order itself again (a generated one that changed, e.g. cancelled, or an added one). */
export async function replaceOrder(db: Executor, shop: string, order: SimOrder) {
  const number = orderNumberOf(order.id);
  await db.insert(shopifySimOrders).values({ shop, number, order }).onConflictDoUpdate({ target: [shopifySimOrders.shop, shopifySimOrders.number], set: { order } });
}

/** One fulfillment order as it is now, with its order; null when the shop has none of that id. */
export async function currentFulfillmentOrder(db: Executor, shop: string, foId: string) {
  const orderId = orderIdOfFulfillmentOrder(foId);
  const order = orderId ? await currentOrder(db, shop, orderId) : null;
  const fo = order?.fulfillmentOrders.nodes.find((x) => x.id === foId) as SimFulfillmentOrder | undefined;
  return order && fo ? { order, fo } : null;
}

/** Stores a fulfillment order's new state (it replaces the generated one, or adds one). */
export async function saveFulfillmentOrder(db: Executor, shop: string, fo: SimFulfillmentOrder) {
  const values = { shop, fulfillmentOrderId: fo.id, orderId: fo.orderId, fulfillmentOrder: fo, updatedAt: new Date() };
  await db
    .insert(shopifySimFulfillmentOrders)
    .values(values)
    .onConflictDoUpdate({ target: [shopifySimFulfillmentOrders.shop, shopifySimFulfillmentOrders.fulfillmentOrderId], set: { fulfillmentOrder: fo, updatedAt: values.updatedAt } });
}

/** Adds an order after the shop's last one (its number is the next free). */
export async function insertOrder(db: Executor, shop: string, make: (number: number) => SimOrder) {
  const [last] = await db.select({ max: sql<number | null>`max(${shopifySimOrders.number})` }).from(shopifySimOrders).where(eq(shopifySimOrders.shop, shop));
  const number = Math.max(last?.max ?? 0, 1000 + generatedCount(shop)) + 1;
  const order = make(number);
  await db.insert(shopifySimOrders).values({ shop, number, order });
  return order;
}

/** A lazy list (length and slice) over the shop's orders, oldest first: the added ones after the generated ones. */
function lazyOrders(shop: string, added: SimOrder[], reverse: boolean) {
  const n = generatedCount(shop);
  const length = n + added.length;
  const at = (k: number) => (k < n ? orderAt(shop, k)! : added[added.length - 1 - (k - n)]!);
  const get = (k: number) => at(reverse ? length - 1 - k : k);
  return { length, slice: (from: number, to: number) => Array.from({ length: Math.max(0, Math.min(to, length) - from) }, (_, j) => get(from + j)) } as unknown as SimOrder[];
}

/** Filters that read what the changes alter: every changed order is merged before filtering. */
const READS_CHANGES = /\b(fulfillment_status|status|updated_at|fulfillment_location_id):/;

const numberOf = (o: SimOrder) => Number(o.legacyResourceId);

/** Two lists of orders sorted by number, as one. */
function mergeByNumber(a: SimOrder[], b: SimOrder[]) {
  const out: SimOrder[] = [];
  let j = 0;
  for (const o of a) {
    while (j < b.length && numberOf(b[j]!) < numberOf(o)) out.push(b[j++]!);
    out.push(o);
  }
  return out.concat(b.slice(j));
}

/**
 * The generated orders a filter keeps, oldest first (and newest first when asked), remembered per
 * shop, day and query: the generated orders never change (stored orders and changes are put over
 * them on every read, so nothing stored is hidden).
 */
const filteredMemo = new WeakMap<SimOrder[], Map<string, { oldestFirst: SimOrder[]; newest?: SimOrder[] }>>();
function filteredGenerated(shop: string, query: string) {
  const all = orderNodes(shop);
  let byQuery = filteredMemo.get(all);
  if (!byQuery) filteredMemo.set(all, (byQuery = new Map()));
  let hit = byQuery.get(query);
  if (!hit) {
    if (byQuery.size >= 64) byQuery.clear();
    hit = { oldestFirst: filterOrders([...all].reverse(), query) };
    byQuery.set(query, hit);
  }
  const memo = hit;
  return { oldestFirst: memo.oldestFirst, newestFirst: () => (memo.newest ??= [...memo.oldestFirst].reverse()) };
}

/**
 * A page of the shop's orders (Shopify's order: by id, `reverse` for the newest first) with the
 * `query` filter. Without a filter the generated orders are built only for the page; the page's
 * changes are read in one query.
 */
export async function ordersPage(db: Executor, shop: string, args: { first: number; after: unknown; query: unknown; reverse: boolean }) {
  const { added, replaced } = await storedOrders(db, shop);
  const current = (o: SimOrder) => replaced.get(o.id) ?? o;
  if (typeof args.query !== 'string' || !args.query.trim()) {
    const lazy = page(lazyOrders(shop, added, args.reverse), args.first, args.after);
    if (!lazy) return null;
    const result = { ...lazy, nodes: lazy.nodes.map(current) };
    const changes = await changesOf(db, shop, result.nodes.map((o) => o.id));
    const merged = result.nodes.map((o) => mergeOrder(o, changes.get(o.id) ?? []));
    return { ...result, nodes: merged, edges: result.edges.map((e, k) => ({ ...e, node: merged[k]! })) };
  }
  let changes: Map<string, ChangeRow[]> | null = null;
  if (READS_CHANGES.test(args.query)) changes = await changesOf(db, shop, 'all');
  const now = (o: SimOrder) => (changes ? mergeOrder(o, changes.get(o.id) ?? []) : o);
  // The generated orders the filter keeps (remembered), with the stored orders and changes put over them.
  const base = filteredGenerated(shop, args.query);
  const n = generatedCount(shop);
  const touched = [...new Set([...replaced.keys(), ...(changes?.keys() ?? [])])].map(orderNumberOf).filter((k) => k > 1000 && k <= 1000 + n);
  const addedNow = filterOrders([...added].reverse().map(now), args.query);
  let filtered: SimOrder[];
  if (!touched.length && !addedNow.length) filtered = args.reverse ? base.newestFirst() : base.oldestFirst;
  else {
    const numbers = new Set(touched);
    const touchedNow = filterOrders(touched.sort((a, b) => a - b).map((k) => now(current(orderAt(shop, k - 1001)!))), args.query);
    const oldestFirst = mergeByNumber(base.oldestFirst.filter((o) => !numbers.has(numberOf(o))), touchedNow).concat(addedNow);
    filtered = args.reverse ? oldestFirst.reverse() : oldestFirst;
  }
  const result = page(filtered, args.first, args.after);
  if (!result || changes) return result;
  const pageChanges = await changesOf(db, shop, result.nodes.map((o) => o.id));
  const merged = result.nodes.map((o) => mergeOrder(o, pageChanges.get(o.id) ?? []));
  return { ...result, nodes: merged, edges: result.edges.map((e, k) => ({ ...e, node: merged[k]! })) };
}

/* ---- webhook subscriptions ---- */

/** The topics a subscription may name (Shopify's GraphQL enum; the ones the platform uses). */
export const SIM_WEBHOOK_TOPICS = ['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED', 'FULFILLMENT_ORDERS_MOVED', 'FULFILLMENT_ORDERS_PLACED_ON_HOLD', 'FULFILLMENT_ORDERS_HOLD_RELEASED', 'APP_UNINSTALLED'];

/** Subscribes the address to the topic; answers null when that address already has it (Shopify's 'has already been taken'). */
export async function subscribe(db: Executor, shop: string, topic: string, callbackUrl: string, id: string) {
  const rows = await db.insert(shopifySimWebhooks).values({ shop, topic, callbackUrl, id }).onConflictDoNothing().returning({ id: shopifySimWebhooks.id });
  return rows[0]?.id ?? null;
}

/** The addresses subscribed to a topic of the shop (REST name 'orders/create' or enum ORDERS_CREATE). */
export async function subscribers(db: Executor, shop: string, topic: string) {
  const rows = await db
    .select({ callbackUrl: shopifySimWebhooks.callbackUrl })
    .from(shopifySimWebhooks)
    .where(and(eq(shopifySimWebhooks.shop, shop), eq(shopifySimWebhooks.topic, topic.toUpperCase().replace(/\//g, '_'))));
  return rows.map((r) => r.callbackUrl);
}

/** The shops subscribed to a topic (the daily job adds orders to these). */
export async function subscribedShops(db: Executor, topic: string) {
  const rows = await db.selectDistinct({ shop: shopifySimWebhooks.shop }).from(shopifySimWebhooks).where(eq(shopifySimWebhooks.topic, topic));
  return rows.map((r) => r.shop);
}

/** Deletes one of the shop's subscriptions by its id: the id, or null when the shop has none of that id. */
export async function unsubscribe(db: Executor, shop: string, id: string) {
  const rows = await db.delete(shopifySimWebhooks).where(and(eq(shopifySimWebhooks.shop, shop), eq(shopifySimWebhooks.id, id))).returning({ id: shopifySimWebhooks.id });
  return rows[0]?.id ?? null;
}
