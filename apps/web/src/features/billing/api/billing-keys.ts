import type { ActingClientId } from '../../../lib/api-client';

/** Query keys of the billing data and the invoicing settings, per acting client. */
export const billingKeys = {
  all: (acting: ActingClientId) => ['billing', acting] as const,
  list: (acting: ActingClientId) => [...billingKeys.all(acting), 'list'] as const,
  invoicingSettings: (acting: ActingClientId) => [...billingKeys.all(acting), 'invoicing-settings'] as const,
  /** The invoices page's list (issue 17), one key per filters and page. */
  invoices: (acting: ActingClientId, params: InvoiceListParams) => [...billingKeys.all(acting), 'invoices', params] as const,
};

export type InvoiceListParams = { from: string; to: string; billingEntityId?: number; page: number };

export type BillingSaved = { success: true; message: string };
