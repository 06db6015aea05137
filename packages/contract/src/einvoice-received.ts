import { einvoiceMessages } from './messages/einvoice.js';
import { ZCourierCheck, ZSupplierCourier, ZSupplierCourierId } from './einvoice-courier-check.js';
import { statusMachine } from './status-machine.js';
import { z } from './zod.js';

/*
 * Contract of the received e-invoices (issue 25; spec 002 sections 2.7, 3 "Received invoice", 4.8, 7
 * "E-invoicing", 8, 9). Amounts are integer bani in the invoice's own currency.
 */

/** Spec 002 section 4.8: every status a received invoice can be in. */
export const RECEIVED_INVOICE_STATUSES = [
  'initial',
  'supplier_missing',
  'supplier_force_accept',
  'ready_for_interaction',
  'rejected_with_message',
  'rejected',
  'force_accepted',
  'accepted_by_script',
  'manually_accepted',
  'internal_accept',
] as const;
export type ReceivedInvoiceStatus = (typeof RECEIVED_INVOICE_STATUSES)[number];

/**
 * The two account types' machines (spec 002 sections 4.8 and 6): 'Internal' is the platform's own
 * company (the couriers' invoices: reject, accept, add the supplier and accept); 'Customer' any other
 * company ('Factura nu ne apartine' rejects, 'Marcheaza ca primita' takes it back).
 */
export const RECEIVED_INVOICE_MACHINES = {
  internal: statusMachine(RECEIVED_INVOICE_STATUSES, {
    initial: [],
    supplier_missing: ['rejected', 'rejected_with_message', 'supplier_force_accept'],
    ready_for_interaction: ['rejected', 'rejected_with_message', 'manually_accepted'],
    supplier_force_accept: [],
    rejected_with_message: [],
    rejected: [],
    force_accepted: [],
    accepted_by_script: [],
    manually_accepted: [],
    internal_accept: [],
  }),
  customer: statusMachine(RECEIVED_INVOICE_STATUSES, {
    initial: ['rejected', 'rejected_with_message'],
    rejected: ['initial'],
    rejected_with_message: ['initial'],
    supplier_missing: [],
    supplier_force_accept: [],
    ready_for_interaction: [],
    force_accepted: [],
    accepted_by_script: [],
    manually_accepted: [],
    internal_accept: [],
  }),
} as const;
export type EInvoiceAccountType = keyof typeof RECEIVED_INVOICE_MACHINES;

/** The statuses each account type sees (the customer: only initial and the rejected ones). */
export const RECEIVED_STATUSES_SHOWN: Record<EInvoiceAccountType, readonly ReceivedInvoiceStatus[]> = {
  internal: RECEIVED_INVOICE_STATUSES,
  customer: ['initial', 'rejected', 'rejected_with_message'],
};

/** The status chip's text per account type (spec 002 section 4.8). */
export function receivedStatusLabel(type: EInvoiceAccountType, status: ReceivedInvoiceStatus): string {
  if (type === 'customer') return status === 'initial' ? 'Primita' : status === 'rejected' || status === 'rejected_with_message' ? 'Respinsa' : 'Primita';
  switch (status) {
    case 'initial':
      return 'In asteptare procesare';
    case 'supplier_missing':
      return 'Furnizor inexistent';
    case 'ready_for_interaction':
      return 'In asteptare actiune';
    case 'rejected':
    case 'rejected_with_message':
      return 'Respinsa';
    default:
      return 'Acceptata';
  }
}

/** The status chip's colour: rejected red; for the Internal account accepted green and waiting for a person amber. */
export function receivedStatusTone(type: EInvoiceAccountType, status: ReceivedInvoiceStatus): 'error' | 'success' | 'warning' | 'default' {
  if (status === 'rejected' || status === 'rejected_with_message') return 'error';
  if (type === 'customer' || status === 'initial') return 'default';
  return status === 'supplier_missing' || status === 'ready_for_interaction' ? 'warning' : 'success';
}

/** The rejected group (spec 002 section 4.8): a rejection with a comment is rejected_with_message, without one rejected. */
export const RECEIVED_REJECTED: readonly ReceivedInvoiceStatus[] = ['rejected', 'rejected_with_message'];
export const isRejection = (status: ReceivedInvoiceStatus) => RECEIVED_REJECTED.includes(status);
export const rejectionStatus = (comment: string): ReceivedInvoiceStatus => (comment.trim() ? 'rejected_with_message' : 'rejected');

/** The longest comment sent to the supplier with a rejection (a RASP message through e-Factura). */
export const RECEIVED_COMMENT_MAX = 1000;

/**
 * A comment sent to the supplier (spec 002 section 3, generalData.message): 'uploading' until
 * e-Factura answers its upload index, then 'uploadSuccessful' ('Trimis cu succes').
 */
export const RECEIVED_MESSAGE_STATUSES = ['uploading', 'uploadSuccessful'] as const;
export type ReceivedMessageStatus = (typeof RECEIVED_MESSAGE_STATUSES)[number];
export const RECEIVED_MESSAGE_MACHINE = statusMachine(RECEIVED_MESSAGE_STATUSES, { uploading: ['uploadSuccessful'], uploadSuccessful: [] });
export const RECEIVED_MESSAGE_LABELS: Record<ReceivedMessageStatus, string> = { uploading: 'Se trimite', uploadSuccessful: 'Trimis cu succes' };

/**
 * The actions each account type's menu offers in a status (spec 002 section 4.8): the status each
 * moves to (a rejection becomes rejected_with_message when a comment goes with it).
 */
export function receivedActions(type: EInvoiceAccountType, status: ReceivedInvoiceStatus): { label: string; to: ReceivedInvoiceStatus }[] {
  const moves = RECEIVED_INVOICE_MACHINES[type].moves[status];
  const actions: { label: string; to: ReceivedInvoiceStatus }[] = [];
  if (moves.includes('rejected')) actions.push({ label: type === 'customer' ? 'Factura nu ne apartine' : 'Respinge', to: 'rejected' });
  if (moves.includes('manually_accepted')) actions.push({ label: 'Accepta', to: 'manually_accepted' });
  if (moves.includes('supplier_force_accept')) actions.push({ label: 'Adauga furnizor si accepta', to: 'supplier_force_accept' });
  if (moves.includes('initial')) actions.push({ label: 'Marcheaza ca primita', to: 'initial' });
  return actions;
}

/** Warning status: 0 none, 1 to acknowledge (the row highlighted), 2 'Verificata'. */
export const RECEIVED_WARNING_STATUS = { none: 0, open: 1, verified: 2 } as const;

/** Spec 002 section 9: the received list's page size. */
export const RECEIVED_PAGE_SIZE = 100;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, einvoiceMessages.invalidDate);

/** POST user/invoicing-system/received-invoices. */
export const ZReceivedInvoicesRequest = z
  .object({
    filtersObj: z
      .object({
        status: z.array(z.enum(RECEIVED_INVOICE_STATUSES)).max(RECEIVED_INVOICE_STATUSES.length).default([]),
        date: z.object({ fromDate: day, toDate: day }).strict(),
        seller: z.object({ name: z.string().trim().max(200).default(''), identification: z.string().trim().max(30).default('') }).strict().default({ name: '', identification: '' }),
        pagination: z.number().int().min(1).max(100_000).default(1),
      })
      .strict(),
    identificationCode: z.string().trim().min(1).max(20),
    usedDate: z.enum(['invoiceDate', 'eInvoiceDate']).default('invoiceDate'),
  })
  .strict()
  .refine((r) => r.filtersObj.date.fromDate <= r.filtersObj.date.toDate, { error: einvoiceMessages.startAfterEnd, path: ['filtersObj', 'date'] });
export type TReceivedInvoicesRequest = z.input<typeof ZReceivedInvoicesRequest>;

/** Spec 002 section 3 "Received invoice". */
export const ZReceivedInvoice = z.object({
  receivedInvoiceId: z.number().int(),
  seller: z.object({ name: z.string(), identification: z.string() }),
  generalData: z.object({ invoiceDate: z.string(), invoiceIdentification: z.string(), message: z.array(z.object({ message: z.string(), sentDateTime: z.string(), status: z.enum(RECEIVED_MESSAGE_STATUSES) })) }),
  eInvoiceData: z.object({ date: z.string() }),
  amounts: z.object({ tax: z.number().int(), total: z.number().int(), currency: z.string() }),
  status: z.enum(RECEIVED_INVOICE_STATUSES),
  warnings: z.object({ status: z.number().int(), text: z.array(z.string()) }),
  kind: z.enum(['invoice', 'creditNote']),
  hasPdf: z.boolean(),
});
export type TReceivedInvoice = z.infer<typeof ZReceivedInvoice>;

export const ZReceivedInvoicesResponse = z.object({
  success: z.literal(true),
  accountType: z.enum(['internal', 'customer']),
  list: z.array(ZReceivedInvoice),
  pagination: z.object({ page: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() }),
  /** ISO instant of the last complete sync, or null before the first. */
  lastSync: z.string().nullable(),
  /** Internal account: the couriers a supplier added with 'Adauga furnizor si accepta' can be (empty for a customer). */
  couriers: z.array(ZSupplierCourier).default([]),
});
export type TReceivedInvoicesResponse = z.infer<typeof ZReceivedInvoicesResponse>;

/** PATCH user/invoicing-system/change/warning/status: acknowledge a warning (1 to 2 only). */
export const ZReceivedWarningRequest = z.object({ receivedInvoiceId: z.number().int().positive(), oldStatus: z.literal(1), changeToNewStatus: z.literal(2) }).strict();
export type TReceivedWarningRequest = z.input<typeof ZReceivedWarningRequest>;

/** PATCH user/invoicing-system/invoice/status: a move of the account type's machine from the status the user saw. */
export const ZReceivedStatusRequest = z
  .object({
    receivedInvoiceId: z.number().int().positive().max(2_147_483_647),
    comment: z.string().trim().max(RECEIVED_COMMENT_MAX, einvoiceMessages.commentTooLong).default(''),
    newStatus: z.enum(RECEIVED_INVOICE_STATUSES),
    oldStatus: z.enum(RECEIVED_INVOICE_STATUSES),
    /** 'Adauga furnizor si accepta' only: the courier the supplier is (its later invoices are checked against our AWBs). */
    supplierCourierId: ZSupplierCourierId,
  })
  .strict()
  .refine((r) => r.comment === '' || isRejection(r.newStatus), { error: einvoiceMessages.commentOnlyOnReject, path: ['comment'] })
  .refine((r) => r.supplierCourierId === null || r.newStatus === 'supplier_force_accept', { error: einvoiceMessages.courierOnlyWithSupplier, path: ['supplierCourierId'] });
export type TReceivedStatusRequest = z.input<typeof ZReceivedStatusRequest>;
export const ZReceivedStatusResponse = z.object({
  success: z.literal(true),
  changeStatus: z.object({ success: z.literal(true) }),
  /** Whether the comment goes to the supplier (through e-Factura, as a buyer's message). */
  messageSend: z.boolean(),
  status: z.enum(RECEIVED_INVOICE_STATUSES),
  message: z.string(),
});
export type TReceivedStatusResponse = z.infer<typeof ZReceivedStatusResponse>;

/** UN/ECE Recommendation 20 unit codes as a Romanian reader knows them (others shown as written). */
const UNIT_LABELS: Record<string, string> = { H87: 'buc', C62: 'buc', XPP: 'buc', KGM: 'kg', GRM: 'g', MTR: 'm', MTK: 'mp', MTQ: 'mc', LTR: 'l', HUR: 'ore', DAY: 'zile', MON: 'luni', SET: 'set', PR: 'per' };
export const unitLabel = (code: string | null) => (code ? (UNIT_LABELS[code] ?? code) : '');

/** A party of a received invoice as its XML names it. */
const ZReceivedParty = z.object({ name: z.string().nullable(), identification: z.string().nullable(), vatId: z.string().nullable(), city: z.string().nullable(), street: z.string().nullable(), country: z.string().nullable() });
/**
 * A received invoice's document as read from its XML (the page that draws it, and our PDF when the
 * supplier attached none): parties, lines, VAT per rate and totals, in bani of its currency.
 */
export const ZReceivedDocument = z.object({
  kind: z.enum(['invoice', 'creditNote']),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  currency: z.string().nullable(),
  seller: ZReceivedParty,
  buyer: ZReceivedParty,
  lines: z.array(z.object({ id: z.string().nullable(), objectId: z.string().nullable().default(null), name: z.string().nullable(), quantity: z.string().nullable(), unitCode: z.string().nullable(), netBani: z.number().int().nullable(), vatPercent: z.string().nullable(), category: z.string().nullable() })),
  taxes: z.array(z.object({ category: z.string().nullable(), percent: z.string().nullable(), taxableBani: z.number().int().nullable(), taxBani: z.number().int().nullable() })),
  taxBani: z.number().int().nullable(),
  totals: z.object({ lineExtensionBani: z.number().int().nullable(), taxExclusiveBani: z.number().int().nullable(), taxInclusiveBani: z.number().int().nullable(), allowanceBani: z.number().int(), chargeBani: z.number().int(), prepaidBani: z.number().int(), roundingBani: z.number().int(), payableBani: z.number().int().nullable() }),
  paymentIban: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string().nullable(), mimeCode: z.string().nullable() })),
});
export type TReceivedDocument = z.infer<typeof ZReceivedDocument>;

/** GET user/invoicing-system/received-invoice/{receivedInvoiceId}: one invoice as the list shows it, with its document. */
export const ZReceivedInvoiceParams = z.object({ receivedInvoiceId: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZReceivedInvoiceResponse = z.object({
  success: z.literal(true),
  accountType: z.enum(['internal', 'customer']),
  invoice: ZReceivedInvoice,
  document: ZReceivedDocument,
  /** Internal account: the check of a courier's invoice against our AWBs' costs (null when not checked). */
  courierCheck: ZCourierCheck.nullable(),
  couriers: z.array(ZSupplierCourier).default([]),
});
export type TReceivedInvoiceResponse = z.infer<typeof ZReceivedInvoiceResponse>;

/** GET user/invoicing-system/received-invoice/download/{receivedInvoiceId}/{zip|xml|pdf}. */
export const RECEIVED_DOWNLOAD_KINDS = ['zip', 'xml', 'pdf'] as const;
export const ZReceivedDownloadParams = z.object({ receivedInvoiceId: z.coerce.number().int().positive().max(2_147_483_647), kind: z.enum(RECEIVED_DOWNLOAD_KINDS) });

/** The received invoices' texts (the e-invoicing module's messages). */
export const RECEIVED_MESSAGES = {
  listFailed: einvoiceMessages.receivedListFailed,
  statusChanged: einvoiceMessages.statusChanged,
  statusFailed: einvoiceMessages.statusFailed,
  warningChanged: einvoiceMessages.warningChanged,
  notFound: einvoiceMessages.receivedNotFound,
  companyNotConnected: einvoiceMessages.companyNotConnected,
  warningNotOpen: einvoiceMessages.warningNotOpen,
  statusNotAllowed: einvoiceMessages.statusNotAllowed,
  statusChangedMeanwhile: einvoiceMessages.statusChangedMeanwhile,
  commentOnlyOnReject: einvoiceMessages.commentOnlyOnReject,
  commentTooLong: einvoiceMessages.commentTooLong,
} as const;
