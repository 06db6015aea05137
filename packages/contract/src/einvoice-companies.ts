import { einvoiceMessages } from './messages/einvoice.js';
import { z } from './zod.js';

/*
 * The companies connected to e-Factura, 'Management firme' (issue 25; spec 002 sections 2.7 and 8):
 * each with its last sync and 'Activ pana la {refresh expiry}' or 'Inactiv'; the connection renewed
 * ('Actualizeaza conexiune': its tokens refreshed now) or deleted after typing CONFIRM.
 */

/** GET user/invoicing-system/companies (the spec does not show this call). */
export const ZEInvoiceCompany = z.object({
  fiscalSubaccountNumber: z.number().int(),
  name: z.string(),
  identificationCode: z.string(),
  tradeRegister: z.string().nullable(),
  state: z.enum(['ACTIVE', 'EXPIRED']),
  refreshExpiresAt: z.string(),
  lastSync: z.string().nullable(),
  lastSyncError: z.string().nullable(),
});
export type TEInvoiceCompany = z.infer<typeof ZEInvoiceCompany>;
export const ZEInvoiceCompaniesResponse = z.object({ success: z.literal(true), list: z.array(ZEInvoiceCompany) });
export type TEInvoiceCompaniesResponse = z.infer<typeof ZEInvoiceCompaniesResponse>;

/** DELETE user/invoicing-system/company/{fiscalSubaccountNumber}, and POST .../refresh. */
export const ZEInvoiceCompanyParams = z.object({ fiscalSubaccountNumber: z.coerce.number().int().positive().max(2_147_483_647) });

/** The word a deletion asks to be typed. */
export const EINVOICE_DELETE_WORD = 'CONFIRM';

export const EINVOICE_COMPANY_MESSAGES = {
  deleted: einvoiceMessages.companyDeleted,
  deleteFailed: einvoiceMessages.companyDeleteFailed,
  refreshed: einvoiceMessages.connectionRefreshed,
  refreshFailed: einvoiceMessages.connectionRefreshFailed,
  notConnected: einvoiceMessages.companyNotConnected,
  loadFailed: einvoiceMessages.companiesFailed,
  none: einvoiceMessages.noCompanyConnected,
} as const;
