import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSelectedClient } from '../../../lib/selected-client';
import { authKeys } from './auth-keys';

export const logout = () => api<{ success: true }>('POST', 'auth/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  const { setClient } = useSelectedClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // The admin's chosen client belongs to that sign-in only.
      setClient(null);
      sessionStorage.clear();
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), null);
    },
  });
}
