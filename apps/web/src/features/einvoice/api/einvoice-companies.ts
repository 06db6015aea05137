import type { TEInvoiceCompaniesResponse } from '@colete/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** GET user/invoicing-system/companies: the client's companies connected to e-Factura ('Management firme'). */
export function useEInvoiceCompanies() {
  const acting = useActingClientId();
  return useQuery({ queryKey: ['einvoice-connected', acting], queryFn: () => api<TEInvoiceCompaniesResponse>('GET', 'user/invoicing-system/companies') });
}

/** DELETE user/invoicing-system/company/{id}, or POST .../refresh; the lists of companies are read again either way. */
export function useCompanyAction(kind: 'delete' | 'refresh') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      kind === 'delete'
        ? api<{ success: true; message: string }>('DELETE', `user/invoicing-system/company/${id}`)
        : api<{ success: true; message: string }>('POST', `user/invoicing-system/company/${id}/refresh`),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['einvoice-connected'] }), client.invalidateQueries({ queryKey: ['einvoice-companies'] })]),
  });
}
