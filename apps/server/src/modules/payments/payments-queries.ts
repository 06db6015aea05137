import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoices } from '../../db/schema/invoicing.js';
import { invoicePaymentReverts, invoicePayments } from '../../db/schema/payments.js';

export type PaymentRow = typeof invoicePayments.$inferSelect;

const paymentColumns = {
  payment: invoicePayments,
  invoiceSeries: invoices.series,
  invoiceNumber: invoices.number,
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
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
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
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
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

/**
 * The client's invoices whose postpaid part (kept on the invoice) is not covered by its active
 * payments, newest first: invoices_user_idx, one payments look-up per invoice
 * (invoice_payments_invoice_reference_key).
 */
export async function payableInvoices(ex: Executor, userId: number, limit: number) {
  const res = await ex.execute(sql`
    select i.id, i.series, i.number, i.issued_at, i.total_bani,
      i.postpaid_bani - coalesce((select sum(p.amount_bani - p.reverted_bani) from ${invoicePayments} p where p.invoice_id = i.id and p.active), 0) as left_bani
    from ${invoices} i
    where i.user_id = ${userId} and i.kind in ('orders', 'settlement') and i.postpaid_bani > 0
      and i.postpaid_bani > coalesce((select sum(p.amount_bani - p.reverted_bani) from ${invoicePayments} p where p.invoice_id = i.id and p.active), 0)
    order by i.issued_at desc, i.id desc
    limit ${limit}`);
  type Raw = { id: number; series: string; number: number; issued_at: Date | string; total_bani: string; left_bani: string };
  return (res as unknown as { rows: Raw[] }).rows.map((r) => ({
    id: Number(r.id),
    series: r.series,
    number: Number(r.number),
    issuedAt: new Date(r.issued_at).toISOString(),
    totalBani: Number(r.total_bani),
    leftBani: Number(r.left_bani),
  }));
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
