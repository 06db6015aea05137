import { z } from './zod.js';
import { listEnvelope, pageQuery } from './common/pagination.js';
import { ZInvoiceSummary } from './invoicing.js';
import { balanceAdminMessages as m } from './messages/balance-admin.js';

/**
 * The admin's side of the balances (issue 17; spec 002 sections 2.4, 6, 7 "Balance" and 8):
 * invoicing a client now, recorded payments of postpaid invoices (activate, revert), the
 * platform's companies and the audit log. Every call is /api/admin/* (admins only).
 */

/** The smallest revert, in bani (spec 002 section 9: 'Confirm amount minimum 0.1'). */
export const REVERT_MIN_BANI = 10;
export const AUDIT_LOG_PAGE_SIZE = 25;

const ZClientId = z.number({ error: m.clientRequired }).int().positive().max(2_147_483_647);

/** An amount in lei with at most two decimals (a JSON number). */
const ZLei = z
  .number({ error: m.amountInvalid })
  .refine((v) => Number.isFinite(v) && v > 0 && /^\d+(\.\d{1,2})?$/.test(String(v)), m.amountInvalid);

/** POST admin/trigger-invoice and admin/trigger-invoice/pre-pay: the client acted for. */
export const ZTriggerInvoiceRequest = z.object({ selectedClient: ZClientId });
export type TTriggerInvoiceRequest = z.infer<typeof ZTriggerInvoiceRequest>;
export const ZTriggerInvoiceResponse = z.object({ success: z.literal(true), message: z.string(), invoice: ZInvoiceSummary });
export type TTriggerInvoiceResponse = z.infer<typeof ZTriggerInvoiceResponse>;

/** POST admin/payments: records a payment a postpaid client made for one of its invoices (not active yet). */
export const ZRecordPaymentRequest = z.object({
  selectedClient: ZClientId,
  invoiceId: z.number().int().positive().max(2_147_483_647),
  amount: ZLei,
  reference: z.string().trim().min(1, m.referenceRequired).max(100, m.referenceTooLong),
  /** The day the money arrived (YYYY-MM-DD, Bucharest), not after today; today when left out. */
  paidOn: z.iso.date().optional(),
});
export type TRecordPaymentRequest = z.infer<typeof ZRecordPaymentRequest>;

/** POST admin/activate-payment. */
export const ZActivatePaymentRequest = z.object({ id: z.uuid({ error: m.paymentNotFound }) });
export type TActivatePaymentRequest = z.infer<typeof ZActivatePaymentRequest>;

/** POST admin/revert-payment: amount in lei, at least 0.1 and at most what is left of the payment. */
export const ZRevertPaymentRequest = z.object({
  id: z.uuid({ error: m.paymentNotFound }),
  amount: ZLei.refine((v) => Math.round(v * 100) >= REVERT_MIN_BANI, m.revertMin),
});
export type TRevertPaymentRequest = z.infer<typeof ZRevertPaymentRequest>;

export const ZAdminPayment = z.object({
  id: z.string(),
  invoiceId: z.number().int(),
  /** 'COL 000012' */
  invoiceNumber: z.string(),
  reference: z.string(),
  amountBani: z.number().int(),
  revertedBani: z.number().int(),
  /** What may still be reverted: amountBani - revertedBani. */
  leftBani: z.number().int(),
  active: z.boolean(),
  paidAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type TAdminPayment = z.infer<typeof ZAdminPayment>;

/** Answer of record, activate and revert: the payment as it is now. */
export const ZPaymentActionResponse = z.object({ success: z.literal(true), message: z.string(), payment: ZAdminPayment });
export type TPaymentActionResponse = z.infer<typeof ZPaymentActionResponse>;

/** GET admin/payments?selectedClient=&page=&limit=: the client's recorded payments, newest first. */
export const ZAdminPaymentsQuery = z.object({
  selectedClient: z.coerce.number({ error: m.clientRequired }).int().positive().max(2_147_483_647),
  ...pageQuery(AUDIT_LOG_PAGE_SIZE).shape,
});
export type TAdminPaymentsQuery = z.input<typeof ZAdminPaymentsQuery>;
export const ZAdminPaymentsResponse = listEnvelope(ZAdminPayment);

/** GET admin/payments/invoices?selectedClient=: the client's invoices with postpaid shipments left to pay, newest first (the record dialog's choice). */
export const ZPayableInvoicesQuery = z.object({ selectedClient: z.coerce.number({ error: m.clientRequired }).int().positive().max(2_147_483_647) });
export const ZPayableInvoice = z.object({
  id: z.number().int(),
  fullNumber: z.string(),
  issuedAt: z.string(),
  totalBani: z.number().int(),
  /** The postpaid part less the active payments (net of their reverts). */
  leftBani: z.number().int(),
});
export type TPayableInvoice = z.infer<typeof ZPayableInvoice>;
export const ZPayableInvoicesResponse = z.object({ success: z.literal(true), list: z.array(ZPayableInvoice) });
export type TPayableInvoicesResponse = z.infer<typeof ZPayableInvoicesResponse>;
/** At most this many of them (the oldest unpaid beyond it wait until newer ones are paid). */
export const PAYABLE_INVOICES_MAX = 100;
export type TAdminPaymentsResponse = z.infer<typeof ZAdminPaymentsResponse>;

/** GET admin/companies: the platform's own companies that issued invoices (the current seller first). */
export const ZCompany = z.object({ id: z.number().int(), name: z.string() });
export type TCompany = z.infer<typeof ZCompany>;
export const ZCompaniesResponse = z.object({ success: z.literal(true), list: z.array(ZCompany) });
export type TCompaniesResponse = z.infer<typeof ZCompaniesResponse>;

/**
 * GET admin/audit-log?page=&limit=&clientId=&reads=: newest first, paged in SQL. Every admin call
 * is written; the reads (GET: searches, lists) only with reads=true, the actions always.
 */
export const ZAuditLogQuery = z.object({
  clientId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  reads: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  ...pageQuery(AUDIT_LOG_PAGE_SIZE, 100).shape,
});
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;
const ZPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  admin: ZPerson,
  client: ZPerson.nullable(),
  /** 'POST /api/admin/revert-payment' */
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  statusCode: z.number().int(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditLogResponse = listEnvelope(ZAuditEntry);
export type TAuditLogResponse = z.infer<typeof ZAuditLogResponse>;
