import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/* ---- The built-in Shopify simulator's own state (the shop's side of the OAuth install) ---- */

/** An authorization code the consent page handed out: single use, a few minutes, bound to its shop and app. */
export const shopifySimCodes = pgTable(
  'shopify_sim_codes',
  {
    /** SHA-256 of the code. */
    codeHash: text('code_hash').primaryKey(),
    shop: text('shop').notNull(),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('shopify_sim_codes_expiry_idx').on(t.expiresAt)],
);

/** Offline access tokens the simulator issued: a shop is known by its token; uninstalling revokes them. */
export const shopifySimTokens = pgTable(
  'shopify_sim_tokens',
  {
    /** SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    shop: text('shop').notNull(),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('shopify_sim_tokens_shop_idx').on(t.shop)],
);

/* ---- The simulated shops' changes over their generated data (orders added later, fulfillment orders changed) ---- */

/** An order added to a shop after its generated ones (the daily job, tests): Shopify's Order shape as JSON. */
export const shopifySimOrders = pgTable(
  'shopify_sim_orders',
  {
    shop: text('shop').notNull(),
    /** The order's number (#1001 on): after the generated ones. */
    number: integer('number').notNull(),
    order: jsonb('order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shop, t.number] })],
);

/**
 * A fulfillment order's state once it changed (moved, held, released, fulfilled): the whole
 * FulfillmentOrder as JSON, with the fulfillments made from it; a partial move adds a new one.
 */
export const shopifySimFulfillmentOrders = pgTable(
  'shopify_sim_fulfillment_orders',
  {
    shop: text('shop').notNull(),
    fulfillmentOrderId: text('fulfillment_order_id').notNull(),
    orderId: text('order_id').notNull(),
    fulfillmentOrder: jsonb('fulfillment_order').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shop, t.fulfillmentOrderId] }), index('shopify_sim_fulfillment_orders_order_idx').on(t.shop, t.orderId)],
);

/** The app's webhook subscriptions in a shop (webhookSubscriptionCreate): one per topic and address. */
export const shopifySimWebhooks = pgTable(
  'shopify_sim_webhooks',
  {
    shop: text('shop').notNull(),
    /** Shopify's GraphQL enum (ORDERS_CREATE). */
    topic: text('topic').notNull(),
    callbackUrl: text('callback_url').notNull(),
    id: text('id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shop, t.topic, t.callbackUrl] })],
);

/**
 * Each shop's leaky bucket of Admin GraphQL points (Shopify's rate limit): the points left when last
 * read and when that was. In the database, so every server instance spends from the same bucket.
 */
export const shopifySimBuckets = pgTable('shopify_sim_buckets', {
  shop: text('shop').primaryKey(),
  available: doublePrecision('available').notNull(),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
});

/**
 * A simulated outage of a shop's fulfillments (issue 24): while a shop has a row, fulfillmentCreate
 * answers Shopify's internal error, as a shop down after the AWB would. Set from the simulated shop
 * admin's orders page (or a test), kept in the database so every instance sees it.
 */
export const shopifySimOutages = pgTable('shopify_sim_outages', {
  shop: text('shop').primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});
