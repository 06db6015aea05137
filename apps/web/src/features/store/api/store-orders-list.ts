import { STORE_LIST_PAGE_SIZE, type StoreListType, type TStoreLocationsResponse, type TStoreOrdersFilter, type TStoreOrdersFilterFields, type TStoreOrdersListResponse, type TStoreOrdersMatchingResponse, type TStoreSyncResponse } from '@colete/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { storeKeys } from './store-keys';

/** POST user/integration/shopify/orders/{clientId} (spec 002 section 7): a page of the store's orders list. */
export const getStoreOrders = (clientId: number, filter: TStoreOrdersFilter) =>
  api<TStoreOrdersListResponse>('POST', `user/integration/shopify/orders/${clientId}`, { ...filter, count: STORE_LIST_PAGE_SIZE[filter.type] });

/** The list's tab, sort, date range (platform tabs) and filters (issue 24). */
export type ListFilter = { type: StoreListType; reversed: boolean; start: string | null; end: string | null; fields: TStoreOrdersFilterFields };

/** The awaiting tab: cursor pages of 10, each fetch numbered (it places the rows). */
export function useAwaitingOrders(clientId: number, filter: ListFilter, enabled: boolean) {
  const acting = useActingClientId();
  return useInfiniteQuery({
    queryKey: awaitingKey(acting, clientId, filter),
    queryFn: ({ pageParam }) => getStoreOrders(clientId, { type: 'AWAITING_ACTIVATION', reversed: filter.reversed, page: pageParam.page, endCursor: pageParam.endCursor, ...filter.fields }),
    initialPageParam: { page: 1, endCursor: null as string | null },
    getNextPageParam: (last, pages) => (last.pageInfo.hasNextPage ? { page: pages.length + 1, endCursor: last.pageInfo.endCursor } : undefined),
    enabled,
    // A list of many shop calls: it is not refetched whole behind the user's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
export const awaitingKey = (acting: ReturnType<typeof useActingClientId>, clientId: number, filter: ListFilter) =>
  storeKeys.ordersList(acting, clientId, { type: 'AWAITING_ACTIVATION', reversed: filter.reversed, ...filter.fields });

/** The platform tabs: numbered pages of 25 over the interval (search and cash on delivery apply). */
export function usePlatformOrders(clientId: number, filter: ListFilter, page: number, enabled: boolean) {
  const acting = useActingClientId();
  const { search, cashOnDelivery } = filter.fields;
  const body: TStoreOrdersFilter = { type: filter.type, reversed: filter.reversed, page, interval: { start: filter.start, end: filter.end }, search, cashOnDelivery };
  return useQuery({ queryKey: storeKeys.ordersList(acting, clientId, body), queryFn: () => getStoreOrders(clientId, body), enabled });
}

/** One awaiting order again (after its dialog closes): the list call with that order's id; an empty answer means it left the tab. */
export const getOneAwaitingOrder = (clientId: number, orderId: string) => getStoreOrders(clientId, { type: 'AWAITING_ACTIVATION', orderId });

/** Issue 24: how many awaiting orders match the filters ('select all N matching'), asked when the shown ones are all selected. */
export function useMatchingCount(clientId: number, fields: TStoreOrdersFilterFields, enabled: boolean) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: storeKeys.ordersList(acting, clientId, { matching: fields }),
    queryFn: () => api<TStoreOrdersMatchingResponse>('POST', `user/integration/shopify/orders/${clientId}/matching`, fields),
    enabled,
    staleTime: Infinity,
  });
}

/** Issue 24: the shop's warehouses, for the filter. */
export function useStoreLocations(clientId: number) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: storeKeys.ordersList(acting, clientId, { locations: true }),
    queryFn: () => api<TStoreLocationsResponse>('GET', `user/integration/shopify/orders/${clientId}/locations`).then((r) => r.list),
    staleTime: 5 * 60_000,
  });
}

/** Issue 28 §4: the first copy of the shop's orders, polled every 2 s while it is being made. */
export function useStoreCopyProgress(clientId: number, enabled: boolean) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: storeKeys.ordersList(acting, clientId, { copy: true }),
    queryFn: () => api<TStoreSyncResponse>('GET', `user/integration/shopify/orders/${clientId}/sync`).then((r) => r.sync),
    enabled,
    refetchInterval: (q) => (q.state.data?.status === 'READY' ? false : 2_000),
  });
}
