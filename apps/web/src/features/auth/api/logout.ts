import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export const logout = () => api<{ success: true }>('POST', 'auth/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      sessionStorage.clear();
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), null);
    },
  });
}
