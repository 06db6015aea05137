import {
  balanceMessages as T,
  pageOffset,
  type TBalanceAmounts,
  type TBalanceFilters,
  type TBalanceGeneralResponse,
  type TBalanceViewResponse,
  type TInvoiceBalanceAmounts,
  type TInvoiceBalanceFilters,
  type TInvoiceBalanceResponse,
  type TInvoiceBalanceTransaction,
} from '@colete/contract';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client.js';
import { bucharestDateKey, bucharestDayStart, nextDay } from '../../lib/dates.js';
import type { UserRow } from '../../types.js';
import { hasOldCompany, invoiceCompanies, invoiceFullNumber, servicesNotInvoiced } from '../invoicing/index.js';
import { ledgerStatementPage, ledgerTotals, type LedgerTotals } from '../ledger/index.js';
import { shipmentAwbsByIds } from '../shipments/index.js';
import { statementStream } from './balance-export.js';
import {
  invoiceStatementRows,
  invoiceTotals,
  type InvoicePeriod,
  type InvoiceStatementRow,
  type InvoiceTotals,
} from './balance-queries.js';

const EPOCH = new Date(0);
const FAR = new Date('9999-01-01T00:00:00Z');

const FIRST_DAY = '1970-01-01';
const LAST_DAY = '9999-01-01';

/**
 * A period of Bucharest days (both ends included) as instants [from, to) and as day keys
 * [fromDay, toDay) for the per-day sums; none: the whole history.
 */
export const periodOf = (q: { fromDate?: string; toDate?: string }) => ({
  from: q.fromDate ? bucharestDayStart(q.fromDate) : EPOCH,
  to: q.toDate ? bucharestDayStart(nextDay(q.toDate)) : FAR,
  fromDay: q.fromDate ?? FIRST_DAY,
  toDay: q.toDate ? nextDay(q.toDate) : LAST_DAY,
});

const amountsOf = (t: LedgerTotals, notInvoicedServices: number): TBalanceAmounts => ({
  totalTransactions: t.totalTransactions,
  totalReturnedTransactions: t.totalReturnedTransactions,
  totalServicesNotInvoiced: notInvoicedServices,
  totalPrepaid: t.totalPrepaid,
  totalNotInvoiced: t.totalNotInvoiced,
  totalBonus: t.totalBonus,
  totalLeft: t.totalLeft,
  previousBonus: t.previousBonus,
  previousLeft: t.previousLeft,
  totalOther: t.totalOther,
});

const invoiceAmountsOf = (t: InvoiceTotals): TInvoiceBalanceAmounts => {
  const previousDifference = t.previousInvoices - t.previousPayments;
  const totalDifference = t.totalInvoices - t.totalPayments;
  return {
    totalInvoices: t.totalInvoices,
    totalPayments: t.totalPayments,
    totalDifference,
    totalPrePay: t.totalPrePay,
    previousInvoices: t.previousInvoices,
    previousPayments: t.previousPayments,
    previousDifference,
    previousPrePay: t.previousPrePay,
    isPreviousDifference: previousDifference !== 0,
    isPreviousPrePayDifference: t.previousPrePay !== 0,
    isTotalDifference: previousDifference + totalDifference !== 0,
  };
};

/**
 * One statement row: an invoice (credit notes negative) paid by card (an advance), from the balance,
 * or left to pay; or a postpaid client's recorded payment (counted once active, less its reverts).
 */
export function invoiceTransaction(r: InvoiceStatementRow): TInvoiceBalanceTransaction {
  const invoiceNumber = invoiceFullNumber(r);
  if (r.payment) {
    return {
      id: `payment:${r.payment.id}`,
      dateTime: r.at.toISOString(),
      description: `${r.payment.active ? T.paymentRow : T.paymentInactive} ${invoiceNumber}${r.payment.reference ? ` (${r.payment.reference})` : ''}`,
      isInvoice: false,
      isPayment: true,
      invoice: null,
      invoiceAmount: 0,
      paymentAmount: r.paidBani,
      difference: -r.paidBani,
      prePayAmount: 0,
      cardData: null,
      payment: { id: r.payment.id, amountBani: r.payment.amountBani, leftBani: r.payment.amountBani - r.payment.revertedBani, active: r.payment.active },
    };
  }
  return {
    id: `invoice:${r.invoiceId}`,
    dateTime: r.at.toISOString(),
    description: `${T.invoiceKinds[r.kind]} ${invoiceNumber}`,
    isInvoice: true,
    isPayment: false,
    invoice: { id: r.invoiceId, invoiceNumber, hasAnnex: r.hasAnnex, kind: r.kind },
    invoiceAmount: r.totalBani,
    paymentAmount: r.paidBani,
    difference: r.totalBani - r.paidBani,
    prePayAmount: r.kind === 'prepay' ? 0 : r.paidBani,
    cardData: r.cardBrand && r.lastDigits ? { info: { brand: r.cardBrand }, cardNumber: { lastDigits: r.lastDigits }, bank: { name: r.cardBank } } : null,
    payment: null,
  };
}

export type BalanceDeps = { sellerCui: string };

/** The balance views of the acting client (admins: their chosen client, by the acting mechanism). */
export function balanceService(database: Database, deps: BalanceDeps) {
  const { db } = database;

  async function ledgerView(client: UserRow, q: TBalanceFilters, bonus: boolean): Promise<TBalanceViewResponse> {
    const period = periodOf(q);
    const [totals, rows, notInvoiced] = await Promise.all([
      ledgerTotals(db, client.id, period),
      ledgerStatementPage(db, client.id, { ...period, bonus, limit: q.limit, offset: pageOffset(q) }),
      servicesNotInvoiced(db, client.id, period),
    ]);
    // The page's shipments' AWBs, asked of the shipments module at once (one query a page).
    const awbs = await shipmentAwbsByIds(
      db,
      client.id,
      rows.flatMap((r) => (r.shipmentId === null ? [] : [r.shipmentId])),
    );
    return {
      success: true,
      transactions: rows.map((r) => ({
        id: r.id,
        dateTime: r.createdAt.toISOString(),
        description: r.description,
        orderAwb: r.shipmentId === null ? null : (awbs.get(r.shipmentId) ?? null),
        amount: r.amountBani,
        isRevert: r.kind === 'refund' || r.kind === 'reversal',
      })),
      count: bonus ? totals.bonusCount : totals.availableCount,
      amounts: amountsOf(totals, notInvoiced),
      userPaymentType: client.paymentType,
    };
  }

  const invoicePeriod = (q: TInvoiceBalanceFilters): InvoicePeriod => ({ ...periodOf(q), company: q.company });

  return {
    available: (client: UserRow, q: TBalanceFilters) => ledgerView(client, q, false),
    bonus: (client: UserRow, q: TBalanceFilters) => ledgerView(client, q, true),

    async invoices(client: UserRow, q: TInvoiceBalanceFilters): Promise<TInvoiceBalanceResponse> {
      const period = invoicePeriod(q);
      const [totals, rows, old] = await Promise.all([
        invoiceTotals(db, client.id, period),
        invoiceStatementRows(db, client.id, { ...period, limit: q.limit, offset: pageOffset(q) }),
        q.checkOld ? hasOldCompany(db, client.id, deps.sellerCui) : Promise.resolve(false),
      ]);
      return {
        success: true,
        transactions: rows.map(invoiceTransaction),
        count: totals.count,
        amounts: invoiceAmountsOf(totals),
        checkOld: old,
        companies: old ? await invoiceCompanies(db, client.id) : [],
      };
    },

    /** The statement as an xlsx stream: the previous-period line, every row of the period, the totals. */
    async exportInvoices(client: UserRow, q: TInvoiceBalanceFilters): Promise<{ fileName: string; stream: Readable }> {
      const period = invoicePeriod(q);
      const totals = invoiceAmountsOf(await invoiceTotals(db, client.id, period));
      const day = (d: Date) => bucharestDateKey(d);
      const last = q.toDate ?? day(new Date());
      const name = `${T.exportFile}-${q.fromDate ?? 'inceput'}-${last}.xlsx`;
      const stream = statementStream(
        (after, limit) => invoiceStatementRows(db, client.id, { ...period, limit, after }).then((rows) => rows.map((r) => ({ row: r, tx: invoiceTransaction(r) }))),
        totals,
      );
      return { fileName: name, stream };
    },

    async general(client: UserRow): Promise<TBalanceGeneralResponse> {
      const period = periodOf({});
      const [totals, invoices, notInvoiced] = await Promise.all([
        ledgerTotals(db, client.id, period),
        invoiceTotals(db, client.id, period),
        servicesNotInvoiced(db, client.id, period),
      ]);
      return { success: true, userPaymentType: client.paymentType, amounts: amountsOf(totals, notInvoiced), invoices: invoiceAmountsOf(invoices) };
    },
  };
}
export type BalanceService = ReturnType<typeof balanceService>;
