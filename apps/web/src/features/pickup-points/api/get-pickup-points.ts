import type { TPickupListResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { pickupKeys } from './pickup-keys';

type Params = { displayDeleted: boolean };

/** GET user/pick-up-points/list?displayDeleted=0|1 (spec 000 section 7). */
export const getPickupPoints = ({ displayDeleted }: Params) =>
  api<TPickupListResponse>('GET', `user/pick-up-points/list?displayDeleted=${displayDeleted ? '1' : '0'}`).then((r) => r.list);

export const pickupPointsQueryOptions = (acting: ActingClientId, params: Params) =>
  queryOptions({ queryKey: pickupKeys.list(acting, params), queryFn: () => getPickupPoints(params) });

export const usePickupPoints = (displayDeleted: boolean) => useQuery(pickupPointsQueryOptions(useActingClientId(), { displayDeleted }));
