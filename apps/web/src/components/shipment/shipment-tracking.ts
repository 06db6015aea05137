import type { TShipmentResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { shipmentTrackingKey } from '../../lib/query-keys';
import { useActingClientId } from '../../lib/selected-client';

/** GET shipments/{uniqueId}/tracking: the shipment refreshed from the courier. */
export const getTracking = (uniqueId: string) => api<TShipmentResponse>('GET', `shipments/${encodeURIComponent(uniqueId)}/tracking`);

/** Asked each time the tracking opens: nothing is kept. */
export function useTracking(uniqueId: string) {
  return useQuery({ queryKey: shipmentTrackingKey(useActingClientId(), uniqueId), queryFn: () => getTracking(uniqueId), staleTime: 0, gcTime: 0 });
}

/** The label PDF of a shipment (GET order-auth/print/{uniqueId}/{format}); downloadFile adds the acting client. */
export const labelHref = (uniqueId: string, format: string) => `/api/order-auth/print/${encodeURIComponent(uniqueId)}/${encodeURIComponent(format)}`;
