import type { TPaymentResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prepayKeys } from '../../../lib/query-keys';
import { useActingClientId } from '../../../lib/selected-client';

/** GET user/prepay/payment/{identifier}: the payment after the processor sent the browser back. */
export const getPayment = (identifier: string) => api<TPaymentResponse>('GET', `user/prepay/payment/${encodeURIComponent(identifier)}`);

/** Asked again while the payment is pending. */
export function usePayment(identifier: string) {
  return useQuery({
    queryKey: prepayKeys.payment(useActingClientId(), identifier),
    queryFn: () => getPayment(identifier),
    refetchInterval: (q) => (q.state.data?.payment.status === 'pending' && q.state.dataUpdateCount < 20 ? 1500 : false),
  });
}
