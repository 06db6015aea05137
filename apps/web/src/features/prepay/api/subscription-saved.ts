import type { TSubscription } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { prepayKeys } from '../../../lib/query-keys';
import { useActingClientId } from '../../../lib/selected-client';

/** What every subscription change answers. */
export type SubscriptionSaved = { success: true; message: string; subscription: TSubscription };

/** A subscription change: afterwards the acting client's subscriptions are asked again. */
export function useSubscriptionMutation<V>(call: (v: V) => Promise<SubscriptionSaved>) {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prepayKeys.subscriptions(acting) }),
  });
}
