import type { TReferralsInfoResponse } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** POST user/referrals-info (spec 002 section 7 "Customers and referrals"): the stats of a range of days. */
export type ReferralRange = { start: string; end: string };

export const referralKeys = {
  all: (acting: ActingClientId) => ['referrals', acting] as const,
  info: (acting: ActingClientId, r: ReferralRange) => [...referralKeys.all(acting), 'info', r] as const,
};

export const getReferralsInfo = (r: ReferralRange) => api<TReferralsInfoResponse>('POST', 'user/referrals-info', r);

/** Fetched only for a valid range (`enabled`); the previous range's figures stay while the next load. */
export const useReferralsInfo = (r: ReferralRange, enabled: boolean) =>
  useQuery({ queryKey: referralKeys.info(useActingClientId(), r), queryFn: () => getReferralsInfo(r), enabled, placeholderData: keepPreviousData });
