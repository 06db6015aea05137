import type { TSettleResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prepayKeys, profileKeys } from '../../../lib/query-keys';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys } from './billing-keys';

/** POST user/settle-account-finances. */
export const settleAccount = () => api<TSettleResponse>('POST', 'user/settle-account-finances');

/** Afterwards the billing list, the profile sums and the prepaid balance are stale. */
export function useSettleAccount() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: settleAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.list(acting) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all(acting) }),
        queryClient.invalidateQueries({ queryKey: prepayKeys.all(acting) }),
      ]),
  });
}
