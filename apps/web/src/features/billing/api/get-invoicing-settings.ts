import type { TInvoicingSettingsResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys } from './billing-keys';

/** GET user/settings/invoicing. */
export const getInvoicingSettings = () => api<TInvoicingSettingsResponse>('GET', 'user/settings/invoicing').then((r) => r.settings);

export const useInvoicingSettings = () => useQuery({ queryKey: billingKeys.invoicingSettings(useActingClientId()), queryFn: getInvoicingSettings });
