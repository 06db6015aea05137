import type { TProfile } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { profileKeys } from './query-keys';
import { useActingClientId } from './selected-client';

/** GET user/profile for the acting client: one cache entry shared by every area that shows profile data. */
export const getProfile = () => api<{ success: true; profile: TProfile }>('GET', 'user/profile').then((r) => r.profile);

export function useProfile() {
  return useQuery({ queryKey: profileKeys.all(useActingClientId()), queryFn: getProfile });
}
