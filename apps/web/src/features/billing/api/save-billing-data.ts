import type { TBillingData, TBillingDataRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys, type BillingSaved } from './billing-keys';

/** POST user/billing/data: adds or updates an entry. */
export const saveBillingData = (body: TBillingDataRequest) => api<BillingSaved & { data: TBillingData }>('POST', 'user/billing/data', body);

export function useSaveBillingData() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: saveBillingData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.list(acting) }),
  });
}
