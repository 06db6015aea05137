import type { TPickupCouriersResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pickupKeys } from './pickup-keys';

/** GET user/pick-up-points/couriers-list: the couriers a point can be requested with. */
export const getPickupCouriers = () => api<TPickupCouriersResponse>('GET', 'user/pick-up-points/couriers-list').then((r) => r.list);

export const pickupCouriersQueryOptions = () => queryOptions({ queryKey: pickupKeys.couriers(), queryFn: getPickupCouriers, staleTime: 5 * 60_000 });

export const usePickupCouriers = () => useQuery(pickupCouriersQueryOptions());
