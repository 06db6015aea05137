import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { billableCharges, invoices } from '../../db/schema/invoicing.js';
import { isPostpaidShipment } from '../shipments/index.js';
import type { InvoicePayments } from './ports.js';

/**
 * The client's invoices whose postpaid part (kept on the invoice) is not covered by its active
 * payments (payments' `paidBani`), newest first: invoices_user_idx, one payments look-up per
 * invoice (invoice_payments_invoice_reference_key). Payments' record dialog.
 */
export async function payableInvoices(ex: Executor, payments: InvoicePayments, userId: number, limit: number) {
  const paid = payments.paidBani(sql`i.id`);
  const res = await ex.execute(sql`
    select i.id, i.series, i.number, i.issued_at, i.total_bani, i.postpaid_bani - ${paid} as left_bani
    from ${invoices} i
    where i.user_id = ${userId} and i.kind in ('orders', 'settlement') and i.postpaid_bani > 0
      and i.postpaid_bani > ${paid}
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

/**
 * One of the client's invoices as a payment of it sees it: `postpaid` when it invoiced at least one
 * postpaid shipment (its charges, shipments' `isPostpaidShipment`); null when the client has no such
 * invoice. Runs on the caller's executor (its transaction, when it has one).
 */
export async function invoiceForPayment(ex: Executor, userId: number, invoiceId: number) {
  const postpaid = sql<boolean>`exists (select 1 from ${billableCharges}
    where ${billableCharges.invoiceId} = ${invoices.id} and ${isPostpaidShipment(billableCharges.shipmentId)})`;
  const [row] = await ex
    // Nested: a single-table select writes a field's own columns unqualified ("id" inside the subquery would be the charge's).
    .select({ id: invoices.id, postpaid: sql<boolean>`${postpaid}` })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
    .limit(1);
  return row ? { id: row.id, postpaid: Boolean(row.postpaid) } : null;
}
