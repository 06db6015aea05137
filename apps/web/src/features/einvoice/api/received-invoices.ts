import { type TBillingListResponse, type TReceivedInvoiceResponse, type TReceivedInvoicesRequest, type TReceivedInvoicesResponse, type TReceivedStatusRequest, type TReceivedStatusResponse, type TReceivedWarningRequest } from '@colete/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

const receivedKeys = { all: (acting: number | null) => ['received-invoices', acting] as const };

/** POST user/invoicing-system/received-invoices (issue 25): one page of a connected company's received invoices. */
export function useReceivedInvoices(request: TReceivedInvoicesRequest | null) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: [...receivedKeys.all(acting), request],
    queryFn: () => api<TReceivedInvoicesResponse>('POST', 'user/invoicing-system/received-invoices', request),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET user/invoicing-system/received-invoice/{id}: one invoice with its document (its page). */
export function useReceivedInvoice(id: number) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: [...receivedKeys.all(acting), 'one', id],
    queryFn: () => api<TReceivedInvoiceResponse>('GET', `user/invoicing-system/received-invoice/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** PATCH user/invoicing-system/change/warning/status: 'Am luat la cunostinta'. */
export function useAcknowledgeWarning() {
  const client = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (body: TReceivedWarningRequest) => api<{ success: true; message: string }>('PATCH', 'user/invoicing-system/change/warning/status', body),
    onSettled: () => client.invalidateQueries({ queryKey: receivedKeys.all(acting) }),
  });
}

/** PATCH user/invoicing-system/invoice/status: reject (with an optional comment to the supplier), accept, mark as received. */
export function useChangeReceivedStatus() {
  const client = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (body: TReceivedStatusRequest) => api<TReceivedStatusResponse>('PATCH', 'user/invoicing-system/invoice/status', body),
    onSettled: () => client.invalidateQueries({ queryKey: receivedKeys.all(acting) }),
  });
}

export const receivedDownloadUrl = (id: number, kind: 'zip' | 'xml' | 'pdf') => `user/invoicing-system/received-invoice/download/${id}/${kind}`;

/** The client's billing entries (GET user/billing/data), read once for e-Factura's pages. */
function useBillingEntries<T>(select: (r: TBillingListResponse) => T) {
  const acting = useActingClientId();
  return useQuery({ queryKey: ['einvoice-companies', acting], queryFn: () => api<TBillingListResponse>('GET', 'user/billing/data'), select });
}
const connectedOf = (r: TBillingListResponse) => r.list.filter((e) => e.eInvoice?.state === 'ACTIVE');
const allOf = (r: TBillingListResponse) => r.list;

/** The client's companies connected to e-Factura. */
export const useConnectedCompanies = () => useBillingEntries(connectedOf);
/** Every billing entry of the client (the connect page offers the companies not connected yet). */
export const useEInvoiceEntries = () => useBillingEntries(allOf);
