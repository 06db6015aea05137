import type {
  TActivatePaymentRequest,
  TRecordPaymentRequest,
  TPaymentActionResponse,
  TRevertPaymentRequest,
  TTriggerInvoiceRequest,
  TTriggerInvoiceResponse,
} from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The admin's balance calls (issue 17). admin/* calls never get the acting client added by the
 * api client: the client is named in the body. On success every query is refreshed (the
 * balances, the invoices list and the payments all moved).
 */
export const triggerInvoice = (body: TTriggerInvoiceRequest) => api<TTriggerInvoiceResponse>('POST', 'admin/trigger-invoice', body);
export const triggerPrepayInvoice = (body: TTriggerInvoiceRequest) =>
  api<TTriggerInvoiceResponse>('POST', 'admin/trigger-invoice/pre-pay', body);
export const recordPayment = (body: TRecordPaymentRequest) => api<TPaymentActionResponse>('POST', 'admin/payments', body);
export const activatePayment = (body: TActivatePaymentRequest) => api<TPaymentActionResponse>('POST', 'admin/activate-payment', body);
export const revertPayment = (body: TRevertPaymentRequest) => api<TPaymentActionResponse>('POST', 'admin/revert-payment', body);

function useAdminMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries() });
}

export const useTriggerInvoice = () => useAdminMutation(triggerInvoice);
export const useTriggerPrepayInvoice = () => useAdminMutation(triggerPrepayInvoice);
export const useRecordPayment = () => useAdminMutation(recordPayment);
export const useActivatePayment = () => useAdminMutation(activatePayment);
export const useRevertPayment = () => useAdminMutation(revertPayment);
