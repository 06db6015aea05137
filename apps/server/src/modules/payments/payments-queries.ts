import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoicePaymentReverts, invoicePayments } from '../../db/schema/payments.js';
import { invoiceNumbers } from '../invoicing/index.js';

export type PaymentRow = typeof invoicePayments.$inferSelect;

/** The invoice's series and number (invoicing's subquery, joined on its id). */
const invoice = invoiceNumbers();
const paymentColumns = {
  payment: invoicePayments,
  invoiceSeries: invoice.series,
  invoiceNumber: invoice.number,
};

/**
 * A client's recorded payments, newest first (by the day the money arrived), each with its
 * invoice's series and number, through invoice_payments_user_idx; from/to bound paidAt (instants).
 */
export async function clientPayments(db: Executor, userId: number, f: { from?: Date; to?: Date; limit: number; offset: number }) {
  const where = and(
    eq(invoicePayments.userId, userId),
    f.from ? gte(invoicePayments.paidAt, f.from) : undefined,
    f.to ? lt(invoicePayments.paidAt, f.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(paymentColumns)
      .from(invoicePayments)
      .innerJoin(invoice, eq(invoice.id, invoicePayments.invoiceId))
      .where(where)
      .orderBy(desc(invoicePayments.paidAt), desc(invoicePayments.createdAt))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(invoicePayments).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}
export type ClientPaymentRow = Awaited<ReturnType<typeof clientPayments>>['rows'][number];

/** One payment with its invoice's number; null when it does not exist. */
export async function findPayment(db: Executor, id: string) {
  const [row] = await db
    .select(paymentColumns)
    .from(invoicePayments)
    .innerJoin(invoice, eq(invoice.id, invoicePayments.invoiceId))
    .where(eq(invoicePayments.id, id))
    .limit(1);
  return row ?? null;
}

/** The payment's row, locked until the transaction ends: activations and reverts of one payment go one at a time. */
export async function lockPayment(tx: Executor, id: string) {
  const [row] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, id)).for('update').limit(1);
  return row ?? null;
}

/** The payment written, or null when the invoice already has one with that reference. */
export async function insertPayment(tx: Executor, values: typeof invoicePayments.$inferInsert) {
  const [row] = await tx.insert(invoicePayments).values(values).onConflictDoNothing({ target: [invoicePayments.invoiceId, invoicePayments.reference] }).returning();
  return row ?? null;
}

/** Activates a payment not active yet; null when it already was (a parallel activation won). */
export async function markActive(tx: Executor, id: string, adminId: number | null) {
  const [row] = await tx
    .update(invoicePayments)
    .set({ active: true, activatedBy: adminId, activatedAt: new Date() })
    .where(and(eq(invoicePayments.id, id), eq(invoicePayments.active, false)))
    .returning();
  return row ?? null;
}

/** Records a revert and adds it to the payment's reverted sum (the caller holds the payment's lock). */
export async function insertRevert(tx: Executor, p: { paymentId: string; amountBani: number; adminId: number | null }) {
  const [revert] = await tx.insert(invoicePaymentReverts).values(p).returning();
  const [payment] = await tx
    .update(invoicePayments)
    .set({ revertedBani: sql`${invoicePayments.revertedBani} + ${p.amountBani}` })
    .where(eq(invoicePayments.id, p.paymentId))
    .returning();
  return { revert: revert!, payment: payment! };
}
