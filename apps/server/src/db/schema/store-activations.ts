import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shipments } from './shipments.js';
import { storeAccounts } from './store.js';

/* ---- Store orders turned into shipments (issue 14): activations and orders saved for later ---- */

/**
 * One activation of a store's fulfillment order (spec 002 section 7, POST order): the row is the
 * claim, unique per store account and fulfillment order, inserted with its shipment's draft; the
 * shipment's own activation makes the AWB and the charge once, and `fulfilledAt` records the shop's
 * fulfillment once (a failure is retried by the store-fulfillments job until it succeeds).
 */
export const storeActivations = pgTable(
  'store_activations',
  {
    id: serial('id').primaryKey(),
    storeAccountId: integer('store_account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    orderId: text('order_id').notNull(),
    fulfillmentOrderId: text('fulfillment_order_id').notNull(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The activated lines: fulfillment order line ids and quantities. */
    lines: jsonb('lines').$type<{ id: string; quantity: number }[]>().notNull(),
    activationId: text('activation_id').notNull(),
    fulfillmentId: text('fulfillment_id'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_activations_key').on(t.storeAccountId, t.fulfillmentOrderId),
    index('store_activations_shipment_idx').on(t.shipmentId),
  ],
);

/**
 * An awaiting fulfillment order saved for later (PATCH order): the page's sender, packing, extra
 * options and chosen service, shown again when the order is opened. One per store account and
 * fulfillment order.
 */
export const storeSavedOrders = pgTable(
  'store_saved_orders',
  {
    id: serial('id').primaryKey(),
    storeAccountId: integer('store_account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    fulfillmentOrderId: text('fulfillment_order_id').notNull(),
    saved: jsonb('saved').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_saved_orders_key').on(t.storeAccountId, t.fulfillmentOrderId)],
);

/**
 * The courier's later statuses of an activated store order, to be told to the shop as fulfillment
 * events (fulfillmentEventCreate): written by the lifecycle listener in the event's transaction
 * (once per activation and status), sent by the store-fulfillments job once the fulfillment exists.
 */
export const storeFulfillmentEvents = pgTable(
  'store_fulfillment_events',
  {
    id: serial('id').primaryKey(),
    activationId: integer('activation_id')
      .notNull()
      .references(() => storeActivations.id, { onDelete: 'cascade' }),
    /** Shopify's FulfillmentEventStatus (DELIVERED, FAILURE, ...). */
    status: text('status').notNull(),
    message: text('message'),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('store_fulfillment_events_key').on(t.activationId, t.status), index('store_fulfillment_events_pending_idx').on(t.id).where(sql`${t.sentAt} is null`)],
);
