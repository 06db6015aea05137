import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/*
 * ---- The balance views' and the repayments list's sums per client and Bucharest day, kept by triggers (migrations 0031, 0032) ----
 * A period of these screens is a run of whole Bucharest days, so its sums and the sums before it
 * are a few hundred rows of these tables, not every movement, invoice or repayment of the client.
 * Nothing in the application writes them: the triggers on the source tables do, in the
 * writing statement's transaction.
 */

/**
 * The repayments of one client, order day (Bucharest), status and account: the list's totals per
 * filter over a period. `account` is the account a row is paid to when it is not the client's
 * current one (its sheet's once paid, else its own), '' when it follows the client's.
 */
export const repaymentDailyTotals = pgTable(
  'repayment_daily_totals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    account: text('account').notNull(),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    repayments: integer('repayments').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.status, t.account] })],
);
