import type { TInvoicingSettings, TInvoicingSettingsRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys, type BillingSaved } from './billing-keys';

/** POST user/settings/invoicing: the answer carries the saved settings, put straight in the cache. */
export const saveInvoicingSettings = (settings: TInvoicingSettingsRequest['settings']) =>
  api<BillingSaved & { settings: TInvoicingSettings }>('POST', 'user/settings/invoicing', { settings });

export function useSaveInvoicingSettings() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: saveInvoicingSettings,
    onSuccess: (data) => queryClient.setQueryData(billingKeys.invoicingSettings(acting), data.settings),
  });
}
