import { LEDGER_KINDS } from '@colete/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- Prepaid balance: every movement of a client's money is one row; the balance is their sum ---- */

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed integer bani: top-ups, refunds and bonuses positive, charges and payouts (balance returned to the client's bank account) negative. */
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** What caused it (a card payment, a shipment): one movement per kind and reference. */
    reference: text('reference'),
    /** The invoice that covers this movement (a top-up invoiced on payment), if any. */
    invoiceId: integer('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ledger_reference_key').on(t.kind, t.reference),
    // The balance views: an advance invoice's top-up (the card that paid it).
    index('ledger_invoice_idx').on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
  ],
);
