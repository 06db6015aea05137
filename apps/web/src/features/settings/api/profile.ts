import type { TProfile, TProfileUpdateRequest } from '@colete/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { settingsKeys } from './settings-keys';

const query = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');

export const getProfile = (selectedClient?: number) =>
  api<{ success: true; profile: TProfile }>('GET', `user/profile${query(selectedClient)}`).then((r) => r.profile);

export function useProfile() {
  const { selectedClient } = useActingParams();
  return useQuery({ queryKey: settingsKeys.profile(selectedClient), queryFn: () => getProfile(selectedClient) });
}

/** POST user/profile with the fields of one section (the server saves each group whole). */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (profile: TProfileUpdateRequest['profile']) =>
      api<{ success: true; message: string; profile: TProfile }>('POST', `user/profile${query(selectedClient)}`, { profile }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.profile(selectedClient), data.profile),
  });
}
