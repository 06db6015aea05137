import { EINVOICE_DEADLINES_PAGE_SIZE, type TEInvoiceDeadlinesResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the admins' deadlines view: every company's, the same whichever client is chosen. */
export const deadlineKeys = {
  root: ['einvoice-deadlines'] as const,
  page: (page: number) => [...deadlineKeys.root, page] as const,
};

/** GET admin/einvoice/deadlines (issue 26): every company's sent documents not accepted yet, near or past their deadline, soonest first. */
export const getEInvoiceDeadlines = (page: number) => api<TEInvoiceDeadlinesResponse>('GET', `admin/einvoice/deadlines?page=${page}&limit=${EINVOICE_DEADLINES_PAGE_SIZE}`);

export const einvoiceDeadlinesQueryOptions = (page: number) =>
  queryOptions({ queryKey: deadlineKeys.page(page), queryFn: () => getEInvoiceDeadlines(page), placeholderData: keepPreviousData });

export const useEInvoiceDeadlines = (page: number) => useQuery(einvoiceDeadlinesQueryOptions(page));
