import type { TAuthResponse, TLoginRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSelectedClient } from '../../../lib/selected-client';
import { authKeys } from './auth-keys';

export const login = (input: TLoginRequest) => api<TAuthResponse>('POST', 'auth/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  const { setClient } = useSelectedClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      setClient(null);
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), data.user);
    },
  });
}
