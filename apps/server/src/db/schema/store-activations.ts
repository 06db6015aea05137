import type { StoreRefusalKind } from '@colete/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shipments } from './shipments.js';
import { storeAccounts } from './store.js';

/** A shop's refusal as recorded: its kind, the shop's own message and the hold's reason when on hold. */
export type StoreRefusalRecord = { kind: StoreRefusalKind; message: string | null; hold: { reason: string; reasonNotes: string | null } | null };

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
    /**
     * Issue 24: which activation of the part this is. A part whose AWB was cancelled before the shop
     * was told may be activated again: the claim moves to a new shipment (a conditional update on the
     * generation), whose request key carries the generation, so a retry makes that new shipment once.
     */
    generation: integer('generation').notNull().default(0),
    fulfillmentId: text('fulfillment_id'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Issue 24: the shop refused the fulfillment for good (on hold, closed, gone, or failing too many
     * times): the job stops asking; `refusal` says why. The merchant's way out is recorded in
     * `refusalAction` by a conditional update ('cancel' while the AWB is being cancelled, then
     * 'cancelled'); a retry clears the refusal.
     */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    refusal: jsonb('refusal').$type<StoreRefusalRecord>(),
    refusalAction: text('refusal_action', { enum: ['cancel', 'cancelled'] }),
    refusalActionAt: timestamp('refusal_action_at', { withTimezone: true }),
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

/**
 * Which part (fulfillment order) of a store order carries the order's cash on delivery (issue 24
 * item 1): one row per store account and order, so the buyer pays the total once. Written by the
 * merchant's pick on the order page (`locked` false: it may still move) or by the first activation
 * carrying cash on delivery (`locked` true: that part's AWB collects it). A locked row moves to
 * another part only when its part's shipment was cancelled (a conditional update).
 */
export const storeOrderCod = pgTable(
  'store_order_cod',
  {
    id: serial('id').primaryKey(),
    storeAccountId: integer('store_account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    fulfillmentOrderId: text('fulfillment_order_id').notNull(),
    locked: boolean('locked').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_order_cod_key').on(t.storeAccountId, t.orderId)],
);
