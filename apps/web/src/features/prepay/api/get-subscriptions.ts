import { SUBSCRIPTIONS_RETRIES, SUBSCRIPTIONS_RETRY_DELAY_MS, type TSubscription } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prepayKeys } from '../../../lib/query-keys';
import { useActingClientId } from '../../../lib/selected-client';

/** GET user/prepay/subscriptions. */
export const getSubscriptions = () => api<{ success: true; list: TSubscription[] }>('GET', 'user/prepay/subscriptions').then((r) => r.list);

/** Retried twice with 300 ms times the attempt (spec 000 section 9). */
export function useSubscriptions() {
  return useQuery({
    queryKey: prepayKeys.subscriptions(useActingClientId()),
    queryFn: getSubscriptions,
    retry: SUBSCRIPTIONS_RETRIES,
    retryDelay: (attempt) => SUBSCRIPTIONS_RETRY_DELAY_MS * (attempt + 1),
  });
}
