import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
