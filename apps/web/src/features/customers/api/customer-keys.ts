import type { ActingClientId } from '../../../lib/api-client';

export type CustomerListParams = { search: string; page: number; limit: number };

/** Query keys of the customer book, per acting client. */
export const customerKeys = {
  all: (acting: ActingClientId) => ['customers', acting] as const,
  lists: (acting: ActingClientId) => [...customerKeys.all(acting), 'list'] as const,
  list: (acting: ActingClientId, params: CustomerListParams) => [...customerKeys.lists(acting), params] as const,
  detail: (acting: ActingClientId, id: number) => [...customerKeys.all(acting), 'detail', id] as const,
  shipments: (acting: ActingClientId, id: number, page: number) => [...customerKeys.detail(acting, id), 'shipments', page] as const,
  invoices: (acting: ActingClientId, id: number) => [...customerKeys.detail(acting, id), 'invoices'] as const,
};
