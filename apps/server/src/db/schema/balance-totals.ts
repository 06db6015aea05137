import { bigint, date, integer, pgTable, primaryKey, text, boolean } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/*
 * ---- The balance views' sums per client and Bucharest day, kept by triggers (migration 0031) ----
 * A period of the balance views is a run of whole Bucharest days, so its sums and the sums before it
 * are a few hundred rows of these tables, not every movement or invoice of the client's history.
 * Nothing in the application writes them: the triggers on the ledger and the invoices do, in the
 * writing statement's transaction.
 */

/** The ledger's movements of one client, day, kind and invoiced flag (a top-up's invoice_id set). */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    invoiced: boolean('invoiced').notNull(),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.kind, t.invoiced] })],
);

/** The invoices of one client, day, seller company and kind: their totals and the postpaid part left to pay. */
export const invoiceDailyTotals = pgTable(
  'invoice_daily_totals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sellerCode: text('seller_code').notNull(),
    kind: text('kind').notNull(),
    totalBani: bigint('total_bani', { mode: 'number' }).notNull(),
    postpaidBani: bigint('postpaid_bani', { mode: 'number' }).notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.sellerCode, t.kind] })],
);
