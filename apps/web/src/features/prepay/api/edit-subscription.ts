import type { TSubscriptionAmounts } from '@colete/contract';
import { api } from '../../../lib/api-client';
import { useSubscriptionMutation, type SubscriptionSaved } from './subscription-saved';

/** PATCH user/prepay/subscription/{identifier}: new amounts for an active subscription. */
export const editSubscription = ({ identifier, amounts }: { identifier: string; amounts: TSubscriptionAmounts }) =>
  api<SubscriptionSaved>('PATCH', `user/prepay/subscription/${identifier}`, amounts);

export const useEditSubscription = () => useSubscriptionMutation(editSubscription);
