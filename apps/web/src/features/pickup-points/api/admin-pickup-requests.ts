import { PICKUP_ADMIN_PAGE_SIZE, type TPickupAdminListResponse, type TPickupRejectRequest, type TSuccessResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pickupKeys } from './pickup-keys';

/** GET admin/pick-up-points: pending requests of every client, oldest first. */
export const getPickupRequests = (page: number) => api<TPickupAdminListResponse>('GET', `admin/pick-up-points?page=${page}&limit=${PICKUP_ADMIN_PAGE_SIZE}`);

export const pickupRequestsQueryOptions = (page: number) =>
  queryOptions({ queryKey: pickupKeys.adminList(page), queryFn: () => getPickupRequests(page), placeholderData: keepPreviousData });

export const usePickupRequests = (page: number) => useQuery(pickupRequestsQueryOptions(page));

/** Approve or reject: the pending list and every client list change. */
function useAdminMutation<V>(call: (v: V) => Promise<TSuccessResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupKeys.root }) });
}

export const useApprovePickupRequest = () => useAdminMutation((id: number) => api<TSuccessResponse>('POST', `admin/pick-up-points/${id}/approve`));
export const useRejectPickupRequest = () =>
  useAdminMutation(({ id, body }: { id: number; body: TPickupRejectRequest }) => api<TSuccessResponse>('POST', `admin/pick-up-points/${id}/reject`, body));
