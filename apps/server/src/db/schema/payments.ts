import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoices } from './invoicing.js';
import { users } from './users.js';

/* ---- Payments of postpaid clients' invoices (issue 17): recorded, activated and reverted by an admin ---- */

/**
 * A payment a postpaid client made for one of its invoices (a bank transfer, a payment order).
 * It counts only once an admin activates it; the activation and each revert are ledger movements
 * (kinds payment and payment_revert), written exactly once.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** Positive integer bani. */
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    /** The bank's reference of the transfer, as the admin wrote it. */
    reference: text('reference').notNull(),
    active: boolean('active').notNull().default(false),
    /** The sum of its reverts, kept with the payment's row lock: never above amountBani. */
    revertedBani: bigint('reverted_bani', { mode: 'number' }).notNull().default(0),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    activatedBy: integer('activated_by').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The day the money arrived. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_user_idx').on(t.userId, t.paidAt),
    // One transfer is recorded once: its reference (the payment order) is unique per invoice.
    uniqueIndex('invoice_payments_invoice_reference_key').on(t.invoiceId, t.reference),
    // The database itself refuses a revert beyond the payment, whatever the code does.
    check('invoice_payments_reverted_check', sql`${t.revertedBani} >= 0 AND ${t.revertedBani} <= ${t.amountBani} AND ${t.amountBani} > 0`),
  ],
);

/** One revert (storno) of part of an active payment. */
export const invoicePaymentReverts = pgTable(
  'invoice_payment_reverts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_payment_reverts_payment_idx').on(t.paymentId)],
);
