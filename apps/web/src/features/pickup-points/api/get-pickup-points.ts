import type { TPickupListResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, pickupKeys } from './pickup-keys';

type Params = { displayDeleted: boolean; selectedClient?: number };

/** GET user/pick-up-points/list?displayDeleted=0|1 (spec 000 section 7). */
export const getPickupPoints = ({ displayDeleted, selectedClient }: Params) =>
  api<TPickupListResponse>('GET', `user/pick-up-points/list${actingQuery(selectedClient, { displayDeleted: displayDeleted ? '1' : '0' })}`).then((r) => r.list);

export const pickupPointsQueryOptions = (params: Params) => queryOptions({ queryKey: pickupKeys.list(params), queryFn: () => getPickupPoints(params) });

export function usePickupPoints(displayDeleted: boolean) {
  const { selectedClient } = useActingParams();
  return useQuery(pickupPointsQueryOptions({ displayDeleted, selectedClient }));
}
