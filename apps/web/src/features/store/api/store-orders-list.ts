import { STORE_LIST_PAGE_SIZE, type StoreListType, type TStoreOrdersFilter, type TStoreOrdersListResponse } from '@colete/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { storeKeys } from './store-keys';

/** POST user/integration/shopify/orders/{clientId} (spec 002 section 7): a page of the store's orders list. */
export const getStoreOrders = (clientId: number, filter: TStoreOrdersFilter) =>
  api<TStoreOrdersListResponse>('POST', `user/integration/shopify/orders/${clientId}`, { ...filter, count: STORE_LIST_PAGE_SIZE[filter.type] });

export type ListFilter = { type: StoreListType; reversed: boolean; start: string | null; end: string | null };

/** The awaiting tab: cursor pages of 10, each fetch numbered (it places the rows). */
export function useAwaitingOrders(clientId: number, filter: ListFilter, enabled: boolean) {
  const acting = useActingClientId();
  return useInfiniteQuery({
    queryKey: storeKeys.ordersList(acting, clientId, { type: 'AWAITING_ACTIVATION', reversed: filter.reversed }),
    queryFn: ({ pageParam }) => getStoreOrders(clientId, { type: 'AWAITING_ACTIVATION', reversed: filter.reversed, page: pageParam.page, endCursor: pageParam.endCursor }),
    initialPageParam: { page: 1, endCursor: null as string | null },
    getNextPageParam: (last, pages) => (last.pageInfo.hasNextPage ? { page: pages.length + 1, endCursor: last.pageInfo.endCursor } : undefined),
    enabled,
    // A list of many shop calls: it is not refetched whole behind the user's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The platform tabs: numbered pages of 25 over the interval. */
export function usePlatformOrders(clientId: number, filter: ListFilter, page: number, enabled: boolean) {
  const acting = useActingClientId();
  const body: TStoreOrdersFilter = { type: filter.type, reversed: filter.reversed, page, interval: { start: filter.start, end: filter.end } };
  return useQuery({ queryKey: storeKeys.ordersList(acting, clientId, body), queryFn: () => getStoreOrders(clientId, body), enabled });
}

/** One awaiting order again (after its dialog closes): the list call with that order's id; an empty answer means it left the tab. */
export const getOneAwaitingOrder = (clientId: number, orderId: string) => getStoreOrders(clientId, { type: 'AWAITING_ACTIVATION', orderId });
