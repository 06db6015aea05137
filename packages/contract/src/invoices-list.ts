import { z } from './zod.js';
import { listEnvelope, pageQuery } from './common/pagination.js';
import { INVOICE_KINDS } from './invoicing.js';

/**
 * The invoices page (/profile/invoices, spec 002 section 2.6; issue 17): every invoice and credit
 * note of the acting client, newest first, by period (Bucharest days) and billing entity.
 */
export const INVOICES_PAGE_SIZE = 25;

/** Texts only the invoices page and its downloads need (the specification quotes the error one). */
export const INVOICES_MESSAGES = {
  title: 'Facturi',
  from: 'De la',
  to: 'Pana la',
  entity: 'Date facturare',
  allEntities: 'Toate',
  number: 'Numar',
  date: 'Data',
  amountNoVat: 'Valoare fara TVA',
  amount: 'Valoare cu TVA',
  paid: 'Achitata',
  status: 'Stare',
  yes: 'Achitata',
  no: 'Neachitata',
  creditNote: 'Storno',
  creditsInvoice: 'storneaza',
  pdf: 'PDF',
  annex: 'Anexa',
  empty: 'Nu exista facturi pentru filtrele selectate.',
  loadError: 'A intervenit o eroare in preluarea facturilor!',
  /** Spec 002 section 8: the invoice/annex print failure. */
  downloadError: 'A intervenit o eroare! Va rugam reincercati!',
  noAnnex: 'Factura nu are anexa: nu acopera expedieri.',
  rangeInvalid: 'Data de inceput trebuie sa fie inainte de data de sfarsit!',
} as const;

export const ZInvoiceListQuery = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** One of the client's billing data entries (the invoice's buyer when issued). */
    billingEntityId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    ...pageQuery(INVOICES_PAGE_SIZE).shape,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: INVOICES_MESSAGES.rangeInvalid, path: ['from'] });
export type TInvoiceListQuery = z.input<typeof ZInvoiceListQuery>;
export type TInvoiceListFilters = z.output<typeof ZInvoiceListQuery>;

export const ZInvoiceListItem = z.object({
  id: z.number().int(),
  /** 'COL 000012' */
  fullNumber: z.string(),
  kind: z.enum(INVOICE_KINDS),
  issuedAt: z.string(),
  billingEntityId: z.number().int().nullable(),
  /** The buyer's name as printed on the invoice. */
  entityName: z.string(),
  netBani: z.number().int(),
  totalBani: z.number().int(),
  /**
   * Paid: an advance (paid by card), or an invoice (credit note) whose shipments were all paid
   * from the prepaid balance (refunded to it). Postpaid shipments wait for a payment.
   */
  paid: z.boolean(),
  /** The annex exists when the document covers shipments. */
  hasAnnex: z.boolean(),
  /** A credit note's original invoice. */
  creditsInvoice: z.object({ id: z.number().int(), fullNumber: z.string() }).nullable(),
  pdfUrl: z.string(),
  annexUrl: z.string().nullable(),
});
export type TInvoiceListItem = z.infer<typeof ZInvoiceListItem>;
export const ZInvoiceListResponse = listEnvelope(ZInvoiceListItem);
export type TInvoiceListResponse = z.infer<typeof ZInvoiceListResponse>;

/** The annex's columns, in order (its first row). */
export const INVOICE_ANNEX_COLUMNS = ['Data', 'AWB', 'Destinatar', 'Serviciu', 'Greutate (kg)', 'Pret fara TVA (lei)', 'Pret cu TVA (lei)'] as const;

export const invoicePrintPath = (id: number) => `/api/invoice/print/${id}`;
export const invoiceAnnexPath = (id: number) => `/api/invoice/annex/${id}`;
