import { z } from './zod.js';
import { billingMessages } from './messages/billing.js';
import { commonMessages } from './messages/common.js';
import { normalizeCui } from './rules/fiscal-codes.js';

/** Contract of the e-invoicing (e-Factura) connection of a billing entry (spec 000 sections 4 and 7). */

/** ACTIVE while the refresh token is valid; EXPIRED once it lapsed (the company must be connected again). */
export const EINVOICE_STATES = ['ACTIVE', 'EXPIRED'] as const;
export type EInvoiceState = (typeof EINVOICE_STATES)[number];

/** POST user/invoicing-system/connect/prepare: the entry and its code, checked against each other by the server. */
export const ZEInvoicePrepareRequest = z.object({
  fiscalSubaccountNumber: z.number().int().positive().max(2_147_483_647),
  identificationCode: z
    .string()
    .trim()
    .min(1, billingMessages.codeRequired)
    .max(20, commonMessages.fieldInvalid)
    .transform((v) => normalizeCui(v)),
  /** The page to come back to after the consent page: the billing list (default) or e-Factura's own pages. */
  returnTo: z.enum(['billing', 'einvoice']).default('billing'),
});
export type TEInvoicePrepareRequest = z.input<typeof ZEInvoicePrepareRequest>;

/** The tax authority's consent page (or its simulator): the browser is sent there. */
export const ZEInvoicePrepareResponse = z.object({ success: z.literal(true), url: z.string() });
export type TEInvoicePrepareResponse = z.infer<typeof ZEInvoicePrepareResponse>;

/**
 * Where the consent page sends the browser back: `code` and `state`, or `error` and `state`.
 * Values of an unexpected shape are dropped (the callback then reports a failure), never answered as JSON.
 */
const optionalParam = (max: number) => z.string().min(1).max(max).optional().catch(undefined);
export const ZEInvoiceCallbackQuery = z.object({
  code: optionalParam(4096),
  state: optionalParam(256),
  error: optionalParam(100),
});

/** The list page's query after the callback: ?einvoice=connected, or ?einvoice=error&reason=refused|failed. */
export const EINVOICE_RETURN_PARAM = 'einvoice';
export const EINVOICE_RETURN_REASONS = ['refused', 'failed'] as const;
export type EInvoiceReturnReason = (typeof EINVOICE_RETURN_REASONS)[number];
/** Where the browser lands after the consent page: the page the connection was started from. */
export const EINVOICE_RETURN_TARGETS = { billing: '/profile/billing/data/list', einvoice: '/profile/invoicing-system/system-invoices/received/list' } as const;
export type EInvoiceReturnTarget = keyof typeof EINVOICE_RETURN_TARGETS;
export const EINVOICE_RETURN_PATH = EINVOICE_RETURN_TARGETS.billing;

/**
 * GET user/invoicing-system/vat/values: the VAT rates in force today (the dated table), the
 * standard rate first (the invoice form's default VAT, spec 002 section 4); each with an id (the
 * rate itself: the same rate keeps its id from one day to the next).
 */
export const ZVatValue = z.object({ id: z.number().int(), value: z.number(), label: z.string() });
export type TVatValue = z.infer<typeof ZVatValue>;
export const ZVatValuesResponse = z.object({ success: z.literal(true), list: z.array(ZVatValue) });
export type TVatValuesResponse = z.infer<typeof ZVatValuesResponse>;
