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
  requeuedAddress: 'Adresa cumparatorului corectata; pusa din nou la trimis.',
  messageNotFound: einvoiceMessages.sentMessageNotFound,
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
  /** The amounts' currency (ISO 4217): RON for the platform's invoices, the form's for a client's own ('Trimite factura'). */
  currency: z.string(),
  /** The buyer's messages about it (spec 002 section 3), oldest first, with the day e-Factura received each (ISO). */
  message: z.array(z.object({ id: z.number().int(), text: z.string(), sender: z.enum(['client', 'supplier']), status: z.number().int(), date: z.string() })),
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
export const ZSentStatusDetailsResponse = z.object({
  success: z.literal(true),
  list: z.array(ZSentStatusDetail),
  findings: z.array(z.object({ id: z.string(), text: z.string() })),
  /** In error because the buyer's kept address could not be stated: 'Retrimite' takes the address in parts. */
  canMendBuyerAddress: z.boolean(),
});
export type TSentStatusDetailsResponse = z.infer<typeof ZSentStatusDetailsResponse>;
export const ZSentInvoiceParams = z.object({ invoiceId: z.coerce.number().int().positive().max(2_147_483_647) });
/**
 * 'Retrimite' (issue 26): a document in error is built and checked again; with `buyerAddress`, the
 * buyer's address as the e-invoice states it (street, locality, county code, postal code) is mended
 * first: an invoice issued before the address was kept in parts, whose line names no county or, in
 * Bucharest, no sector, cannot be stated by the rules until a person says it.
 */
export const ZSentBuyerAddress = z
  .object({
    street: z.string().trim().min(1, einvoiceMessages.sentAddressStreet).max(150, einvoiceMessages.sentAddressStreet),
    city: z.string().trim().max(50, einvoiceMessages.sentAddressCity),
    countyCode: z.string().trim().regex(/^[A-Z]{1,2}$/, einvoiceMessages.sentAddressCounty),
    postalCode: z.union([z.literal(''), z.string().trim().regex(/^\d{6}$/, einvoiceMessages.sentAddressPostalCode)]).default(''),
  })
  .strict()
  // The locality (in Bucharest its sector) is judged even while another field is wrong, so each field says what is wrong at once.
  .superRefine((a, ctx) => {
    if (a.countyCode === 'B' ? !/^Sectorul [1-6]$/.test(a.city) : a.city.length === 0)
      ctx.addIssue({ code: 'custom', message: a.countyCode === 'B' ? einvoiceMessages.sentAddressSector : einvoiceMessages.sentAddressCity, path: ['city'] });
  }, { when: (p) => typeof p.value === 'object' && p.value !== null && typeof (p.value as { city?: unknown }).city === 'string' });
export type TSentBuyerAddress = z.input<typeof ZSentBuyerAddress>;
export const ZSentReprocessRequest = z.object({ buyerAddress: ZSentBuyerAddress.optional() }).strict().nullish();

export const ZSentDownloadParams = z.object({ processingId: z.string().regex(/^\d{1,18}$/), kind: z.enum(['xml', 'zip', 'pdf']) });

/** Spec 002 section 3: a buyer's message is 1 unread or 2 read. */
export const SENT_MESSAGE_STATUS = { unread: 1, read: 2 } as const;
const messageId = z.number({ error: einvoiceMessages.sentMessageIdInvalid }).int(einvoiceMessages.sentMessageIdInvalid).positive(einvoiceMessages.sentMessageIdInvalid).max(2_147_483_647, einvoiceMessages.sentMessageIdInvalid);
/** PUT user/invoicing-system/outgoing-list/mark-message-as-read (spec 002 section 7). */
export const ZMarkSentMessageRequest = z.object({ messageId }).strict();
/** PUT user/invoicing-system/outgoing-list/mark-message-as-read/bulk (spec 002 section 7). */
export const ZMarkSentMessagesRequest = z
  .object({ messageIds: z.array(messageId, { error: einvoiceMessages.sentMessageIdsInvalid }).min(1, einvoiceMessages.sentMessageIdsInvalid).max(500, einvoiceMessages.sentMessageIdsInvalid) })
  .strict();
export const ZMarkSentMessageResponse = z.object({ success: z.literal(true) });
