import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys, type BillingSaved } from './billing-keys';

/** DELETE user/billing/data/{fiscalSubaccountNumber}. */
export const deleteBillingData = (n: number) => api<BillingSaved>('DELETE', `user/billing/data/${n}`);

export function useDeleteBillingData() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: deleteBillingData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.list(acting) }),
  });
}
