/**
 * The simulator's Admin GraphQL schema (simulator-schema.ts) with its resolvers over the simulated
 * shop (generated data, stored changes): graphql-js answers only what a query selects, reads inline
 * arguments and variables alike, and refuses unknown fields, bad values and missing scopes with
 * Shopify's errors. Connections page their nodes by `first`/`after` (and `last`, `reverse`).
 */
import { buildSchema, GraphQLError, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { Db } from '../../db/client.js';
import { PLATFORM_TIME_ZONE } from '../../lib/dates.js';
import { page, shopLocationNodes } from './simulator-graphql.js';
import { FULFILLMENT_MUTATIONS, locationsForMove } from './simulator-mutations.js';
import { SIM_SCHEMA_SDL } from './simulator-schema.js';
import { money, productNodes } from './simulator-shop-data.js';
import type { SimOrder } from './simulator-orders.js';
import { SIM_WEBHOOK_TOPICS, currentFulfillmentOrder, currentOrder, ordersPage, subscribe, unsubscribe, type SimFulfillmentOrder } from './simulator-state.js';
import type { WebhookEvent } from './simulator-webhooks.js';

export type SimContext = { db: Db; shop: string; granted: Set<string>; events: WebhookEvent[]; orders: Map<string, Promise<SimOrder | null>> };
type Args = Record<string, unknown>;
type Resolver = GraphQLFieldResolver<Record<string, unknown>, SimContext, Args>;

/** The scope each root field needs (Shopify answers ACCESS_DENIED without it). */
const FIELD_SCOPES: Record<string, string> = {
  locations: 'read_locations',
  location: 'read_locations',
  orders: 'read_orders',
  order: 'read_orders',
  ordersCount: 'read_orders',
  fulfillmentOrder: 'read_merchant_managed_fulfillment_orders',
  products: 'read_products',
  ...Object.fromEntries(Object.keys(FULFILLMENT_MUTATIONS).map((k) => [k, 'write_merchant_managed_fulfillment_orders'])),
};
const WEBHOOK_TOPICS = new Set(SIM_WEBHOOK_TOPICS);

function needScope(ctx: SimContext, field: string) {
  const scope = FIELD_SCOPES[field];
  if (!scope || ctx.granted.has(scope)) return;
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${scope}\` access scope.` },
  });
}
const gidOf = (value: unknown, type: string) => {
  if (typeof value === 'string' && new RegExp(`^gid://shopify/${type}/\\d+$`).test(value)) return value;
  throw new GraphQLError(`Invalid global id '${String(value)}'`, { extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' } });
};

/** A page of a list by Shopify's connection arguments. */
export function connectionOf<T>(all: T[], args: Args) {
  const first = typeof args.first === 'number' ? args.first : null;
  const last = typeof args.last === 'number' ? args.last : null;
  if (first === null && last === null) throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if ((first ?? last)! > 250) throw new GraphQLError('The maximum page size is 250.', { extensions: { code: 'BAD_REQUEST' } });
  const ordered = args.reverse === true ? [...all].reverse() : all;
  const result = first !== null ? page(ordered, first, args.after) : page(ordered.slice(Math.max(0, ordered.length - last!)), last!, null);
  if (!result) throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
  return result;
}
const nodesOf = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value : ((value as { nodes?: Record<string, unknown>[] } | null)?.nodes ?? []));

/** One order of the shop, read once a request. */
function orderOf(ctx: SimContext, orderId: string) {
  let hit = ctx.orders.get(orderId);
  if (!hit) ctx.orders.set(orderId, (hit = currentOrder(ctx.db, ctx.shop, orderId)));
  return hit;
}
/** A line item by id (its order's number is the id's hundreds). */
async function lineItemOf(ctx: SimContext, id: string, order?: SimOrder) {
  const number = Math.floor(Number(id.slice(id.lastIndexOf('/') + 1)) / 100);
  const o = order ?? (await orderOf(ctx, `gid://shopify/Order/${number}`));
  return o?.lineItems.nodes.find((l) => l.id === id) ?? null;
}
const products = () => productNodes().map(({ stockedAt: _s, ...p }) => p);
/** Where the generated shop's stock stands: a steady quantity a variant, from its SKU. */
const inventoryOf = (sku: string) => 5 + ([...sku].reduce((h, c) => h + c.charCodeAt(0), 0) % 40);
const withOrder = (fo: SimFulfillmentOrder, order: SimOrder | null) => ({ ...fo, __order: order });

const mutation =
  (name: keyof typeof FULFILLMENT_MUTATIONS): Resolver =>
  async (_src, args, ctx) => {
    needScope(ctx, name);
    const result = await ctx.db.transaction((tx) => FULFILLMENT_MUTATIONS[name](tx, ctx.shop, (arg) => args[arg]));
    ctx.events.push(...result.events);
    return result.data;
  };

const RESOLVERS: Record<string, Record<string, Resolver>> = {
  QueryRoot: {
    shop: (_s, _a, ctx) => {
      const name = ctx.shop.replace('.myshopify.com', '').split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
      const email = `contact@${ctx.shop}`;
      return { id: `gid://shopify/Shop/${ctx.shop.length}`, name, myshopifyDomain: ctx.shop, email, contactEmail: email, currencyCode: 'RON', ianaTimezone: PLATFORM_TIME_ZONE, plan: { displayName: 'Developer Preview', partnerDevelopment: true, shopifyPlus: false } };
    },
    locations: (_s, args, ctx) => (needScope(ctx, 'locations'), connectionOf(shopLocationNodes(ctx.shop), args)),
    location: (_s, args, ctx) => (needScope(ctx, 'location'), args.id == null ? shopLocationNodes(ctx.shop)[0] : (shopLocationNodes(ctx.shop).find((l) => l.id === gidOf(args.id, 'Location')) ?? null)),
    products: (_s, args, ctx) => (needScope(ctx, 'products'), connectionOf(products(), args)),
    orders: async (_s, args, ctx) => {
      needScope(ctx, 'orders');
      const first = typeof args.first === 'number' ? args.first : null;
      if (first === null) throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
      if (first > 250) throw new GraphQLError('The maximum page size is 250.', { extensions: { code: 'BAD_REQUEST' } });
      const result = await ordersPage(ctx.db, ctx.shop, { first, after: args.after, query: args.query, reverse: args.reverse === true });
      if (!result) throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
      return result;
    },
    order: (_s, args, ctx) => (needScope(ctx, 'order'), orderOf(ctx, gidOf(args.id, 'Order'))),
    /** Shopify's count of the orders a query keeps, at most `limit` (then AT_LEAST). */
    ordersCount: async (_s, args, ctx) => {
      needScope(ctx, 'orders');
      const limit = typeof args.limit === 'number' ? Math.max(1, Math.min(args.limit, 10_000)) : 10_000;
      const result = await ordersPage(ctx.db, ctx.shop, { first: limit + 1, after: null, query: args.query, reverse: false });
      const n = result?.nodes.length ?? 0;
      return { count: Math.min(n, limit), precision: n > limit ? 'AT_LEAST' : 'EXACT' };
    },
    fulfillmentOrder: async (_s, args, ctx) => {
      needScope(ctx, 'fulfillmentOrder');
      const found = await currentFulfillmentOrder(ctx.db, ctx.shop, gidOf(args.id, 'FulfillmentOrder'));
      return found ? withOrder(found.fo, found.order) : null;
    },
  },
  Mutation: {
    ...Object.fromEntries(Object.keys(FULFILLMENT_MUTATIONS).map((k) => [k, mutation(k as keyof typeof FULFILLMENT_MUTATIONS)])),
    webhookSubscriptionCreate: async (_s, args, ctx) => {
      const topic = String(args.topic);
      const input = args.webhookSubscription as { callbackUrl?: string; uri?: string };
      const url = input.callbackUrl ?? input.uri ?? '';
      const fail = (field: string[], message: string) => ({ webhookSubscription: null, userErrors: [{ field, message }] });
      if (!WEBHOOK_TOPICS.has(topic)) return fail(['topic'], `Topic ${topic} is not a valid webhook subscription topic.`);
      if (!url.startsWith('https://') || !URL.canParse(url)) return fail(['webhookSubscription', 'callbackUrl'], `Address protocol ${url.split('//')[0]}// is not supported`);
      const created = await subscribe(ctx.db, ctx.shop, topic, url, `gid://shopify/WebhookSubscription/${Date.now()}${Math.floor(Math.random() * 1000)}`);
      if (!created) return fail(['webhookSubscription', 'callbackUrl'], 'Address for this topic has already been taken');
      return { webhookSubscription: { id: created, topic, format: 'JSON', uri: url, createdAt: new Date().toISOString(), endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: url } }, userErrors: [] };
    },
    webhookSubscriptionDelete: async (_s, args, ctx) => {
      const deleted = await unsubscribe(ctx.db, ctx.shop, String(args.id));
      return deleted ? { deletedWebhookSubscriptionId: deleted, userErrors: [] } : { deletedWebhookSubscriptionId: null, userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }] };
    },
  },
  Order: {
    currentTotalPriceSet: (o) => (o.cancelledAt ? money(0) : o.totalPriceSet),
    currentSubtotalLineItemsQuantity: (o) => nodesOf(o.lineItems).reduce((n, l) => n + Number(l.currentQuantity), 0),
    fulfillmentOrders: (o, args) => connectionOf(nodesOf(o.fulfillmentOrders).map((fo) => withOrder(fo as SimFulfillmentOrder, o as unknown as SimOrder)), args),
    fulfillments: (o, args) => nodesOf(o.fulfillments).slice(0, typeof args.first === 'number' ? args.first : undefined),
  },
  LineItem: {
    variant: (l) => products().flatMap((p) => p.variants.nodes).find((v) => v.id === (l.variant as { id?: string } | null)?.id) ?? null,
    product: (l) => products().find((p) => p.id === (l.product as { id?: string } | null)?.id) ?? null,
  },
  ProductVariant: {
    inventoryQuantity: (v) => inventoryOf(String(v.sku)),
    product: (v) => products().find((p) => p.variants.nodes.some((x) => x.id === v.id)),
  },
  FulfillmentOrder: {
    deliveryMethod: (fo) => ({ id: String(fo.id).replace('FulfillmentOrder', 'DeliveryMethod'), methodType: 'SHIPPING', presentedName: 'Livrare prin curier', serviceCode: 'standard' }),
    lineItems: (fo, args) => connectionOf(nodesOf(fo.lineItems).map((l) => ({ ...l, __order: fo.__order })), args),
    locationsForMove: (fo, args) => connectionOf(locationsForMove(fo as unknown as SimFulfillmentOrder).nodes, args),
    fulfillments: (fo, args) => connectionOf(nodesOf(fo.fulfillments).map((f) => ({ ...f, __order: fo.__order })), args),
  },
  FulfillmentOrderAssignedLocation: {
    location: (a, _args, ctx) => shopLocationNodes(ctx.shop).find((l) => l.id === (a.location as { id?: string } | null)?.id) ?? null,
  },
  FulfillmentOrderLineItem: {
    lineItem: async (l, _args, ctx) => (await lineItemOf(ctx, String((l.lineItem as { id: string }).id), (l.__order as SimOrder | null) ?? undefined)) ?? l.lineItem,
  },
  FulfillmentLineItem: {
    lineItem: async (l, _args, ctx) => (await lineItemOf(ctx, String((l.lineItem as { id: string }).id), (l.__order as SimOrder | null) ?? undefined)) ?? l.lineItem,
  },
  Fulfillment: {
    displayStatus: (f) => f.displayStatus ?? 'FULFILLED',
    trackingInfo: (f, args) => nodesOf(f.trackingInfo).slice(0, typeof args.first === 'number' ? args.first : undefined),
    fulfillmentLineItems: (f, args) => connectionOf(nodesOf(f.fulfillmentLineItems).map((l) => ({ ...l, __order: f.__order })), args),
    events: (f, args) => connectionOf(nodesOf(f.events), args),
  },
};

/** Every other connection field pages the nodes its object holds. */
const pageHeld: Resolver = (source, args, _ctx, info) => connectionOf(nodesOf(source[info.fieldName]), args);

let built: GraphQLSchema | null = null;
/** The executable schema (built once). */
export function simulatorSchema(): GraphQLSchema {
  if (built) return built;
  const schema = buildSchema(SIM_SCHEMA_SDL);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const own = RESOLVERS[type.name]?.[field.name];
      if (own) field.resolve = own as GraphQLFieldResolver<unknown, unknown>;
      else if (type.name !== 'QueryRoot' && /Connection!?$/.test(String(field.type))) field.resolve = pageHeld as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return (built = schema);
}
