import { ZChangePasswordRequest, type TChangePasswordRequest, type TChangePasswordResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const changePasswordInputSchema = ZChangePasswordRequest;

export const changePassword = (input: TChangePasswordRequest) =>
  api<TChangePasswordResponse>('POST', 'user/change-password', input);

/** The server rotates the session cookie itself; the returned token needs no handling here. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
