import type { TNeedsAuthResponse, TStoreAccountsResponse, TSuccessResponse } from '@colete/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { storeKeys } from './store-keys';

/** GET user/integration/shopify/accounts: the client's connected stores. */
export const getStoreAccounts = () => api<TStoreAccountsResponse>('GET', 'user/integration/shopify/accounts');

export function useStoreAccounts() {
  const acting = useActingClientId();
  return useQuery({ queryKey: storeKeys.accounts(acting), queryFn: getStoreAccounts });
}

/**
 * GET user/integration/shopify/needs-auth (spec 002 section 7): `shop` for a new store, `apiClientId`
 * for a store to authorise again. When needsAuth, the browser is sent to redirectUrl (the shop's consent page).
 */
export const needsAuth = (query: { shop: string } | { apiClientId: number }) =>
  api<TNeedsAuthResponse>('GET', `user/integration/shopify/needs-auth?${new URLSearchParams('shop' in query ? { shop: query.shop } : { apiClientId: String(query.apiClientId) }).toString()}`);

export const useNeedsAuth = () =>
  useMutation({
    mutationFn: needsAuth,
    onSuccess: (data) => {
      if (data.needsAuth && data.redirectUrl) window.location.assign(data.redirectUrl);
    },
  });

/** DELETE user/integration/shopify/accounts/{clientId}: the token is deleted, the store shows as disconnected. */
export function useDisconnectStore() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (clientId: number) => api<TSuccessResponse>('DELETE', `user/integration/shopify/accounts/${clientId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.accounts(acting) }),
  });
}
