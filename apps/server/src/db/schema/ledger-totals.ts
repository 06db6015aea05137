import { bigint, boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/*
 * ---- The balance views' and the repayments list's sums per client and Bucharest day, kept by triggers (migrations 0031, 0032) ----
 * A period of these screens is a run of whole Bucharest days, so its sums and the sums before it
 * are a few hundred rows of these tables, not every movement, invoice or repayment of the client.
 * Nothing in the application writes them: the triggers on the source tables do, in the
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
