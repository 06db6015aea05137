import { einvoiceMessages } from './messages/einvoice.js';
import { einvoiceFormMessages } from './messages/einvoice-form.js';
import { statusMachine } from './status-machine.js';
import { z } from './zod.js';

/*
 * The e-invoices a connected company sends through e-Factura (issue 26; spec 002 section 3 "Sent
 * invoice"): the platform's own invoices first. Statuses as the specification numbers them.
 */

export const SENT_STATUSES = ['initial', 'pending', 'error', 'success', 'notApplicable'] as const;
export type SentStatus = (typeof SENT_STATUSES)[number];

/** Spec 002 section 3: 1 initial, 2 pending, 3 error, 4 success, 5 not applicable. */
export const SENT_STATUS_CODES: Record<SentStatus, number> = { initial: 1, pending: 2, error: 3, success: 4, notApplicable: 5 };
export const SENT_STATUS_LABELS: Record<SentStatus, string> = {
  initial: 'In asteptare procesare',
  pending: 'In procesare',
  error: 'Eroare',
  success: 'Transmisa',
  notApplicable: 'Nu se aplica',
};

/**
 * initial: to send (not uploaded, or its attempt's outcome unknown); pending: uploaded, its upload
 * index known, e-Factura still processing; success: e-Factura accepted it; error: the official rules
 * refused it before upload, or e-Factura refused it (its answer kept). A document in error goes back
 * to initial once mended ('reprocess'): it is built and checked again and gets a new upload index.
 */
export const SENT_MACHINE = statusMachine(SENT_STATUSES, {
  initial: ['pending', 'error', 'notApplicable'],
  pending: ['success', 'error'],
  error: ['initial'],
  success: [],
  notApplicable: [],
});

/** A finding of the official rules (or of e-Factura's answer): the rule's id and its text. */
export type TSentFinding = { id: string; text: string };

/** The texts of the sending (the e-invoicing module's). */
export const SENT_TEXTS = {
  platformNotConnected: 'Firma platformei nu este conectata la e-Factura: documentul asteapta conectarea.',
  clientNotConnected: einvoiceFormMessages.companyNotConnected,
  invalid: 'Documentul nu respecta regulile oficiale (CIUS-RO) si nu a fost trimis.',
  refused: 'e-Factura a respins documentul.',
  accepted: 'e-Factura a acceptat documentul.',
  uploaded: 'Documentul a fost incarcat in e-Factura.',
  queued: 'Documentul asteapta trimiterea in e-Factura.',
  notFound: einvoiceMessages.receivedNotFound,
  notDownloadable: einvoiceMessages.sentNotDownloadable,
  reprocessed: einvoiceMessages.sentReprocessed,
  notInError: einvoiceMessages.sentNotInError,
  requeued: 'Pusa din nou la trimis dupa corectare.',
} as const;

/** Spec 002 section 9: the sent list's page size. */
export const SENT_PAGE_SIZE = 100;
const sentDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, einvoiceMessages.invalidDate);

/** POST user/invoicing-system/outgoing-list (spec 002 section 7); empty filters are omitted by the screen. */
export const ZOutgoingListRequest = z
  .object({
    filters: z
      .object({
        dateFrom: sentDay.optional(),
        dateTo: sentDay.optional(),
        messageStatus: z.union([z.literal(1), z.literal(2)]).optional(),
        status: z.array(z.number().int().min(1).max(5)).max(5).default([]),
        buyer: z.object({ name: z.string().trim().max(200).default(''), identification: z.string().trim().max(30).default('') }).strict().optional(),
      })
      .strict()
      .default({ status: [] }),
    identificationCode: z.string().trim().min(1).max(20),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .strict()
  .refine((r) => !r.filters.dateFrom || !r.filters.dateTo || r.filters.dateFrom <= r.filters.dateTo, { error: einvoiceMessages.startAfterEnd, path: ['filters', 'dateFrom'] });
export type TOutgoingListRequest = z.input<typeof ZOutgoingListRequest>;

/** Spec 002 section 3 "Sent invoice", with the legal deadline and the findings of an error. */
export const ZSentInvoice = z.object({
  invoicingSystemId: z.number().int(),
  serial: z.string(),
  invoiceNumber: z.string(),
  buyer: z.object({ name: z.string(), identification: z.string() }),
  status: z.number().int(),
  date: z.string(),
  deadline: z.string(),
  amounts: z.object({ taxExcluded: z.number().int(), tax: z.number().int(), total: z.number().int() }),
  message: z.array(z.object({ id: z.number().int(), text: z.string(), sender: z.enum(['client', 'supplier']), status: z.number().int() })),
  processingId: z.object({ eInvoice: z.string().nullable() }),
  findings: z.array(z.object({ id: z.string(), text: z.string() })),
  kind: z.enum(['invoice', 'creditNote']),
});
export type TSentInvoice = z.infer<typeof ZSentInvoice>;
export const ZOutgoingListResponse = z.object({
  success: z.literal(true),
  /** Whether the company is the platform's own (the status filter is shown only then). */
  ownCompany: z.boolean(),
  list: z.array(ZSentInvoice),
  pagination: z.object({ page: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() }),
});
export type TOutgoingListResponse = z.infer<typeof ZOutgoingListResponse>;

/** Spec 002 section 3 "Status-detail record": each step of a sent document, with its text. */
export const SENT_DETAIL_STATUSES = ['queued', 'uploadSuccessful', 'uploadFailed', 'uploadRejected', 'downloadSuccessful'] as const;
export const ZSentStatusDetail = z.object({
  processingId: z.string().nullable(),
  downloadId: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.object({ status: z.enum(SENT_DETAIL_STATUSES) }),
  text: z.string(),
});
export const ZSentStatusDetailsResponse = z.object({ success: z.literal(true), list: z.array(ZSentStatusDetail), findings: z.array(z.object({ id: z.string(), text: z.string() })) });
export type TSentStatusDetailsResponse = z.infer<typeof ZSentStatusDetailsResponse>;
export const ZSentInvoiceParams = z.object({ invoiceId: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZSentDownloadParams = z.object({ processingId: z.string().regex(/^\d{1,18}$/), kind: z.enum(['xml', 'zip', 'pdf']) });
