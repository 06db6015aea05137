import type { TSubscriptionAmounts } from '@colete/contract';
import { api } from '../../../lib/api-client';
import { useSubscriptionMutation, type SubscriptionSaved } from './subscription-saved';

/** PATCH user/prepay/subscription {subscriptionId, data}: a stopped subscription starts again with these amounts. */
export const reEnableSubscription = ({ identifier, amounts }: { identifier: string; amounts: TSubscriptionAmounts }) =>
  api<SubscriptionSaved>('PATCH', 'user/prepay/subscription', { subscriptionId: identifier, data: amounts });

export const useReEnableSubscription = () => useSubscriptionMutation(reEnableSubscription);
