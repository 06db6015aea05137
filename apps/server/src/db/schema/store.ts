import type { StorePacking, TShippingTo } from '@colete/contract';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from './addresses.js';
import { users } from './users.js';

/* ---- Online stores (Shopify): the client's store accounts, consents in progress, webhook deliveries ---- */

/**
 * A client's connected store: its id is the specification's `{clientId}` in every store call. The
 * access token is encrypted at rest (AES-256-GCM, like the e-invoicing tokens) and deleted when the
 * store is disconnected or the app is uninstalled; the row stays (later shipments name it).
 */
export const storeAccounts = pgTable(
  'store_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['shopify'] }).notNull().default('shopify'),
    /** The shop's permanent domain (name.myshopify.com). */
    shop: text('shop').notNull(),
    /** The shop's name as the store reports it. */
    name: text('name').notNull(),
    /** CONNECTED while the app is installed and the token is held; DISCONNECTED after a disconnect or an uninstall. */
    status: text('status', { enum: ['CONNECTED', 'DISCONNECTED'] }).notNull(),
    accessTokenEnc: text('access_token_enc'),
    /** The scopes the shop granted (comma-separated, as the token endpoint answers them). */
    scopes: text('scopes').notNull().default(''),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    /** Why it was disconnected: by the client here, or the app uninstalled in the shop. */
    disconnectReason: text('disconnect_reason', { enum: ['user', 'uninstalled'] }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_accounts_user_shop_key').on(t.userId, t.shop), index('store_accounts_shop_idx').on(t.shop)],
);

/**
 * A store consent in progress: the OAuth state (its SHA-256), single use, bound to the signed-in
 * user who comes back (userId), the client the store is connected for (an admin may act for one) and the shop.
 */
export const storeAuthorizations = pgTable(
  'store_authorizations',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shop: text('shop').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('store_authorizations_expiry_idx').on(t.expiresAt)],
);

/** Each webhook delivery (X-Shopify-Webhook-Id) is processed once: a repeated delivery finds its row. */
export const storeWebhookDeliveries = pgTable(
  'store_webhook_deliveries',
  {
    webhookId: text('webhook_id').primaryKey(),
    topic: text('topic').notNull(),
    shop: text('shop').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_webhook_deliveries_received_idx').on(t.receivedAt)],
);

/**
 * The orders list's verdict on an order (issue 13): the address correction of its shipping address
 * and its contact, computed once per order version (Shopify's updatedAt) and kept here; the order
 * webhooks delete an order's row so the next list read computes it again.
 */
export const storeOrderChecks = pgTable(
  'store_order_checks',
  {
    storeAccountId: integer('store_account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    /** Shopify's global id of the order. */
    orderId: text('order_id').notNull(),
    /** The order version checked (its updatedAt as Shopify answers it). */
    orderUpdatedAt: text('order_updated_at').notNull(),
    needsAddressFix: boolean('needs_address_fix').notNull(),
    needsContactFix: boolean('needs_contact_fix').notNull(),
    readyForActivation: boolean('ready_for_activation').notNull(),
    /** The order page's recipient of that version (the address correction the verdict came from); null on rows kept before it was. */
    recipient: jsonb('recipient').$type<TShippingTo>(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeAccountId, t.orderId] })],
);

/* ---- The order page's saved mutations (issue 13): a location's sender, a variant's dimensions ---- */

/**
 * 'Salveaza asocierea si pentru comenzile viitoare': the address-book entry that sends a shop
 * location's orders, one per store account and location (Shopify's global id). Deleting the entry
 * or the store account deletes the association.
 */
export const storeLocationAssociations = pgTable(
  'store_location_associations',
  {
    id: serial('id').primaryKey(),
    storeAccountId: integer('store_account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    locationId: text('location_id').notNull(),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_location_associations_key').on(t.storeAccountId, t.locationId), index('store_location_associations_address_idx').on(t.addressId)],
);

/**
 * A product variant's saved dimensions (spec 001 "Product dimensions saved"), one per store account
 * and variant (Shopify's global id), with the product's identification as it was when saved.
 * Kilograms and centimetres; the weight is null when the shop had none.
 */
export const storeProductDimensions = pgTable(
  'store_product_dimensions',
  {
    id: serial('id').primaryKey(),
    storeAccountId: integer('store_account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    productId: text('product_id'),
    sku: text('sku'),
    name: text('name').notNull(),
    weight: doublePrecision('weight'),
    width: doublePrecision('width').notNull(),
    length: doublePrecision('length').notNull(),
    height: doublePrecision('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_product_dimensions_key').on(t.storeAccountId, t.variantId)],
);

/**
 * A packing saved for a set of products ('Salveaza configuratie', issue 14): one row per store
 * account and products key (the variants and their quantities, sorted: `productsKey` in the
 * contract); the packing's lines name variants, laid on the next order with the same products.
 */
export const storePackingConfigurations = pgTable(
  'store_packing_configurations',
  {
    id: serial('id').primaryKey(),
    storeAccountId: integer('store_account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    productsKey: text('products_key').notNull(),
    packing: jsonb('packing').$type<StorePacking>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_packing_configurations_key').on(t.storeAccountId, t.productsKey)],
);

/**
 * A fulfillment order being moved (issue 13): whoever inserts the row for `{shop}:{fulfillmentOrderId}`
 * reads, checks and moves it; the others (any server process) wait for the row to go, then read it
 * moved. A claim older than a minute is a crashed mover's and may be taken over.
 */
export const storeMoveClaims = pgTable('store_move_claims', {
  key: text('key').primaryKey(),
  owner: text('owner').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
