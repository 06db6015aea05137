import type { TInvoicingSettings, TInvoicingSettingsRequest, TInvoicingSettingsResponse, TSettleResponse } from '@colete/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKey } from '../../../lib/profile-query';
import { useActingParams } from '../../../lib/selected-client';

const query = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');
const settingsKey = (selectedClient?: number) => ['billing', 'invoicing-settings', selectedClient ?? 'self'] as const;

/** GET user/settings/invoicing. */
export function useInvoicingSettings() {
  const { selectedClient } = useActingParams();
  return useQuery({
    queryKey: settingsKey(selectedClient),
    queryFn: () => api<TInvoicingSettingsResponse>('GET', `user/settings/invoicing${query(selectedClient)}`).then((r) => r.settings),
  });
}

/** POST user/settings/invoicing: the answer carries the saved settings, put straight in the cache. */
export function useSaveInvoicingSettings() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (settings: TInvoicingSettingsRequest['settings']) =>
      api<{ success: true; message: string; settings: TInvoicingSettings }>('POST', `user/settings/invoicing${query(selectedClient)}`, { settings }),
    onSuccess: (data) => queryClient.setQueryData(settingsKey(selectedClient), data.settings),
  });
}

/** POST user/settle-account-finances: afterwards the billing list and the profile sums are stale. */
export function useSettleAccount() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: () => api<TSettleResponse>('POST', `user/settle-account-finances${query(selectedClient)}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['billing', 'list'] }),
        queryClient.invalidateQueries({ queryKey: profileKey(selectedClient) }),
        queryClient.invalidateQueries({ queryKey: ['prepay'] }),
      ]),
  });
}
