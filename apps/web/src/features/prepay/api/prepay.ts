import type { TBalanceResponse, TPaymentResponse, TSubscriptionAmounts, TTopUpRequest } from '@colete/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';

export const prepayKeys = {
  all: ['prepay'] as const,
  balance: (selectedClient?: number) => [...prepayKeys.all, 'balance', selectedClient ?? 'self'] as const,
  payment: (identifier: string) => [...prepayKeys.all, 'payment', identifier] as const,
};
const query = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');

export function useBalance() {
  const { selectedClient } = useActingParams();
  return useQuery({
    queryKey: prepayKeys.balance(selectedClient),
    queryFn: () => api<TBalanceResponse>('GET', `user/prepay/balance${query(selectedClient)}`),
  });
}

/** POST user/prepay/top-up: answers the processor's page, where the browser is sent. */
export function useTopUp() {
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (input: TTopUpRequest & { subscription?: TSubscriptionAmounts }) => api<{ success: true; identifier: string; url: string }>('POST', `user/prepay/top-up${query(selectedClient)}`, input),
  });
}

/** The payment after the processor sent the browser back; asked again while it is pending. */
export function usePayment(identifier: string) {
  return useQuery({
    queryKey: prepayKeys.payment(identifier),
    queryFn: () => api<TPaymentResponse>('GET', `user/prepay/payment/${encodeURIComponent(identifier)}`),
    refetchInterval: (q) => (q.state.data?.payment.status === 'pending' && q.state.dataUpdateCount < 20 ? 1500 : false),
  });
}
