import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clientInvoices, invoiceDaysOf, invoiceHasAnnex } from '../invoicing/index.js';
import { invoicedTopUps, type DayPeriod } from '../ledger/index.js';
import { recordedPaymentsOf } from '../payments/index.js';
import { cardPaymentsOf } from '../prepay/index.js';

/**
 * The invoices-and-payments statement (POST user/balance/invoices): one SQL over the invoices, the
 * charges they cover, the recorded payments and the card payments of advances, each part asked of
 * the module that owns it (a sub-select it answers: issue 28 §2). A period is [from, to) in instants.
 */
export type InvoicePeriod = DayPeriod & { from: Date; to: Date; company?: string };

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export type InvoiceTotals = {
  previousInvoices: number;
  previousPayments: number;
  previousPrePay: number;
  totalInvoices: number;
  totalPayments: number;
  totalPrePay: number;
  count: number;
};

/**
 * The period's sums and the sums before it: the client's invoices from their per-day sums
 * (invoice_daily_totals, kept by triggers), its recorded payments (a few a month) one by one
 * (invoice_payments_user_idx).
 */
export async function invoiceTotals(ex: Executor, userId: number, p: InvoicePeriod): Promise<InvoiceTotals> {
  const res = await ex.execute(sql`
    with docs as (
      select d.day >= ${p.fromDay}::date as in_period, d.kind, d.total_bani as total, d.total_bani - d.postpaid_bani as paid, d.documents
      from (${invoiceDaysOf(userId, { toDay: p.toDay, company: p.company })}) d
      union all
      select p.paid_at >= ${p.from}, 'payment', 0, p.net_bani, 1
      from (${recordedPaymentsOf(userId, { to: p.to, company: p.company })}) p
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
        from (${clientInvoices(userId, { from: p.from, to: p.to, company: p.company })}) i
        union all
        select 'payment', p.id::text, p.paid_at, p.invoice_id, p.id
        from (${recordedPaymentsOf(userId, { from: p.from, to: p.to, company: p.company })}) p
      ) x${keyset}
      order by x.at, x.type, x.key
      limit ${p.limit}${p.offset ? sql` offset ${p.offset}` : sql``}
    )
    select pg.type, pg.key, pg.at, i.id as invoice_id, i.kind, i.series, i.number,
      case when pg.type = 'invoice' then i.total_bani else 0 end as total_bani,
      case when pg.type = 'invoice' then i.total_bani - i.postpaid_bani else p.net_bani end as paid_bani,
      pg.type = 'invoice' and ${invoiceHasAnnex(sql`i.id`)} as has_annex,
      card.card_brand, card.last_digits, card.card_bank,
      p.id as payment_id, p.amount_bani as payment_amount, p.reverted_bani as payment_reverted, p.active as payment_active, p.reference as payment_reference
    from page pg
    join (${clientInvoices(userId)}) i on i.id = pg.invoice_id
    left join (${recordedPaymentsOf(userId)}) p on p.id = pg.payment_id
    left join lateral (
      select cp.card_brand, cp.last_digits, cp.card_bank from (${invoicedTopUps()}) le join (${cardPaymentsOf()}) cp on cp.identifier = le.reference
      where pg.type = 'invoice' and i.kind = 'prepay' and le.invoice_id = i.id and le.user_id = i.user_id limit 1
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
