import type { TShipmentResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { shipmentKeys } from './shipment-keys';

/** GET shipments/{uniqueId}: 404 for a missing shipment and for another client's. */
export const getShipment = (uniqueId: string) => api<TShipmentResponse>('GET', `shipments/${encodeURIComponent(uniqueId)}`);

export const shipmentQueryOptions = (acting: ActingClientId, uniqueId: string) =>
  queryOptions({
    queryKey: shipmentKeys.detail(acting, uniqueId),
    queryFn: () => getShipment(uniqueId),
    // An activation still on its way (the courier answering): look again shortly.
    refetchInterval: (q) => (q.state.data?.shipment.status.code === 'activating' ? 2000 : false),
  });

export const useShipment = (uniqueId: string) => useQuery(shipmentQueryOptions(useActingClientId(), uniqueId));
