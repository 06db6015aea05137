import type { TProfile } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useActingParams } from './selected-client';

/** GET user/profile for the acting client: one cache entry shared by every area that shows profile data. */
export const profileKey = (selectedClient?: number) => ['settings', 'profile', selectedClient ?? 'self'] as const;

const query = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');

export const getProfile = (selectedClient?: number) =>
  api<{ success: true; profile: TProfile }>('GET', `user/profile${query(selectedClient)}`).then((r) => r.profile);

export function useProfile() {
  const { selectedClient } = useActingParams();
  return useQuery({ queryKey: profileKey(selectedClient), queryFn: () => getProfile(selectedClient) });
}
