import { inArray, and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoiceDailyTotals } from '../../db/schema/invoice-totals.js';
import { billableCharges, invoices } from '../../db/schema/invoicing.js';

/*
 * What the balance views (issue 17) and the payments read of the invoices (issue 28 §2: the
 * invoicing module owns these tables). The statement is one SQL over invoices, payments and card
 * payments for its 30 ms target, so the parts it joins are relations this module writes: each
 * function answers a sub-select (columns named below) that the caller places in its FROM; the
 * planner folds it into the statement as if the table were named there.
 */

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** A client's documents per Bucharest day before `toDay` (columns day, kind, total_bani, postpaid_bani, documents): the per-day sums the triggers keep. */
export function invoiceDaysOf(userId: number, p: { toDay: string; company?: string }): SQL {
  return sql`select d.day, d.kind, d.total_bani, d.postpaid_bani, d.documents from ${invoiceDailyTotals} d
    where d.user_id = ${userId} and d.day < ${p.toDay}::date${p.company ? sql` and d.seller_code = ${p.company}` : sql``}`;
}

/**
 * A client's invoices (columns id, user_id, issued_at, kind, series, number, total_bani,
 * postpaid_bani), issued in [from, to) when given, by the seller's code when given.
 * postpaid_bani is what the document leaves to pay (its postpaid shipments' charges, kept by a
 * trigger, migration 0031).
 */
export function clientInvoices(userId: number, p: { from?: Date; to?: Date; company?: string } = {}): SQL {
  return sql`select i.id, i.user_id, i.issued_at, i.kind, i.series, i.number, i.total_bani, i.postpaid_bani from ${invoices} i
    where i.user_id = ${userId}${p.to ? sql` and i.issued_at < ${p.to}` : sql``}${p.from ? sql` and i.issued_at >= ${p.from}` : sql``}${
      p.company ? sql` and i.seller->>'identificationCode' = ${p.company}` : sql``
    }`;
}

/** A condition: the invoice `invoiceId` (a column of the caller's) was issued by the company with this code. */
export const invoiceOfSeller = (invoiceId: SQL, company: string): SQL =>
  sql`exists (select 1 from ${invoices} si where si.id = ${invoiceId} and si.seller->>'identificationCode' = ${company})`;

/** A condition: the document `invoiceId` covers (or reverses) a shipment's charge, so it has an annex. */
export const invoiceHasAnnex = (invoiceId: SQL): SQL =>
  sql`exists (select 1 from ${billableCharges} bc where (bc.invoice_id = ${invoiceId} or bc.credit_note_id = ${invoiceId}) and bc.shipment_id is not null)`;

/**
 * The seller companies on the client's invoices (the platform's current one and any older one):
 * the codes from the per-day sums, each one's name from its latest invoice (invoices_user_idx read
 * newest first).
 */
export async function invoiceCompanies(ex: Executor, userId: number): Promise<{ id: string; name: string }[]> {
  const res = await ex.execute(sql`
    select c.seller_code as id, (
      select i.seller->>'name' from ${invoices} i
      where i.user_id = ${userId} and i.seller->>'identificationCode' = c.seller_code order by i.issued_at desc limit 1
    ) as name
    from (select distinct d.seller_code from ${invoiceDailyTotals} d where d.user_id = ${userId} and d.documents > 0) c
    order by c.seller_code`);
  return rowsOf<{ id: string; name: string }>(res);
}

/** Whether the client has an invoice from a seller other than `current` (the per-day sums: a few rows a day). */
export async function hasOldCompany(ex: Executor, userId: number, current: string): Promise<boolean> {
  const res = await ex.execute(sql`
    select 1 from ${invoiceDailyTotals} d where d.user_id = ${userId} and d.seller_code <> ${current} and d.documents > 0 limit 1`);
  return rowsOf(res).length > 0;
}

/** Postpaid shipments of the period not invoiced yet (billable_charges_open_idx). */
export async function servicesNotInvoiced(ex: Executor, userId: number, p: { from: Date; to: Date }): Promise<number> {
  const res = await ex.execute(sql`
    select coalesce(sum(bc.amount_bani), 0) as total from ${billableCharges} bc
    where bc.user_id = ${userId} and bc.invoice_id is null and bc.credit_note_id is null and bc.created_at >= ${p.from} and bc.created_at < ${p.to}`);
  return Number(rowsOf<{ total: string }>(res)[0]?.total ?? 0);
}

/** The series and number of the client's invoices by id (one query for a list's page). */
export async function invoiceNumbersByIds(ex: Executor, userId: number, ids: readonly number[]): Promise<Map<number, { series: string; number: number }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ex
    .select({ id: invoices.id, series: invoices.series, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), inArray(invoices.id, unique)));
  return new Map(rows.map((r) => [r.id, { series: r.series, number: r.number }]));
}
