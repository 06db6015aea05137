import { z } from './zod.js';

/** Contract of invoices, invoicing settings and settling the account (spec 000 sections 3, 4 and 7). */

/** One invoicing setting: its value and whether the client chose it (otherwise the platform default applies). */
export const ZInvoicingSetting = z.object({ value: z.boolean(), modifiedManually: z.boolean() });
export const ZInvoicingSettings = z.object({
  /** An invoice for every prepaid top-up, issued when the payment succeeds. */
  invoiceEveryPrepay: ZInvoicingSetting,
  /** An invoice for every shipment when it is activated; otherwise shipments are invoiced together each month. */
  invoiceEveryOrder: ZInvoicingSetting,
});
export type TInvoicingSettings = z.infer<typeof ZInvoicingSettings>;

export const ZInvoicingSettingsResponse = z.object({ success: z.literal(true), settings: ZInvoicingSettings });
export type TInvoicingSettingsResponse = z.infer<typeof ZInvoicingSettingsResponse>;

/** POST user/settings/invoicing: the values the client sets (each one it sends becomes modifiedManually). */
export const ZInvoicingSettingsRequest = z.object({
  settings: z
    .object({
      invoiceEveryPrepay: z.object({ value: z.boolean() }).strict().optional(),
      invoiceEveryOrder: z.object({ value: z.boolean() }).strict().optional(),
    })
    .strict(),
});
export type TInvoicingSettingsRequest = z.infer<typeof ZInvoicingSettingsRequest>;

export const INVOICE_KINDS = ['prepay', 'orders', 'settlement', 'credit_note'] as const;
export const ZInvoiceSummary = z.object({
  id: z.number().int(),
  series: z.string(),
  number: z.number().int(),
  /** Series and number as printed, e.g. 'COL 000012'. */
  fullNumber: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** Total with VAT, RON with two decimals. */
  total: z.string(),
  issuedAt: z.string(),
  buyerName: z.string(),
  /** Where the PDF is downloaded (GET, same origin). */
  pdfUrl: z.string(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** POST user/settle-account-finances: the invoice issued (if anything was unbilled) and the balance returned. */
export const ZSettleResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: ZInvoiceSummary.nullable(),
  /** The prepaid balance sent back to the client's bank account, RON. */
  returnedAmount: z.string(),
  bankAccount: z.string().nullable(),
});
export type TSettleResponse = z.infer<typeof ZSettleResponse>;

export const ZInvoiceIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
