import type { TShipmentResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, shipmentKeys } from './shipment-keys';

/** GET shipments/{uniqueId}: 404 for a missing shipment and for another client's. */
export const getShipment = (uniqueId: string, selectedClient?: number) =>
  api<TShipmentResponse>('GET', `shipments/${encodeURIComponent(uniqueId)}${actingQuery(selectedClient)}`);

export const shipmentQueryOptions = (uniqueId: string, selectedClient?: number) =>
  queryOptions({
    queryKey: shipmentKeys.detail(uniqueId, selectedClient),
    queryFn: () => getShipment(uniqueId, selectedClient),
    // An activation still on its way (the courier answering): look again shortly.
    refetchInterval: (q) => (q.state.data?.shipment.status.code === 'activating' ? 2000 : false),
  });

export function useShipment(uniqueId: string) {
  const { selectedClient } = useActingParams();
  return useQuery(shipmentQueryOptions(uniqueId, selectedClient));
}
