import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { DayPeriod } from '../ledger/index.js';
import { invoiceDailyTotals } from '../../db/schema/invoice-totals.js';
import { billableCharges, invoices } from '../../db/schema/invoicing.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { invoicePayments } from '../../db/schema/payments.js';
import { cardPayments } from '../../db/schema/prepay.js';

/**
 * The invoices-and-payments statement (POST user/balance/invoices): SQL over invoices, the charges
 * they cover and the card payments of advances. A period is [from, to) in instants.
 */
export type InvoicePeriod = DayPeriod & { from: Date; to: Date; company?: string };

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * What an invoice leaves to pay: the charges it covers (reverses, for a credit note) whose shipment
 * was postpaid, kept on the invoice by a trigger (migration 0031); an advance was paid by card, any
 * other document's prepaid shipments from the balance, so its payment is the total less this.
 */
const postpaidPart = sql`i.postpaid_bani`;

const where = (userId: number, p: InvoicePeriod): SQL =>
  sql`i.user_id = ${userId} and i.issued_at < ${p.to} and i.issued_at >= ${p.from}${p.company ? sql` and i.seller->>'identificationCode' = ${p.company}` : sql``}`;

export type InvoiceTotals = {
  previousInvoices: number;
  previousPayments: number;
  previousPrePay: number;
  totalInvoices: number;
  totalPayments: number;
  totalPrePay: number;
  count: number;
};

/** A recorded payment counts once an admin activated it, less its reverts. */
const paymentNet = sql`case when p.active then p.amount_bani - p.reverted_bani else 0 end`;
const paymentWhere = (userId: number, p: InvoicePeriod, fromBound: boolean): SQL =>
  sql`p.user_id = ${userId} and p.paid_at < ${p.to}${fromBound ? sql` and p.paid_at >= ${p.from}` : sql``}${
    p.company ? sql` and exists (select 1 from ${invoices} pi where pi.id = p.invoice_id and pi.seller->>'identificationCode' = ${p.company})` : sql``
  }`;

/**
 * The period's sums and the sums before it: the client's invoices from their per-day sums
 * (invoice_daily_totals, kept by triggers), its recorded payments (a few a month) one by one
 * (invoice_payments_user_idx).
 */
export async function invoiceTotals(ex: Executor, userId: number, p: InvoicePeriod): Promise<InvoiceTotals> {
  const res = await ex.execute(sql`
    with docs as (
      select d.day >= ${p.fromDay}::date as in_period, d.kind, d.total_bani as total, d.total_bani - d.postpaid_bani as paid, d.documents
      from ${invoiceDailyTotals} d
      where d.user_id = ${userId} and d.day < ${p.toDay}::date${p.company ? sql` and d.seller_code = ${p.company}` : sql``}
      union all
      select p.paid_at >= ${p.from}, 'payment', 0, ${paymentNet}, 1
      from ${invoicePayments} p where ${paymentWhere(userId, p, false)}
    )
    select
      coalesce(sum(total) filter (where not in_period), 0) as "previousInvoices",
      coalesce(sum(paid) filter (where not in_period), 0) as "previousPayments",
      coalesce(sum(paid) filter (where not in_period and kind not in ('prepay', 'payment')), 0) as "previousPrePay",
      coalesce(sum(total) filter (where in_period), 0) as "totalInvoices",
      coalesce(sum(paid) filter (where in_period), 0) as "totalPayments",
      coalesce(sum(paid) filter (where in_period and kind not in ('prepay', 'payment')), 0) as "totalPrePay",
      coalesce(sum(documents) filter (where in_period), 0) as "count"
    from docs`);
  const row = rowsOf<Record<keyof InvoiceTotals, string>>(res)[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as InvoiceTotals;
}

export type InvoiceStatementRow = {
  type: 'invoice' | 'payment';
  /** The keyset's tie-breaker: the invoice's id zero-padded, or the payment's uuid. */
  key: string;
  at: Date;
  /** The invoice, or the one the payment is for. */
  invoiceId: number;
  kind: 'prepay' | 'orders' | 'settlement' | 'credit_note';
  series: string;
  number: number;
  totalBani: number;
  paidBani: number;
  hasAnnex: boolean;
  cardBrand: string | null;
  lastDigits: string | null;
  cardBank: string | null;
  payment: { id: string; amountBani: number; revertedBani: number; active: boolean; reference: string } | null;
};
export type StatementKey = { at: Date; type: string; key: string };

/**
 * The period's documents and recorded payments oldest first, after the keyset (at, type, key) or
 * at an offset: the screen pages by offset, the export walks keyset batches. An advance carries
 * the card that paid it (its top-up's movement, ledger_invoice_idx, and the card payment named by
 * its reference).
 */
export async function invoiceStatementRows(
  ex: Executor,
  userId: number,
  p: InvoicePeriod & { limit: number; offset?: number; after?: StatementKey },
): Promise<InvoiceStatementRow[]> {
  const keyset = p.after ? sql` where (x.at, x.type, x.key) > (${p.after.at}, ${p.after.type}, ${p.after.key})` : sql``;
  // The page is chosen on the cheap columns first (index order of invoices_user_idx and
  // invoice_payments_user_idx); the per-document look-ups run for its rows only.
  const res = await ex.execute(sql`
    with page as (
      select x.* from (
        select 'invoice' as type, lpad(i.id::text, 10, '0') as key, i.issued_at as at, i.id as invoice_id, null::uuid as payment_id
        from ${invoices} i where ${where(userId, p)}
        union all
        select 'payment', p.id::text, p.paid_at, p.invoice_id, p.id
        from ${invoicePayments} p where ${paymentWhere(userId, p, true)}
      ) x${keyset}
      order by x.at, x.type, x.key
      limit ${p.limit}${p.offset ? sql` offset ${p.offset}` : sql``}
    )
    select pg.type, pg.key, pg.at, i.id as invoice_id, i.kind, i.series, i.number,
      case when pg.type = 'invoice' then i.total_bani else 0 end as total_bani,
      case when pg.type = 'invoice' then i.total_bani - ${postpaidPart} else ${paymentNet} end as paid_bani,
      pg.type = 'invoice' and exists (select 1 from ${billableCharges} bc where (bc.invoice_id = i.id or bc.credit_note_id = i.id) and bc.shipment_id is not null) as has_annex,
      card.card_brand, card.last_digits, card.card_bank,
      p.id as payment_id, p.amount_bani as payment_amount, p.reverted_bani as payment_reverted, p.active as payment_active, p.reference as payment_reference
    from page pg
    join ${invoices} i on i.id = pg.invoice_id
    left join ${invoicePayments} p on p.id = pg.payment_id
    left join lateral (
      select cp.card_brand, cp.last_digits, cp.card_bank from ${ledgerEntries} le join ${cardPayments} cp on cp.identifier = le.reference
      where pg.type = 'invoice' and i.kind = 'prepay' and le.invoice_id = i.id and le.user_id = i.user_id and le.kind = 'topup' limit 1
    ) card on true
    order by pg.at, pg.type, pg.key`);
  type Raw = {
    type: 'invoice' | 'payment';
    key: string;
    at: Date | string;
    invoice_id: number;
    kind: InvoiceStatementRow['kind'];
    series: string;
    number: number;
    total_bani: string;
    paid_bani: string;
    has_annex: boolean;
    card_brand: string | null;
    last_digits: string | null;
    card_bank: string | null;
    payment_id: string | null;
    payment_amount: string | null;
    payment_reverted: string | null;
    payment_active: boolean | null;
    payment_reference: string | null;
  };
  return rowsOf<Raw>(res).map((r) => ({
    type: r.type,
    key: r.key,
    at: new Date(r.at),
    invoiceId: Number(r.invoice_id),
    kind: r.kind,
    series: r.series,
    number: Number(r.number),
    totalBani: Number(r.total_bani),
    paidBani: Number(r.paid_bani),
    hasAnnex: Boolean(r.has_annex),
    cardBrand: r.card_brand,
    lastDigits: r.last_digits,
    cardBank: r.card_bank,
    payment: r.payment_id
      ? { id: r.payment_id, amountBani: Number(r.payment_amount), revertedBani: Number(r.payment_reverted), active: Boolean(r.payment_active), reference: r.payment_reference ?? '' }
      : null,
  }));
}

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

/** The client's payment type (userPaymentType). */
export async function paymentTypeOf(ex: Executor, userId: number): Promise<'prepaid' | 'postpaid'> {
  const res = await ex.execute(sql`select payment_type from users where id = ${userId}`);
  return rowsOf<{ payment_type: 'prepaid' | 'postpaid' }>(res)[0]?.payment_type ?? 'prepaid';
}

/** Postpaid shipments of the period not invoiced yet (billable_charges_open_idx). */
export async function servicesNotInvoiced(ex: Executor, userId: number, p: { from: Date; to: Date }): Promise<number> {
  const res = await ex.execute(sql`
    select coalesce(sum(bc.amount_bani), 0) as total from ${billableCharges} bc
    where bc.user_id = ${userId} and bc.invoice_id is null and bc.credit_note_id is null and bc.created_at >= ${p.from} and bc.created_at < ${p.to}`);
  return Number(rowsOf<{ total: string }>(res)[0]?.total ?? 0);
}
