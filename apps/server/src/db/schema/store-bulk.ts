import type { TStoreBulkResult } from '@colete/contract';
import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { storeAccounts } from './store.js';
import { users } from './users.js';

/** One fulfillment order of a run's order: the service it is activated with (null: none could be), and its result once known. */
export type BulkProgress = { fulfillmentOrderId: string; choice: { serviceId: string; pointId: string | null } | null; result: TStoreBulkResult | null };

/* ---- Bulk activation (issue 14): a run of store orders activated by a job, one claim row per order ---- */

/** One 'Activeaza' of the bulk dialog: the client's, on one store account; done when every order is. */
export const storeBulkRuns = pgTable(
  'store_bulk_runs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeAccountId: integer('store_account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['running', 'done'] }).notNull().default('running'),
    total: integer('total').notNull(),
    /** Issue 24: the courier service the merchant chose for every order of the run; null: each order's own (saved, else cheapest). */
    serviceId: text('service_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('store_bulk_runs_running_idx').on(t.status, t.createdAt), index('store_bulk_runs_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One order of a run. A worker claims it (pending -> claimed, with the time: a claim older than the
 * stale limit is a dead worker's and is taken over), activates its fulfillment orders through the
 * store activation (its own idempotency key per fulfillment order: taking over never makes a second
 * AWB) and records the results (done).
 */
export const storeBulkRunOrders = pgTable(
  'store_bulk_run_orders',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => storeBulkRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderId: text('order_id').notNull(),
    orderName: text('order_name').notNull(),
    state: text('state', { enum: ['pending', 'claimed', 'done'] }).notNull().default('pending'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Its fulfillment orders as they are handled: the service chosen is written before the
     * activation starts, the result after; a worker taking over activates the unfinished ones again
     * with the same service (the activation answers the shipment it made) and keeps the finished.
     */
    progress: jsonb('progress').$type<BulkProgress[]>().notNull().default([]),
    /** The final results (spec 002 "Bulk result per order"), once done. */
    results: jsonb('results').$type<TStoreBulkResult[]>(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('store_bulk_run_orders_key').on(t.runId, t.orderId), index('store_bulk_run_orders_run_idx').on(t.runId, t.state, t.position)],
);

/**
 * A run's merged labels as last downloaded in a format from a position (issue 28 §4): a reprint of
 * the same labels is read, not merged again. `labels` names the labels merged (a hash of their
 * shipments in order): a shipment cancelled since changes it, and the file is merged again.
 */
export const storeBulkLabelFiles = pgTable(
  'store_bulk_label_files',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => storeBulkRuns.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['A4', 'A6'] }).notNull(),
    start: smallint('start').notNull(),
    labels: text('labels').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.format, t.start] })],
);
