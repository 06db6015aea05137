import { INVOICES_PAGE_SIZE, type TInvoiceListResponse } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys, type InvoiceListParams } from './billing-keys';

/** GET user/invoices?from=&to=&billingEntityId=&page=&limit=: one page of invoices and credit notes, newest first. */
export const getInvoices = ({ from, to, billingEntityId, page }: InvoiceListParams) => {
  const query = new URLSearchParams({ from, to, page: String(page), limit: String(INVOICES_PAGE_SIZE) });
  if (billingEntityId) query.set('billingEntityId', String(billingEntityId));
  return api<TInvoiceListResponse>('GET', `user/invoices?${query.toString()}`);
};

export const useInvoices = (params: InvoiceListParams) =>
  useQuery({ queryKey: billingKeys.invoices(useActingClientId(), params), queryFn: () => getInvoices(params), placeholderData: keepPreviousData });
