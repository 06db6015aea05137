import type { TCustomer, TCustomerInvoice, TShipmentSummary } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { customerKeys } from './customer-keys';

/** GET user/customer/{id}. */
export const getCustomer = (id: number) => api<{ success: true; customer: TCustomer }>('GET', `user/customer/${id}`).then((r) => r.customer);

export function useCustomer(id: number | null) {
  const acting = useActingClientId();
  return useQuery({ queryKey: customerKeys.detail(acting, id ?? 0), queryFn: () => getCustomer(id!), enabled: id !== null });
}

export const CUSTOMER_SHIPMENTS_PAGE = 10;

/** GET user/customer/{id}/shipments: the shipments to this customer, newest first. */
export function useCustomerShipments(id: number, page: number) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: customerKeys.shipments(acting, id, page),
    queryFn: () => api<{ success: true; list: TShipmentSummary[]; count: number }>('GET', `user/customer/${id}/shipments?page=${page}&limit=${CUSTOMER_SHIPMENTS_PAGE}`),
    placeholderData: keepPreviousData,
  });
}

/** GET user/customer/{id}/invoices: the e-invoices sent to this customer. */
export function useCustomerInvoices(id: number) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: customerKeys.invoices(acting, id),
    queryFn: () => api<{ success: true; list: TCustomerInvoice[] }>('GET', `user/customer/${id}/invoices`).then((r) => r.list),
  });
}
