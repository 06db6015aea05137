import { z } from './zod.js';
import { LIST_SEARCH_MAX_LENGTH } from './common/list-constants.js';
import { ZPageNumber } from './common/pagination.js';
import { REPAYMENTS_LIST_MESSAGES as T } from './messages/repayments.js';

/**
 * The repayments screens (spec 002 sections 2.3, 3, 4.6, 7 "Repayments"; issue 15): the list with
 * its filters, totals and payments, the export, the client's bank accounts.
 */

/** Spec 002 section 9: 25, 50, 100; default 50. */
export const REPAYMENTS_PAGE_SIZES = [25, 50, 100] as const;
export const REPAYMENTS_DEFAULT_PAGE_SIZE = 50;
/** Spec 002 section 5: the search and account boxes wait 500 ms, the fetch 300 ms. */
export const REPAYMENTS_SEARCH_DEBOUNCE_MS = 500;
export const REPAYMENTS_FETCH_DEBOUNCE_MS = 300;
/** Spec 002 section 4.6: the export's 'done' shows 3 s; its failure 5 s (section 8). */
export const REPAYMENTS_EXPORT_DONE_MS = 3_000;
export const REPAYMENTS_EXPORT_ERROR_MS = 5_000;
/** The longest period the list answers (a year and a bit: the export's rows stay bounded). */
export const REPAYMENTS_MAX_RANGE_DAYS = 400;

/** The mutually exclusive filters (spec 002 section 4.6), in the order of the totals. */
export const REPAYMENT_FILTERS = ['all', 'notPaid', 'notDelivered', 'atCourier', 'atUs', 'paid'] as const;
export type RepaymentFilter = (typeof REPAYMENT_FILTERS)[number];
export const REPAYMENT_FILTER_FLAGS = {
  all: 'isAll',
  notPaid: 'isNotPaid',
  notDelivered: 'isNotDelivered',
  atCourier: 'isAtCourier',
  atUs: 'isAtUs',
  paid: 'isPaid',
} as const satisfies Record<RepaymentFilter, string>;

const flag = z.boolean().optional();

/** The list's filters (the list, its export). Dates are Bucharest days, both included. */
export const ZRepaymentFilters = z
  .object({
    searchString: z.string().trim().max(LIST_SEARCH_MAX_LENGTH).optional(),
    /** An IBAN (the account select; an admin's text box may hold part of one). */
    account: z.string().trim().max(40).optional(),
    fromDate: z.iso.date().optional(),
    toDate: z.iso.date().optional(),
    isAll: flag,
    isNotPaid: flag,
    isNotDelivered: flag,
    isAtCourier: flag,
    isAtUs: flag,
    isPaid: flag,
    /** One sheet's repayments (the sheets page's 'show repayments'): the dates and flags are then ignored. */
    sheetId: z.number().int().positive().max(2_147_483_647).optional(),
    selectedClient: z.number().int().positive().max(2_147_483_647).optional(),
    selectedCompany: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((v) => REPAYMENT_FILTERS.filter((f) => v[REPAYMENT_FILTER_FLAGS[f]]).length <= 1, { message: T.oneFilter, path: ['isAll'] })
  .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, { message: T.rangeInvalid, path: ['fromDate'] });
export type TRepaymentFilters = z.input<typeof ZRepaymentFilters>;

export const ZRepaymentListRequest = z.intersection(
  ZRepaymentFilters,
  z.object({
    page: ZPageNumber.default(1),
    limit: z
      .number()
      .int()
      .refine((v) => (REPAYMENTS_PAGE_SIZES as readonly number[]).includes(v), T.pageSizeInvalid)
      .default(REPAYMENTS_DEFAULT_PAGE_SIZE),
  }),
);
export type TRepaymentListRequest = z.input<typeof ZRepaymentListRequest>;

/** Spec 002 section 3 "Repayment (list row)"; amounts in integer bani. */
export const ZRepaymentRow = z.object({
  uniqueId: z.string(),
  orderDate: z.string(),
  toAddress: z.object({ contactName: z.string(), addressCity: z.string(), addressCounty: z.string(), text: z.string() }),
  orderAwb: z.string(),
  courierId: z.string(),
  clientReference: z.string().nullable(),
  amount: z.number().int(),
  bank: z.object({ name: z.string().nullable(), account: z.string().nullable() }),
  status: z.object({ code: z.string(), text: z.string(), rgba: z.string() }),
  dates: z.object({
    deliveryDate: z.string().nullable(),
    sentToUsDate: z.string().nullable(),
    receivedByUsDate: z.string().nullable(),
    sentToClientDate: z.string().nullable(),
  }),
  isCanceled: z.boolean(),
});
export type TRepaymentRow = z.infer<typeof ZRepaymentRow>;

const ZTotal = z.object({ count: z.number().int(), amount: z.number().int() });
export type TRepaymentTotal = z.infer<typeof ZTotal>;

export const ZRepaymentListResponse = z.object({
  success: z.literal(true),
  count: z.number().int(),
  list: z.array(ZRepaymentRow),
  totals: z.object({ all: ZTotal, notPaid: ZTotal, notDelivered: ZTotal, atCourier: ZTotal, atUs: ZTotal, paid: ZTotal }),
  /** From the client's repayment settings: the next payment's day (Bucharest) and the minimum amount in bani (null: no minimum). */
  nextPayment: z.object({
    date: z.object({ nextPayDate: z.string().nullable(), waitPending: z.number().int() }),
    amount: z.object({ minAmount: z.number().int().nullable() }),
  }),
  lastPayment: z.object({ date: z.string().nullable(), amount: z.number().int() }),
  /** The sheet filtered on (its info card), else null. */
  sheet: z.object({ id: z.number().int(), sheetDate: z.string(), bankAccount: z.string().nullable(), bankAccountOwner: z.string().nullable() }).nullable(),
});
export type TRepaymentListResponse = z.infer<typeof ZRepaymentListResponse>;

/** The export: the list's filters (or a sheet), as an xlsx file or mailed. */
export const ZRepaymentExportRequest = ZRepaymentFilters;
export const ZRepaymentExportEmailResponse = z.object({ success: z.literal(true), message: z.string() });

/** The xlsx's columns (the list's, in its order). */
export const REPAYMENT_EXPORT_COLUMNS = [
  'Data comanda',
  'AWB',
  'Destinatar',
  'Referinta client',
  'Suma (lei)',
  'Titular cont',
  'Cont',
  'Status',
  'Livrat',
  'Trimis de curier',
  'Primit de Colete Online',
  'Platit catre client',
] as const;

/** Admins' company selector: a company (billing data) by name, with the client it belongs to. */
export const ZRepaymentCompanyQuery = z.object({ search: z.string().trim().max(LIST_SEARCH_MAX_LENGTH).default('') });
export const ZRepaymentCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  clientEmail: z.string(),
  clientAccountType: z.enum(['company', 'individual']),
});
export type TRepaymentCompany = z.infer<typeof ZRepaymentCompany>;
export const ZRepaymentCompaniesResponse = z.object({ success: z.literal(true), list: z.array(ZRepaymentCompany) });

/** POST user/repayments/sheets and sheets-amount: page, limit, selectedClient. */
export const REPAYMENT_SHEETS_PAGE_SIZE = 25;
export const ZRepaymentSheetsRequest = z.object({
  page: ZPageNumber.default(1),
  limit: z.number().int().min(1).max(100).default(REPAYMENT_SHEETS_PAGE_SIZE),
  selectedClient: z.number().int().positive().max(2_147_483_647).optional(),
});
export const ZRepaymentSheetIdParams = z.object({ sheetId: z.coerce.number().int().positive().max(2_147_483_647) });
/** POST user/repayments/awaiting-list: the spec's body names userId (the acting client decides). */
export const ZRepaymentAwaitingRequest = z.object({
  userId: z.number().int().positive().max(2_147_483_647).optional(),
  selectedClient: z.number().int().positive().max(2_147_483_647).optional(),
});
