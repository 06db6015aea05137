import { STORE_LIST_PAGE_SIZE, type TStoreListOrder, type TStoreOrdersFilterFields, type TStoreOrdersFilterParsed } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { storeShipmentsPage, type StoreShipmentsOwner } from '../shipments/index.js';
import { copiedAwaitingPage } from './store-copy-queries.js';
import { flagsForPage, type OrderCheck, type OrderFlags } from './store-order-checks.js';
import { filtersOnPlatform, keepsOrder, orderNumberOf, shopTermsOf } from './store-orders-filter.js';
import type { OrdersPageInput, ShopOrderSummary } from './store-orders.js';

/*
 * The store orders list (issue 13, spec 002 sections 2.2, 4.5, 9). AWAITING_ACTIVATION reads the
 * shop: orders still to fulfil (open, not cancelled, unfulfilled, partly fulfilled or on hold), 10 a
 * page by cursor, each with its kept address and contact verdict. NOT_PICKED_UP and NOT_DELIVERED
 * read the platform's shipments made from that store, 25 a numbered page, in one query.
 */

/** Shopify's search syntax for "something is left to fulfil": open (not closed, not cancelled) and unfulfilled or partial. */
export const AWAITING_QUERY = 'status:open fulfillment_status:unfulfilled';
const PLATFORM_STATUSES = {
  NOT_PICKED_UP: ['created', 'activating'],
  NOT_DELIVERED: ['picked_up', 'in_transit', 'out_for_delivery'],
} as const;

export type ListFilter = TStoreOrdersFilterParsed;

export type ListDeps = {
  db: Executor;
  readPage: (input: OrdersPageInput) => Promise<{ orders: ShopOrderSummary[]; cursors: string[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }>;
  flagsOf: (order: ShopOrderSummary) => Promise<OrderCheck>;
};
type AwaitingDeps = ListDeps & { storeAccountId: number };

/** How many orders a read takes when the platform filters them, and how many reads one answer may make (then it answers what it kept, with its cursor). */
const FILTERED_READ = 25;
const FILTERED_READS = 8;

/** An order with a fulfillment order on hold needs intervention whatever its address (issue 24): the hold's reason is shown. */
const statusOf = (flags: OrderFlags, hold: { reason: string; reasonNotes: string | null } | null) => ({ ...flags, readyForActivation: flags.readyForActivation && !hold, hold });

const rowOf = (o: ShopOrderSummary, flags: OrderFlags, position: number): TStoreListOrder => ({
  shopifyGraphQLId: o.id,
  orderDisplayName: o.name,
  createdAt: o.createdAt,
  customer: { displayName: o.customer?.displayName ?? o.shippingAddress?.name ?? null },
  price: { total: o.totalBani, fromCurrency: o.currency },
  payment: { hasCashOnDelivery: o.cashOnDelivery, status: o.financialStatus },
  fulfillment: { status: o.fulfillmentStatus },
  items: { quantity: o.itemsQuantity ?? 0 },
  tags: o.tags,
  position,
  status: statusOf(flags, o.holds[0] ?? null),
  shipmentUniqueId: null,
});

/**
 * The awaiting orders from `after` on that match the filters, at most `size`: the shop filters its
 * part; the platform's part (verdict, cash on delivery) is applied to each order read, and the answer
 * goes on from the cursor of the last order it looked at.
 */
async function readMatching(deps: AwaitingDeps, filter: ListFilter, query: string, after: string | null, size: number, maxReads: number) {
  const kept: { order: ShopOrderSummary; flags: OrderFlags }[] = [];
  const platform = filtersOnPlatform(filter);
  let cursor = after;
  let hasNextPage = true;
  for (let reads = 0; reads < maxReads && hasNextPage && kept.length < size; reads++) {
    const first = Math.min(250, platform ? Math.max(FILTERED_READ, size) : size - kept.length);
    const answer = await deps.readPage({ first, after: cursor, query, reverse: !filter.reversed });
    const flags = await flagsForPage(deps.db, deps.storeAccountId, answer.orders, deps.flagsOf);
    let used = 0;
    for (const order of answer.orders) {
      if (kept.length === size) break;
      used += 1;
      const status = statusOf(flags.get(order.id)!, order.holds[0] ?? null);
      if (keepsOrder(filter, order, status)) kept.push({ order, flags: flags.get(order.id)! });
    }
    const whole = used === answer.orders.length;
    cursor = whole ? (answer.pageInfo.endCursor ?? cursor) : (answer.cursors[used - 1] ?? cursor);
    hasNextPage = whole ? answer.pageInfo.hasNextPage : true;
  }
  return { kept, endCursor: cursor, hasNextPage };
}

const awaitingQuery = (filter: ListFilter, extraQuery?: string) => [AWAITING_QUERY, ...shopTermsOf(filter), ...(extraQuery ? [extraQuery] : [])].join(' ');

export async function awaitingPage(deps: AwaitingDeps, filter: ListFilter, extraQuery?: string) {
  // The cursor is the shop's own; `page` (1-based, one a fetch) places the rows in the whole list.
  const size = STORE_LIST_PAGE_SIZE.AWAITING_ACTIVATION;
  const seen = (filter.page - 1) * size;
  const { kept, endCursor, hasNextPage } = await readMatching(deps, filter, awaitingQuery(filter, extraQuery), filter.endCursor, size, FILTERED_READS);
  const list = kept.map(({ order, flags }, k) => rowOf(order, flags, seen + k));
  return { list, pageInfo: { count: seen + list.length, endCursor, hasNextPage } };
}

/**
 * The awaiting tab from the store's copy of the shop (issue 28 §4): one indexed query with every
 * filter, keyset by creation and number (the cursor is the copy's own); one row more than the page
 * tells whether another page follows.
 */
export async function copiedAwaiting(db: Executor, shop: string, filter: ListFilter) {
  const size = STORE_LIST_PAGE_SIZE.AWAITING_ACTIVATION;
  const seen = (filter.page - 1) * size;
  const rows = await copiedAwaitingPage(db, shop, filter, filter.endCursor, size + 1);
  const page = rows.slice(0, size);
  const list = page.map((r, k) => rowOf(r.summary, r.flags, seen + k));
  return { list, pageInfo: { count: seen + list.length, endCursor: page.at(-1)?.cursor ?? filter.endCursor, hasNextPage: rows.length > size } };
}

/** 'Select all N matching' from the copy: every awaiting order the filters keep (newest first), at most `limit`. */
export async function copiedMatching(db: Executor, shop: string, filter: TStoreOrdersFilterFields, limit: number) {
  const rows = await copiedAwaitingPage(db, shop, filter, null, limit + 1);
  return { orders: rows.slice(0, limit).map((r) => ({ shopifyGraphQLId: r.summary.id, orderDisplayName: r.summary.name })), more: rows.length > limit };
}

/**
 * Issue 24, 'select all N matching': every awaiting order matching the filters (newest first), at
 * most `limit`; `more` when the shop has others beyond.
 */
export async function matchingOrders(deps: AwaitingDeps, filter: TStoreOrdersFilterFields, limit: number) {
  const all: ListFilter = { ...filter, type: 'AWAITING_ACTIVATION', interval: { start: null, end: null }, page: 1, reversed: false, endCursor: null };
  const { kept } = await readMatching(deps, all, awaitingQuery(all), null, limit + 1, Infinity);
  return { orders: kept.slice(0, limit).map(({ order }) => ({ shopifyGraphQLId: order.id, orderDisplayName: order.name })), more: kept.length > limit };
}

/** The platform tabs: the store's shipments in those statuses, created within the interval, one query with the total (shipments' index). */
export async function platformPage(db: Executor, owner: StoreShipmentsOwner, filter: ListFilter, readOrders?: (ids: string[]) => Promise<ShopOrderSummary[]>) {
  const type = filter.type as keyof typeof PLATFORM_STATUSES;
  const size = STORE_LIST_PAGE_SIZE[type];
  const offset = (filter.page - 1) * size;
  // Issue 24: the order number (its name), or the recipient's name; cash on delivery or not.
  const search = filter.search?.trim();
  const number = search ? orderNumberOf(search) : null;
  const { rows, count } = await storeShipmentsPage(
    db,
    owner,
    PLATFORM_STATUSES[type],
    {
      createdFrom: filter.interval.start ? new Date(filter.interval.start) : null,
      createdTo: filter.interval.end ? new Date(filter.interval.end) : null,
      ...(search ? (number ? { orderName: `#${number}` } : { recipientName: search }) : {}),
      cashOnDelivery: filter.cashOnDelivery,
      reversed: filter.reversed,
    },
    { limit: size, offset },
  );
  // Issue 24: the orders' own columns (total, payment, fulfillment, products, tags) as the shop has them, in one read; a shop that cannot answer leaves the shipment's.
  const ids = [...new Set(rows.flatMap((r) => (r.storeOrderId ? [r.storeOrderId] : [])))];
  const shop = new Map((ids.length && readOrders ? await readOrders(ids).catch(() => []) : []).map((o) => [o.id, o]));
  const list: TStoreListOrder[] = rows.map((r, k) => {
    const order = r.storeOrderId ? shop.get(r.storeOrderId) : undefined;
    const shipment = { uniqueId: r.uniqueId, awb: r.awb, status: r.status };
    if (order) return { ...rowOf(order, { needsAddressFix: false, needsContactFix: false, readyForActivation: false }, offset + k), shipmentUniqueId: r.uniqueId, shipment };
    return {
    shipment,
    shopifyGraphQLId: r.storeOrderId ?? '',
    orderDisplayName: r.storeOrderName ?? r.uniqueId,
    createdAt: r.createdAt.toISOString(),
    customer: { displayName: r.recipient.contactName ?? null },
    price: { total: r.priceBani ?? 0, fromCurrency: 'RON' },
    payment: { hasCashOnDelivery: (r.options.codBani ?? 0) > 0, status: null },
    fulfillment: { status: r.status },
    items: { quantity: r.parcelCount },
    tags: [],
    position: offset + k,
    status: { needsAddressFix: false, needsContactFix: false, readyForActivation: false },
    shipmentUniqueId: r.uniqueId,
    };
  });
  return { list, pageInfo: { count, endCursor: null, hasNextPage: offset + list.length < count } };
}
