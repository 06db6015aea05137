import {
  SUBSCRIPTIONS_RETRIES,
  SUBSCRIPTIONS_RETRY_DELAY_MS,
  type TSubscription,
  type TSubscriptionAmounts,
} from '@colete/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { prepayKeys } from './prepay';

const keys = { list: (selectedClient?: number) => [...prepayKeys.all, 'subscriptions', selectedClient ?? 'self'] as const };
const query = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');
type Saved = { success: true; message: string; subscription: TSubscription };

/** GET user/prepay/subscriptions, retried twice with 300 ms times the attempt (spec 000 section 9). */
export function useSubscriptions() {
  const { selectedClient } = useActingParams();
  return useQuery({
    queryKey: keys.list(selectedClient),
    queryFn: () => api<{ success: true; list: TSubscription[] }>('GET', `user/prepay/subscriptions${query(selectedClient)}`).then((r) => r.list),
    retry: SUBSCRIPTIONS_RETRIES,
    retryDelay: (attempt) => SUBSCRIPTIONS_RETRY_DELAY_MS * (attempt + 1),
  });
}

function useSubscriptionMutation<V>(call: (v: V, selectedClient?: number) => Promise<Saved>) {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (v: V) => call(v, selectedClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(selectedClient) }),
  });
}

export const useEditSubscription = () =>
  useSubscriptionMutation<{ identifier: string; amounts: TSubscriptionAmounts }>(({ identifier, amounts }, c) =>
    api<Saved>('PATCH', `user/prepay/subscription/${identifier}${query(c)}`, amounts),
  );

export const useDeactivateSubscription = () =>
  useSubscriptionMutation<string>((identifier, c) => api<Saved>('DELETE', `user/prepay/subscription/${identifier}${query(c)}`));

export const useReEnableSubscription = () =>
  useSubscriptionMutation<{ identifier: string; amounts: TSubscriptionAmounts }>(({ identifier, amounts }, c) =>
    api<Saved>('PATCH', `user/prepay/subscription${query(c)}`, { subscriptionId: identifier, data: amounts }),
  );
