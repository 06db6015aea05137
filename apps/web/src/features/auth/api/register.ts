import { ZRegisterRequest, type TAuthResponse, type TRegisterRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSelectedClient } from '../../../lib/selected-client';
import { authKeys } from './auth-keys';

export const registerInputSchema = ZRegisterRequest;

export const register = (input: TRegisterRequest) => api<TAuthResponse>('POST', 'auth/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  const { setClient } = useSelectedClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (data) => {
      setClient(null);
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), data.user);
    },
  });
}
