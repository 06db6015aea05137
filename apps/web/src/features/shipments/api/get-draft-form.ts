import type { TShipmentDraftFormResponse } from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { shipmentKeys } from './shipment-keys';

/** GET shipments/{uniqueId}/draft: a saved draft as the new-shipment form holds it (409 once activated, 404 for another client's). */
export function useDraftForm(uniqueId: string) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: shipmentKeys.draftForm(acting, uniqueId),
    queryFn: () => api<TShipmentDraftFormResponse>('GET', `shipments/${encodeURIComponent(uniqueId)}/draft`),
    // The form starts from it once: it is read fresh each time the page opens, never refetched under the merchant's typing.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
