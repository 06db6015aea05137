import type { TProfile, TProfileUpdateRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';
import { useActingClientId } from '../../../lib/selected-client';

/** POST user/profile with the fields of one section (the server saves each group whole). */
export const saveProfile = (profile: TProfileUpdateRequest['profile']) =>
  api<{ success: true; message: string; profile: TProfile }>('POST', 'user/profile', { profile });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (data) => queryClient.setQueryData(profileKeys.all(acting), data.profile),
  });
}
