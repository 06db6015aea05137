import type { TAuthResponse, TSessionUser } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

/** The signed-in user, or null when there is no valid session. */
export async function getMe(): Promise<TSessionUser | null> {
  try {
    return (await api<TAuthResponse>('GET', 'auth/me')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: authKeys.me(), queryFn: getMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());
