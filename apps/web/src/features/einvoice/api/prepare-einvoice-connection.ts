import type { TEInvoicePrepareRequest, TEInvoicePrepareResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';

/**
 * POST user/invoicing-system/connect/prepare: answers the tax authority's consent page (or its
 * simulator's), where the browser is sent; it comes back to the billing list.
 */
export function usePrepareEInvoiceConnection() {
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (body: TEInvoicePrepareRequest) =>
      api<TEInvoicePrepareResponse>('POST', `user/invoicing-system/connect/prepare${selectedClient ? `?selectedClient=${selectedClient}` : ''}`, body),
  });
}
