import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys, type BillingSaved } from './billing-keys';

/** PATCH user/billing/data/set-active/{fiscalSubaccountNumber}: the entry invoices are issued to. */
export const activateBillingData = (n: number) => api<BillingSaved>('PATCH', `user/billing/data/set-active/${n}`);

export function useActivateBillingData() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: activateBillingData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.list(acting) }),
  });
}
