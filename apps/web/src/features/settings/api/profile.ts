import type { TProfile, TProfileUpdateRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { settingsKeys } from './settings-keys';

const query = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');

export { getProfile, useProfile } from '../../../lib/profile-query';

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
