import type { TSubscriptionAmounts, TTopUpRequest } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TopUpInput = TTopUpRequest & { subscription?: TSubscriptionAmounts };

/** POST user/prepay/top-up: answers the processor's page, where the browser is sent. */
export const topUp = (input: TopUpInput) => api<{ success: true; identifier: string; url: string }>('POST', 'user/prepay/top-up', input);

export const useTopUp = () => useMutation({ mutationFn: topUp });
