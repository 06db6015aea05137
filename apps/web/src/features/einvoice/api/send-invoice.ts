import type { TInvoiceFormRequest, TVatValuesResponse } from '@colete/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/* 'Trimite factura' (issue 26; spec 002 section 7): the form's lists and its submit. */

/** GET user/available-currencies: RON first. */
export function useAvailableCurrencies() {
  return useQuery({ queryKey: ['available-currencies'], queryFn: () => api<{ success: true; list: string[] }>('GET', 'user/available-currencies'), staleTime: Infinity });
}

/** GET user/invoicing-system/vat/values: the rates in force today, the standard (the default) first. */
export function useVatValues() {
  return useQuery({ queryKey: ['vat-values'], queryFn: () => api<TVatValuesResponse>('GET', 'user/invoicing-system/vat/values'), staleTime: 60 * 60_000 });
}

/** POST user/invoicing-system/invoice: the document checked and queued; a 400 carries the fields' findings. The sent list is read again. */
export function useSendInvoice() {
  const client = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (body: TInvoiceFormRequest) => api<{ success: true; invoicingSystemId: number; message: string }>('POST', 'user/invoicing-system/invoice', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sent-invoices', acting] }),
  });
}
