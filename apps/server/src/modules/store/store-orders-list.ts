import { STORE_LIST_PAGE_SIZE, type TStoreListOrder, type TStoreOrdersFilterParsed } from '@colete/contract';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments } from '../../db/schema.js';
import { flagsForPage, type OrderCheck } from './store-order-checks.js';
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
  readPage: (input: OrdersPageInput) => Promise<{ orders: ShopOrderSummary[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }>;
  flagsOf: (order: ShopOrderSummary) => Promise<OrderCheck>;
};

export async function awaitingPage(deps: ListDeps & { storeAccountId: number }, filter: ListFilter, extraQuery?: string) {
  // The cursor is the shop's own; `page` (1-based, one a fetch) places the rows in the whole list.
  const seen = (filter.page - 1) * STORE_LIST_PAGE_SIZE.AWAITING_ACTIVATION;
  const query = extraQuery ? `${AWAITING_QUERY} ${extraQuery}` : AWAITING_QUERY;
  const { orders, pageInfo } = await deps.readPage({ first: STORE_LIST_PAGE_SIZE.AWAITING_ACTIVATION, after: filter.endCursor, query, reverse: !filter.reversed });
  const flags = await flagsForPage(deps.db, deps.storeAccountId, orders, deps.flagsOf);
  const list: TStoreListOrder[] = orders.map((o, k) => ({
    shopifyGraphQLId: o.id,
    orderDisplayName: o.name,
    createdAt: o.createdAt,
    customer: { displayName: o.customer?.displayName ?? o.shippingAddress?.name ?? null },
    price: { total: o.totalBani, fromCurrency: o.currency },
    payment: { hasCashOnDelivery: o.cashOnDelivery, status: o.financialStatus },
    fulfillment: { status: o.fulfillmentStatus },
    items: { quantity: o.itemsQuantity ?? 0 },
    tags: o.tags,
    position: seen + k,
    status: flags.get(o.id)!,
    shipmentUniqueId: null,
  }));
  return { list, pageInfo: { count: seen + list.length, endCursor: pageInfo.endCursor, hasNextPage: pageInfo.hasNextPage } };
}

/** The platform tabs: the store's shipments in those statuses, created within the interval, one query with the total. */
export async function platformPage(db: Executor, owner: { userId: number; storeAccountId: number }, filter: ListFilter) {
  const type = filter.type as keyof typeof PLATFORM_STATUSES;
  const size = STORE_LIST_PAGE_SIZE[type];
  const offset = (filter.page - 1) * size;
  const where = [eq(shipments.userId, owner.userId), eq(shipments.storeAccountId, owner.storeAccountId), inArray(shipments.status, [...PLATFORM_STATUSES[type]])];
  if (filter.interval.start) where.push(gte(shipments.createdAt, new Date(filter.interval.start)));
  if (filter.interval.end) where.push(lte(shipments.createdAt, new Date(filter.interval.end)));
  const order = filter.reversed ? [asc(shipments.createdAt), asc(shipments.id)] : [desc(shipments.createdAt), desc(shipments.id)];
  const rows = await db
    .select({
      uniqueId: shipments.uniqueId,
      storeOrderId: shipments.storeOrderId,
      storeOrderName: shipments.storeOrderName,
      createdAt: shipments.createdAt,
      recipient: shipments.recipient,
      priceBani: shipments.priceBani,
      options: shipments.options,
      status: shipments.status,
      parcelCount: shipments.parcelCount,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(shipments)
    .where(and(...where))
    .orderBy(...order)
    .limit(size)
    .offset(offset);
  const count = rows[0]?.total ?? (offset > 0 ? await countOnly(db, where) : 0);
  const list: TStoreListOrder[] = rows.map((r, k) => ({
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
  }));
  return { list, pageInfo: { count, endCursor: null, hasNextPage: offset + list.length < count } };
}

/** A page past the end has no rows to carry the total: counted on its own then (rare). */
async function countOnly(db: Executor, where: Parameters<typeof and>) {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(shipments).where(and(...where));
  return row?.n ?? 0;
}

