import type { ShopifyAdapter } from '../../integrations/store/index.js';

/*
 * Reading a shop's orders through Admin GraphQL (issue 13): a page of orders by cursor with
 * Shopify's `query` filter, and one order with its line items and fulfillment orders. The answers
 * are mapped to the platform's own shapes: money in bani, weights in grams.
 */

type Money = { shopMoney: { amount: string; currencyCode: string } };
type Weight = { unit: 'GRAMS' | 'KILOGRAMS' | 'OUNCES' | 'POUNDS'; value: number };
type MailingAddress = { name: string | null; firstName: string | null; lastName: string | null; company: string | null; address1: string | null; address2: string | null; city: string | null; province: string | null; provinceCode: string | null; zip: string | null; countryCodeV2: string | null; phone: string | null };
type PageInfo = { hasNextPage: boolean; endCursor: string | null };

const ORDER_FIELDS = `id legacyResourceId name createdAt updatedAt cancelledAt closed displayFinancialStatus displayFulfillmentStatus paymentGatewayNames tags note email phone
  customer { id displayName email phone }
  shippingAddress { name firstName lastName company address1 address2 city province provinceCode zip countryCodeV2 phone }
  totalPriceSet { shopMoney { amount currencyCode } } totalWeight`;

export const ORDERS_QUERY = `query Orders($first: Int!, $after: String, $query: String, $reverse: Boolean) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: $reverse) { nodes { ${ORDER_FIELDS} currentSubtotalLineItemsQuantity fulfillmentOrders(first: 5) { nodes { id status assignedLocation { location { id } } fulfillmentHolds { reason reasonNotes } } } } edges { cursor } pageInfo { hasNextPage endCursor } }
}`;

/** The most orders one page query asks for (its cost stays under Shopify's 1,000 points). */
export const ORDERS_PAGE_MAX = 30;

export const ORDERS_COUNT_QUERY = `query OrdersCount($query: String) { ordersCount(query: $query, limit: 10000) { count precision } }`;

export const ORDER_QUERY = `query Order($id: ID!) {
  order(id: $id) {
    ${ORDER_FIELDS}
    lineItems(first: 50) { nodes { id name sku quantity currentQuantity variant { id } product { id } image { url } originalUnitPriceSet { shopMoney { amount currencyCode } } } }
    fulfillmentOrders(first: 5) { nodes {
      id status requestStatus fulfillAt updatedAt
      assignedLocation { name location { id } }
      lineItems(first: 30) { nodes { id totalQuantity remainingQuantity sku weight { unit value } lineItem { id sku name } } }
      fulfillmentHolds { id reason reasonNotes handle }
      supportedActions { action }
      locationsForMove(first: 5) { nodes { location { id name } movable message } }
    } }
  }
}`;

type OrderNode = {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  closed: boolean;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  paymentGatewayNames: string[];
  tags: string[];
  note: string | null;
  email: string | null;
  phone: string | null;
  customer: { id: string; displayName: string; email: string | null; phone: string | null } | null;
  shippingAddress: MailingAddress | null;
  totalPriceSet: Money;
  totalWeight: string | null;
  /** The page query reads the quantity still on the order (the list's product count). */
  currentSubtotalLineItemsQuantity?: number;
  /** The page query reads each fulfillment order's status and holds (an order on hold needs intervention, issue 24). */
  fulfillmentOrders?: { nodes: { id?: string; status: string; assignedLocation?: { location: { id: string } | null }; fulfillmentHolds: { reason: string; reasonNotes: string | null }[] }[] };
};
type FulfillmentOrderNode = {
  id: string;
  status: string;
  requestStatus: string;
  fulfillAt: string | null;
  updatedAt: string;
  assignedLocation: { name: string; location: { id: string } | null };
  lineItems: { nodes: { id: string; totalQuantity: number; remainingQuantity: number; sku: string | null; weight: Weight | null; lineItem: { id: string; sku: string | null; name: string } }[] };
  fulfillmentHolds: { id: string; reason: string; reasonNotes: string | null; handle: string | null }[];
  supportedActions: { action: string }[];
  /** Where it can move (a shop that answers without the field reads as none). */
  locationsForMove?: { nodes: { location: { id: string; name: string }; movable: boolean; message: string | null }[] } | null;
};
type FullOrderNode = Omit<OrderNode, 'currentSubtotalLineItemsQuantity'> & {
  lineItems: { nodes: { id: string; name: string; sku: string | null; quantity: number; currentQuantity: number; variant: { id: string } | null; product: { id: string } | null; image: { url: string } | null; originalUnitPriceSet: Money }[] };
  fulfillmentOrders: { nodes: FulfillmentOrderNode[] };
};

/** Shopify's decimal amount ('39.90') in bani, without floating-point drift. */
export function toBani(amount: string) {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?/.exec(amount.trim());
  if (!m) return 0;
  const bani = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -bani : bani;
}

const GRAMS_PER: Record<Weight['unit'], number> = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 };
export const toGrams = (w: Weight | null) => (w ? Math.round(w.value * GRAMS_PER[w.unit]) : null);

/** Cash on delivery: Shopify's manual payment method of that name (the order stays pending until paid). */
export const isCashOnDelivery = (gateways: string[]) => gateways.some((g) => /cash on delivery|\bcod\b|ramburs/i.test(g));

/** The order's summary; `itemsQuantity` the quantity still on it (each query reads it its own way). */
const summary = (o: Omit<OrderNode, 'currentSubtotalLineItemsQuantity'>, itemsQuantity: number | null) => ({
  id: o.id,
  number: o.legacyResourceId,
  name: o.name,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  cancelledAt: o.cancelledAt,
  closed: o.closed,
  financialStatus: o.displayFinancialStatus,
  fulfillmentStatus: o.displayFulfillmentStatus,
  paymentGateways: o.paymentGatewayNames,
  cashOnDelivery: isCashOnDelivery(o.paymentGatewayNames),
  tags: o.tags,
  note: o.note,
  email: o.email,
  phone: o.phone,
  customer: o.customer,
  shippingAddress: o.shippingAddress,
  totalBani: toBani(o.totalPriceSet.shopMoney.amount),
  currency: o.totalPriceSet.shopMoney.currencyCode,
  totalWeightGrams: o.totalWeight === null ? null : Number(o.totalWeight),
  itemsQuantity,
  /** The holds of its fulfillment orders on hold (Shopify's fulfillmentHolds): the order is not ready while any is held. */
  /** The locations of its fulfillment orders not closed (Shopify's fulfillment_location_id filter; the copy's warehouse filter). */
  /** Its fulfillment orders (a write of ours to one marks the order in the copy). */
  fulfillmentOrderIds: (o.fulfillmentOrders?.nodes ?? []).flatMap((fo) => (fo.id ? [fo.id] : [])),
  openLocationIds: [...new Set((o.fulfillmentOrders?.nodes ?? []).flatMap((fo) => (fo.status !== 'CLOSED' && fo.assignedLocation?.location ? [fo.assignedLocation.location.id] : [])))],
  holds: (o.fulfillmentOrders?.nodes ?? []).filter((fo) => fo.status === 'ON_HOLD').flatMap((fo) => (fo.fulfillmentHolds.length ? fo.fulfillmentHolds : [{ reason: 'OTHER', reasonNotes: null }]).map((h) => ({ reason: h.reason, reasonNotes: h.reasonNotes }))),
});
export type ShopOrderSummary = ReturnType<typeof summary>;

const fulfillmentOrder = (fo: FulfillmentOrderNode) => ({
  id: fo.id,
  status: fo.status,
  requestStatus: fo.requestStatus,
  fulfillAt: fo.fulfillAt,
  updatedAt: fo.updatedAt,
  location: { id: fo.assignedLocation.location?.id ?? null, name: fo.assignedLocation.name },
  lineItems: fo.lineItems.nodes.map((l) => ({ id: l.id, lineItemId: l.lineItem.id, name: l.lineItem.name, sku: l.sku ?? l.lineItem.sku, totalQuantity: l.totalQuantity, remainingQuantity: l.remainingQuantity, weightGrams: toGrams(l.weight) })),
  holds: fo.fulfillmentHolds.map((h) => ({ id: h.id, reason: h.reason, reasonNotes: h.reasonNotes, handle: h.handle })),
  supportedActions: fo.supportedActions.map((a) => a.action),
  locationsForMove: (fo.locationsForMove?.nodes ?? []).map((n) => ({ id: n.location.id, name: n.location.name, movable: n.movable, message: n.message })),
});
export type ShopFulfillmentOrder = ReturnType<typeof fulfillmentOrder>;

const fullOrder = (o: FullOrderNode) => ({
  ...summary(o, o.lineItems.nodes.reduce((n, l) => n + l.currentQuantity, 0)),
  lineItems: o.lineItems.nodes.map((l) => ({ id: l.id, name: l.name, sku: l.sku, quantity: l.quantity, currentQuantity: l.currentQuantity, variantId: l.variant?.id ?? null, productId: l.product?.id ?? null, imageUrl: l.image?.url ?? null, unitPriceBani: toBani(l.originalUnitPriceSet.shopMoney.amount) })),
  fulfillmentOrders: o.fulfillmentOrders.nodes.map(fulfillmentOrder),
});
export type ShopOrder = ReturnType<typeof fullOrder>;

/** `reverse` false answers the oldest first (Shopify's default); newest first otherwise. */
export type OrdersPageInput = { first?: number; after?: string | null; query?: string | null; reverse?: boolean };

/** The shop's order reads, on the app's GraphQL client (which waits out the shop's throttle). */
export function shopOrders(app: Pick<ShopifyAdapter, 'graphql'>) {
  return {
    /** A page of orders, newest first: `after` is the previous page's endCursor, `query` Shopify's search syntax. */
    async page(shop: string, accessToken: string, input: OrdersPageInput = {}, call?: { throttleRetries?: number }) {
      // At most 30 a page: Shopify refuses a query above 1,000 points (each order with its fulfillment orders, their locations and holds costs about 27).
      const first = Math.min(ORDERS_PAGE_MAX, Math.max(1, input.first ?? ORDERS_PAGE_MAX));
      const answer = await app.graphql<{ orders: { nodes: OrderNode[]; edges: { cursor: string }[]; pageInfo: PageInfo } }>(shop, accessToken, ORDERS_QUERY, { first, after: input.after ?? null, query: input.query ?? null, reverse: input.reverse ?? true }, call);
      // Each order's own cursor (issue 24): a list that keeps some orders of a page goes on right after the last one it used.
      return { orders: answer.data.orders.nodes.map((o) => summary(o, o.currentSubtotalLineItemsQuantity ?? null)), cursors: answer.data.orders.edges.map((e) => e.cursor), pageInfo: answer.data.orders.pageInfo };
    },

    /** How many orders the query keeps (Shopify's ordersCount, at most 10,000). */
    async count(shop: string, accessToken: string, query: string) {
      const answer = await app.graphql<{ ordersCount: { count: number } | null }>(shop, accessToken, ORDERS_COUNT_QUERY, { query });
      return answer.data.ordersCount?.count ?? null;
    },

    /** One order (by its global id) with its line items and fulfillment orders, or null when the shop has none of that id. */
    async one(shop: string, accessToken: string, orderId: string, call?: { throttleRetries?: number }): Promise<ShopOrder | null> {
      const answer = await app.graphql<{ order: FullOrderNode | null }>(shop, accessToken, ORDER_QUERY, { id: orderId }, call);
      return answer.data.order ? fullOrder(answer.data.order) : null;
    },
  };
}
