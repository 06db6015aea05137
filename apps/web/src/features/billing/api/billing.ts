import type { TBillingData, TBillingDataRequest, TBillingListResponse, TContactData } from '@colete/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';

const keys = { list: (selectedClient?: number) => ['billing', 'list', selectedClient ?? 'self'] as const };
const query = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');
type Saved = { success: true; message: string; data: TBillingData };

/** GET user/billing/data: the entries, whether the account is settled, the multi-company flag, contact data. */
export function useBillingList() {
  const { selectedClient } = useActingParams();
  return useQuery({ queryKey: keys.list(selectedClient), queryFn: () => api<TBillingListResponse>('GET', `user/billing/data${query(selectedClient)}`) });
}

function useBillingMutation<V, R>(call: (v: V, selectedClient?: number) => Promise<R>) {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (v: V) => call(v, selectedClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(selectedClient) }),
  });
}

export const useSaveBillingData = () =>
  useBillingMutation<TBillingDataRequest, Saved>((body, c) => api<Saved>('POST', `user/billing/data${query(c)}`, body));
export const useDeleteBillingData = () =>
  useBillingMutation<number, { success: true; message: string }>((n, c) => api('DELETE', `user/billing/data/${n}${query(c)}`));
export const useActivateBillingData = () =>
  useBillingMutation<number, { success: true; message: string }>((n, c) => api('PATCH', `user/billing/data/set-active/${n}${query(c)}`));
export const useSaveContact = () =>
  useBillingMutation<TContactData, { success: true; message: string }>((body, c) => api('POST', `user/contact${query(c)}`, body));
