import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/*
 * ---- The balance views' and the repayments list's sums per client and Bucharest day, kept by triggers (migrations 0031, 0032) ----
 * A period of these screens is a run of whole Bucharest days, so its sums and the sums before it
 * are a few hundred rows of these tables, not every movement, invoice or repayment of the client.
 * Nothing in the application writes them: the triggers on the source tables do, in the
 * writing statement's transaction.
 */

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
