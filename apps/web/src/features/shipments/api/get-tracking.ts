import type { TShipmentResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { shipmentKeys } from './shipment-keys';

/** GET shipments/{uniqueId}/tracking: the shipment refreshed from the courier. */
export const getTracking = (uniqueId: string) => api<TShipmentResponse>('GET', `shipments/${encodeURIComponent(uniqueId)}/tracking`);

/** Asked each time the tracking opens: nothing is kept. */
export function useTracking(uniqueId: string) {
  return useQuery({ queryKey: shipmentKeys.tracking(useActingClientId(), uniqueId), queryFn: () => getTracking(uniqueId), staleTime: 0, gcTime: 0 });
}
