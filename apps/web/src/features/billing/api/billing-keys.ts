import type { ActingClientId } from '../../../lib/api-client';

/** Query keys of the billing data and the invoicing settings, per acting client. */
export const billingKeys = {
  all: (acting: ActingClientId) => ['billing', acting] as const,
  list: (acting: ActingClientId) => [...billingKeys.all(acting), 'list'] as const,
  invoicingSettings: (acting: ActingClientId) => [...billingKeys.all(acting), 'invoicing-settings'] as const,
};

export type BillingSaved = { success: true; message: string };
