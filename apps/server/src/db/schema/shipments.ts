import { sql } from 'drizzle-orm';
import type { TPartyAddress, TReturnAnswerView, TStoredPackage } from '@colete/contract';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { storeAccounts } from './store.js';
import { users } from './users.js';

/* ---- Shipments: the platform's own orders (issue 5) ---- */

/**
 * A party of a shipment as stored (the sender and recipient jsonb): the contract's address shape,
 * and the address-book entry it came from, if any.
 */
export type ShipmentAddress = TPartyAddress & { addressId: number | null };
/** The contract's stored package (grams, centimetres). */
export type ShipmentPackage = TStoredPackage;
export type ShipmentOptions = { codBani: number | null; insuranceBani: number | null; openAtDelivery: boolean; saturdayDelivery: boolean };
export type ShipmentPoint = { id: string; name: string; fullAddress: string; distanceKm: number | null };

/**
 * One shipment. A draft has no courier choice yet or waits for activation; activation creates
 * the AWB once (the awb and the charge are unique) and moves it through the courier's statuses.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    /** The public id in routes (/profile/details/order/{uniqueId}). */
    uniqueId: text('unique_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** shipment, or return (a customer's return from a template's public page). */
    kind: text('kind', { enum: ['shipment', 'return'] }).notNull().default('shipment'),
    status: text('status', {
      enum: ['draft', 'activating', 'created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'returned', 'refused', 'cancelled'],
    })
      .notNull()
      .default('draft'),
    statusReason: text('status_reason'),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    sender: jsonb('sender').$type<ShipmentAddress>().notNull(),
    recipient: jsonb('recipient').$type<ShipmentAddress>().notNull(),
    packages: jsonb('packages').$type<ShipmentPackage[]>().notNull(),
    content: text('content').notNull(),
    clientReference: text('client_reference'),
    options: jsonb('options').$type<ShipmentOptions>().notNull(),
    courierId: text('courier_id'),
    serviceId: text('service_id'),
    serviceName: text('service_name'),
    point: jsonb('point').$type<ShipmentPoint>(),
    priceNoVatBani: bigint('price_no_vat_bani', { mode: 'number' }),
    priceBani: bigint('price_bani', { mode: 'number' }),
    awb: text('awb'),
    parcelCount: smallint('parcel_count').notNull().default(1),
    estimatedPickupDate: text('estimated_pickup_date'),
    /** prepaid (charged to the balance) or postpaid (a billable charge). */
    paymentType: text('payment_type', { enum: ['prepaid', 'postpaid'] }),
    /** The new-shipment page's request key: a double click or a retried request finds the same shipment. */
    requestKey: text('request_key'),
    /** Normalised AWB, recipient and client reference, for the list's search. */
    searchText: text('search_text').notNull().default(''),
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    /** A return from a template's public page: the customer's answers with the labels of that moment. */
    returnAnswers: jsonb('return_answers').$type<TReturnAnswerView[]>(),
    /**
     * A shipment made from an online store's order (issue 13): the store account, Shopify's order and
     * fulfillment order (global ids) and the order's name ('#1001'). Null for the platform's own.
     */
    storeAccountId: integer('store_account_id').references(() => storeAccounts.id, { onDelete: 'set null' }),
    storeOrderId: text('store_order_id'),
    storeOrderName: text('store_order_name'),
    storeFulfillmentOrderId: text('store_fulfillment_order_id'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_unique_id_key').on(t.uniqueId),
    uniqueIndex('shipments_awb_key').on(t.courierId, t.awb),
    // The public tracking page looks an AWB up without its courier (issue 14).
    index('shipments_awb_idx').on(t.awb).where(sql`${t.awb} is not null`),
    uniqueIndex('shipments_request_key').on(t.userId, t.requestKey),
    // The list: a client's shipments newest first, optionally by status.
    index('shipments_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('shipments_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    // The tracking job: shipments still on their way.
    index('shipments_open_idx').on(t.statusAt).where(sql`${t.status} in ('activating', 'created', 'picked_up', 'in_transit', 'out_for_delivery')`),
    // The store's orders list (its two platform tabs) and the order page's fulfilled parts.
    index('shipments_store_created_idx').on(t.storeAccountId, t.status, t.createdAt).where(sql`${t.storeAccountId} is not null`),
    index('shipments_store_order_idx').on(t.storeAccountId, t.storeOrderId).where(sql`${t.storeAccountId} is not null`),
    // The dashboard (migration 0070; the SQL adds INCLUDE columns Drizzle cannot state): failed deliveries
    // by their status time, activations per day and courier, the platform's activations.
    index('shipments_user_failed_idx').on(t.userId, t.statusAt).where(sql`${t.status} in ('returned', 'refused')`),
    index('shipments_user_pickup_idx').on(t.userId, t.estimatedPickupDate).where(sql`${t.status} = 'created'`),
    index('shipments_user_activated_idx').on(t.userId, t.activatedAt).where(sql`${t.activatedAt} is not null`),
    index('shipments_activated_idx').on(t.activatedAt).where(sql`${t.activatedAt} is not null`),
    index('shipments_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A shipment's status history, oldest first. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    text: text('text').notNull(),
    reason: text('reason'),
    location: text('location'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('shipment_events_key').on(t.shipmentId, t.status, t.at)],
);

/**
 * A label as the courier drew it, kept the first time it is asked for (issue 28): later downloads,
 * mails and a bulk run's merged PDF read it instead of asking the courier to draw it again. An AWB's
 * label does not change; a cancelled shipment's is never served (the status is checked first).
 */
export const shipmentLabels = pgTable(
  'shipment_labels',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['A4', 'A6'] }).notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.format] })],
);
