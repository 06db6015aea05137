import { z } from './zod.js';
import { balanceMessages as T } from './messages/balance.js';
import { ZPageNumber, zPageLimit } from './common/pagination.js';
import { INVOICE_KINDS } from './invoicing.js';

/**
 * The balance views (spec 002 sections 2.4, 3 and 7 "Balance"; issue 17). Every amount is integer
 * bani, signed as the money moved for the client (a top-up positive, a shipment's charge negative).
 * Each view takes a period of Bucharest days (both ends included; none: the whole history) and a
 * page of its rows; its totals are over the whole period, so they equal the sums of all its pages.
 */
export const BALANCE_PAGE_SIZE = 50;
export const BALANCE_MAX_PAGE_SIZE = 200;
/** The statement export writes at most this many rows (a year of a very busy client is far less). */
export const BALANCE_EXPORT_MAX_ROWS = 1_000_000;

const period = {
  fromDate: z.iso.date().optional(),
  toDate: z.iso.date().optional(),
  page: ZPageNumber.default(1),
  limit: zPageLimit(BALANCE_MAX_PAGE_SIZE).default(BALANCE_PAGE_SIZE),
  /** An admin's chosen client (read by the acting mechanism; a client never needs it). */
  selectedClient: z.number().int().positive().max(2_147_483_647).optional(),
};
const rangeOk = (v: { fromDate?: string; toDate?: string }) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate;

/** POST user/balance/available and user/balance/bonus. */
export const ZBalanceRequest = z.object(period).refine(rangeOk, { message: T.rangeInvalid, path: ['fromDate'] });
export type TBalanceRequest = z.input<typeof ZBalanceRequest>;
export type TBalanceFilters = z.output<typeof ZBalanceRequest>;

export const ZBalanceTransaction = z.object({
  id: z.number().int(),
  dateTime: z.string(),
  description: z.string(),
  /** The shipment's AWB when the movement is a shipment's charge or its refund. */
  orderAwb: z.string().nullable(),
  amount: z.number().int(),
  /** Money given back: a cancelled shipment's refund, a charge undone. */
  isRevert: z.boolean(),
});
export type TBalanceTransaction = z.infer<typeof ZBalanceTransaction>;

export const ZBalanceAmounts = z.object({
  /** Shipments paid from the balance in the period (positive). */
  totalTransactions: z.number().int(),
  /** Refunds and undone charges in the period. */
  totalReturnedTransactions: z.number().int(),
  /** Postpaid shipments of the period not invoiced yet. */
  totalServicesNotInvoiced: z.number().int(),
  /** Card top-ups of the period. */
  totalPrepaid: z.number().int(),
  /** Top-ups of the period without their advance invoice. */
  totalNotInvoiced: z.number().int(),
  /** Bonuses credited in the period. */
  totalBonus: z.number().int(),
  /** The balance at the end of the period. */
  totalLeft: z.number().int(),
  /** Bonuses credited before the period. */
  previousBonus: z.number().int(),
  /** Ours: the balance at the start of the period (the previous-period line). */
  previousLeft: z.number().int(),
  /** Ours: the period's other movements (admin corrections, money returned to the bank account), signed. */
  totalOther: z.number().int(),
});
export type TBalanceAmounts = z.infer<typeof ZBalanceAmounts>;

export const ZBalanceViewResponse = z.object({
  success: z.literal(true),
  transactions: z.array(ZBalanceTransaction),
  /** The period's rows over all pages. */
  count: z.number().int(),
  amounts: ZBalanceAmounts,
  userPaymentType: z.enum(['prepaid', 'postpaid']),
});
export type TBalanceViewResponse = z.infer<typeof ZBalanceViewResponse>;

/** A seller company of the platform (Company {id, name}): id is its fiscal code (CUI). */
export const ZBalanceCompany = z.object({ id: z.string(), name: z.string() });
export type TBalanceCompany = z.infer<typeof ZBalanceCompany>;

/** POST user/balance/invoices (and .../export with the same filters). */
export const ZInvoiceBalanceRequest = z
  .object({
    ...period,
    /** The seller company (its CUI) when the client has invoices from an older company. */
    company: z.string().regex(/^\d{2,10}$/, T.companyInvalid).optional(),
    /** Ask whether invoices from an older company exist (and list the companies). */
    checkOld: z.boolean().default(false),
  })
  .refine(rangeOk, { message: T.rangeInvalid, path: ['fromDate'] });
export type TInvoiceBalanceRequest = z.input<typeof ZInvoiceBalanceRequest>;
export type TInvoiceBalanceFilters = z.output<typeof ZInvoiceBalanceRequest>;

export const ZInvoiceBalanceTransaction = z.object({
  /** 'invoice:12' or 'payment:<id>'. */
  id: z.string(),
  dateTime: z.string(),
  description: z.string(),
  isInvoice: z.boolean(),
  isPayment: z.boolean(),
  invoice: z.object({ id: z.number().int(), invoiceNumber: z.string(), hasAnnex: z.boolean(), kind: z.enum(INVOICE_KINDS) }).nullable(),
  invoiceAmount: z.number().int(),
  paymentAmount: z.number().int(),
  /** invoiceAmount - paymentAmount: what the row leaves to pay. */
  difference: z.number().int(),
  /** The part paid from the prepaid balance. */
  prePayAmount: z.number().int(),
  cardData: z
    .object({ info: z.object({ brand: z.string() }), cardNumber: z.object({ lastDigits: z.string() }), bank: z.object({ name: z.string().nullable() }) })
    .nullable(),
  /** A recorded payment (payment rows only): activated by an admin or not, and what may still be reverted. */
  payment: z.object({ id: z.string(), amountBani: z.number().int(), leftBani: z.number().int(), active: z.boolean() }).nullable(),
});
export type TInvoiceBalanceTransaction = z.infer<typeof ZInvoiceBalanceTransaction>;

export const ZInvoiceBalanceAmounts = z.object({
  totalInvoices: z.number().int(),
  totalPayments: z.number().int(),
  totalDifference: z.number().int(),
  totalPrePay: z.number().int(),
  previousInvoices: z.number().int(),
  previousPayments: z.number().int(),
  previousDifference: z.number().int(),
  previousPrePay: z.number().int(),
  isPreviousDifference: z.boolean(),
  isPreviousPrePayDifference: z.boolean(),
  /** Something is left to pay at the end of the period (previous plus the period). */
  isTotalDifference: z.boolean(),
});
export type TInvoiceBalanceAmounts = z.infer<typeof ZInvoiceBalanceAmounts>;

export const ZInvoiceBalanceResponse = z.object({
  success: z.literal(true),
  transactions: z.array(ZInvoiceBalanceTransaction),
  count: z.number().int(),
  amounts: ZInvoiceBalanceAmounts,
  /** Invoices from a company other than the current seller exist (answered when asked). */
  checkOld: z.boolean(),
  /** The seller companies of the client's invoices (when checkOld was asked and is true). */
  companies: z.array(ZBalanceCompany),
});
export type TInvoiceBalanceResponse = z.infer<typeof ZInvoiceBalanceResponse>;

/** POST user/balance/general: the whole history's summary. */
export const ZBalanceGeneralRequest = z.object({ selectedClient: period.selectedClient });
export const ZBalanceGeneralResponse = z.object({
  success: z.literal(true),
  userPaymentType: z.enum(['prepaid', 'postpaid']),
  amounts: ZBalanceAmounts,
  invoices: ZInvoiceBalanceAmounts,
});
export type TBalanceGeneralResponse = z.infer<typeof ZBalanceGeneralResponse>;

/** The statement export's columns (the screen's), in order. */
export const BALANCE_EXPORT_COLUMNS = ['Data', 'Descriere', 'Factura', 'Valoare factura (lei)', 'Plata (lei)', 'Diferenta (lei)', 'Din preplata (lei)'] as const;
