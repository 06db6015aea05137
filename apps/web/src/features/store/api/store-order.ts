import { storeOrderPath, type TStoreCheckResponse, type TStoreOrderResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { storeKeys } from './store-keys';

/** GET user/integration/shopify/check-account-configuration/{clientId}: what keeps the account from activating orders. */
export const getStoreCheck = (clientId: number) => api<TStoreCheckResponse>('GET', `user/integration/shopify/check-account-configuration/${clientId}`);

export function useStoreCheck(clientId: number) {
  const acting = useActingClientId();
  return useQuery({ queryKey: storeKeys.check(acting, clientId), queryFn: () => getStoreCheck(clientId), staleTime: 0 });
}

/** GET user/integration/shopify/order/{clientId}/{id}: one store order as the order page shows it. */
export const getStoreOrder = (clientId: number, orderId: string) => api<TStoreOrderResponse>('GET', storeOrderPath(clientId, orderId));

/** The order, fetched only once the account check allows it (spec 002 section 4.1). */
export function useStoreOrder(clientId: number, orderId: string, enabled: boolean) {
  const acting = useActingClientId();
  return useQuery({ queryKey: storeKeys.order(acting, clientId, orderId), queryFn: () => getStoreOrder(clientId, orderId), enabled, retry: false });
}
