import { ZRegisterRequest, type TAuthResponse, type TRegisterRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export const registerInputSchema = ZRegisterRequest;

export const register = (input: TRegisterRequest) => api<TAuthResponse>('POST', 'auth/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (data) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), data.user);
    },
  });
}
