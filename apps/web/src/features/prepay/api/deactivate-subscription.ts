import { api } from '../../../lib/api-client';
import { useSubscriptionMutation, type SubscriptionSaved } from './subscription-saved';

/** DELETE user/prepay/subscription/{identifier}: the subscription stops. */
export const deactivateSubscription = (identifier: string) => api<SubscriptionSaved>('DELETE', `user/prepay/subscription/${identifier}`);

export const useDeactivateSubscription = () => useSubscriptionMutation(deactivateSubscription);
