import type { TShippingTo } from '@colete/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The store's own copy of each connected shop (issue 28 §4): its orders with their fulfillment
 * orders, each order's verdict and corrected recipient computed when the order arrives or changes,
 * and the shop's locations. Kept per shop (two clients connected to one shop read one copy), filled
 * by the first connection's backfill, the shop's webhooks and a periodic reconciliation; the orders
 * list and the order page read it, the shop is called for writes and to refresh one order.
 */

/** The order's summary as the list shows it and its whole shape as the order page reads it (the store module's types, kept as JSON). */
export type CopiedSummary = Record<string, unknown> & { id: string; updatedAt: string };

export const storeShopOrders = pgTable(
  'store_shop_orders',
  {
    shop: text('shop').notNull(),
    /** Shopify's global id of the order. */
    orderId: text('order_id').notNull(),
    /** The order's number (legacyResourceId) and name ('#1001'). */
    number: bigint('number', { mode: 'number' }),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }),
    /** The order version copied (its updatedAt as the shop answers it). */
    version: text('version'),
    /** Something is left to fulfil: open, not cancelled, unfulfilled, partly fulfilled or on hold (the list's awaiting tab). */
    awaiting: boolean('awaiting').notNull().default(false),
    cashOnDelivery: boolean('cash_on_delivery').notNull().default(false),
    /** Tags lowercased (the list's tag filter), the default search's text (name, e-mail, customer and recipient names, lowercased). */
    tags: text('tags').array().notNull().default([]),
    searchText: text('search_text').notNull().default(''),
    /** The locations of its fulfillment orders not closed (the list's warehouse filter). */
    locationIds: text('location_ids').array().notNull().default([]),
    /** Its fulfillment orders (a write of ours to one marks the order to be read again). */
    fulfillmentOrderIds: text('fulfillment_order_ids').array().notNull().default([]),
    needsAddressFix: boolean('needs_address_fix').notNull().default(false),
    needsContactFix: boolean('needs_contact_fix').notNull().default(false),
    readyForActivation: boolean('ready_for_activation').notNull().default(false),
    /** On hold in the shop (any fulfillment order held): the list shows it as needing intervention. */
    held: boolean('held').notNull().default(false),
    summary: jsonb('summary').$type<CopiedSummary>(),
    /** The whole order (line items, fulfillment orders) of `detailVersion`; null until read. */
    detail: jsonb('detail').$type<CopiedSummary>(),
    detailVersion: text('detail_version'),
    recipient: jsonb('recipient').$type<TShippingTo>(),
    /** A webhook named it (or a write of ours changed it) since it was copied: the next read or sync run refreshes it. */
    stale: boolean('stale').notNull().default(false),
    /** When it was last marked: a read that began before it does not clear the mark (its answer may predate the change). */
    markedAt: timestamp('marked_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shop, t.orderId] }),
    index('store_shop_orders_awaiting_idx').on(t.shop, t.createdAt, t.number).where(sql`awaiting`),
    index('store_shop_orders_stale_idx').on(t.shop).where(sql`stale`),
    index('store_shop_orders_detail_idx').on(t.shop, t.createdAt).where(sql`awaiting and detail_version is distinct from version`),
  ],
);

/** Each shop's sync: the backfill's progress (its cursor, orders copied of how many), the locations, the reconciliation's mark. */
export const storeShopSyncs = pgTable('store_shop_syncs', {
  shop: text('shop').primaryKey(),
  status: text('status', { enum: ['BACKFILLING', 'READY'] }).notNull().default('BACKFILLING'),
  /** The backfill's next page (the shop's cursor); null before its first page. */
  cursor: text('cursor'),
  /** Orders copied by the backfill, and how many the shop said it has to fulfil (null until counted). */
  copied: integer('copied').notNull().default(0),
  total: integer('total'),
  /** The shop's locations (id, name, address) as the order page reads them, and when they were read. */
  locations: jsonb('locations').$type<unknown[]>(),
  locationsAt: timestamp('locations_at', { withTimezone: true }),
  /** Orders updated in the shop since this moment are read again by the reconciliation (a missed webhook). */
  reconciledFrom: timestamp('reconciled_from', { withTimezone: true }),
  /** A sync run holds the shop until then (a lease: a killed run's shop is taken over after it). */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastError: text('last_error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  readyAt: timestamp('ready_at', { withTimezone: true }),
});
