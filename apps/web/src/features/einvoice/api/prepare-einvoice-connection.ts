import type { TEInvoicePrepareRequest, TEInvoicePrepareResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST user/invoicing-system/connect/prepare: answers the tax authority's consent page (or its
 * simulator's), where the browser is sent; it comes back to the billing list.
 */
export const prepareEInvoiceConnection = (body: TEInvoicePrepareRequest) =>
  api<TEInvoicePrepareResponse>('POST', 'user/invoicing-system/connect/prepare', body);

export const usePrepareEInvoiceConnection = () => useMutation({ mutationFn: prepareEInvoiceConnection });
