import type { TCustomerAddress } from '@colete/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- Customer book (issue 27) ---- */

/**
 * A client's customer: a company or a person it ships to or invoices. `nameKey` (normalizeText of
 * the name) orders the list and matches; `searchWords` (searchWords of the name, ' stefan pop ')
 * is split by a trigger into `customer_name_words`, whose index serves the search by any word's
 * start. `identificationKey` and (nameKey, phone) keep one customer per company or person (the
 * matching rule, docs/decisions.md). The shipment count and last date follow `customer_shipments`.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['company', 'individual'] }).notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    searchWords: text('search_words').notNull(),
    country: text('country').notNull().default('RO'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    identification: text('identification').notNull().default(''),
    identificationKey: text('identification_key').notNull().default(''),
    address: jsonb('address').$type<TCustomerAddress>(),
    /** normalizeText of the address's locality ('' without an address): the matching rule's last step. */
    cityKey: text('city_key').notNull().default(''),
    source: text('source', { enum: ['manual', 'shipment', 'import'] }).notNull(),
    shipmentCount: integer('shipment_count').notNull().default(0),
    lastShippedAt: timestamp('last_shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_user_name_idx').on(t.userId, t.nameKey, t.id),
    uniqueIndex('customers_identification_key').on(t.userId, t.identificationKey).where(sql`${t.identificationKey} <> ''`),
    uniqueIndex('customers_contact_key').on(t.userId, t.nameKey, t.phone).where(sql`${t.identificationKey} = '' and ${t.phone} <> ''`),
  ],
);

/** Every word of a customer's name, kept by the customers_name_words trigger: the search's index. */
export const customerNameWords = pgTable(
  'customer_name_words',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** COLLATE "C" (byte order: a prefix is a range, and the order the index gives). */
    word: text('word').notNull(),
    /** The customer's word before this one in byte order ('' for the first): a customer matches a prefix once, at its first word with it. */
    prevWord: text('prev_word').notNull(),
    /** The customer's nameKey: the search's order, read from the index with the match. */
    nameKey: text('name_key').notNull(),
    /** The customer's searchWords: the other typed words are checked on the index's entry. */
    searchWords: text('search_words').notNull(),
  },
  (t) => [
    primaryKey({ name: 'customer_name_words_pk', columns: [t.customerId, t.word] }),
    // INCLUDE (prev_word, search_words) and the C collation: written in the migration.
    index('customer_name_words_prefix_idx').on(t.userId, t.word, t.nameKey, t.customerId),
  ],
);

/** Each client's number of customers (the unsearched list's count), kept by the customers_count_* triggers. */
export const customerCounts = pgTable('customer_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customers: integer('customers').notNull().default(0),
});

/**
 * Each client's number of customers per 1-4 letter prefix of a word of their names (a customer
 * counted once however many of its words start with it), kept by the customers_name_words trigger
 * (migration 0073): the count of a one-word search of up to 4 letters (PREFIX_COUNTED).
 */
export const customerPrefixCounts = pgTable(
  'customer_prefix_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** COLLATE "C", as the words. */
    prefix: text('prefix').notNull(),
    customers: integer('customers').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'customer_prefix_counts_pk', columns: [t.userId, t.prefix] })],
);

/** A shipment of the client to the customer (one customer per shipment): the count, the last date and the customer's page. */
export const customerShipments = pgTable(
  'customer_shipments',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    shipmentId: integer('shipment_id').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'customer_shipments_pk', columns: [t.customerId, t.shipmentId] }),
    uniqueIndex('customer_shipments_shipment_key').on(t.shipmentId),
    index('customer_shipments_customer_idx').on(t.customerId, t.shippedAt, t.shipmentId),
  ],
);
