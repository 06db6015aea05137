import type { TBillingListResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys } from './billing-keys';

/** GET user/billing/data: the entries, whether the account is settled, the multi-company flag, contact data. */
export const getBillingList = () => api<TBillingListResponse>('GET', 'user/billing/data');

export const useBillingList = () => useQuery({ queryKey: billingKeys.list(useActingClientId()), queryFn: getBillingList });
