import type { TOffersResponse, TShipmentDraft } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, shipmentKeys } from './shipment-keys';

/** POST shipments/offers: every courier service for the draft, those that cannot carry it with their errors. */
export const getOffers = (draft: TShipmentDraft, selectedClient?: number) =>
  api<TOffersResponse>('POST', `shipments/offers${actingQuery(selectedClient)}`, draft).then((r) => r.offers);

/**
 * The offers for a draft the page has already validated (null: invalid, nothing is asked). The
 * draft's JSON is the cache key, so an unchanged draft is not asked again; the last answer stays
 * on screen (dimmed) while the next one arrives.
 */
export function useOffers(draft: TShipmentDraft | null) {
  const { selectedClient } = useActingParams();
  const key = draft ? JSON.stringify(draft) : '';
  return useQuery({
    queryKey: shipmentKeys.offers(key, selectedClient),
    queryFn: () => getOffers(draft!, selectedClient),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET shipments/{uniqueId}/offers: the offers for a saved draft that has no service yet (a customer's return). */
export function useDraftOffers(uniqueId: string, enabled: boolean) {
  const { selectedClient } = useActingParams();
  return useQuery({
    queryKey: shipmentKeys.offers(`draft:${uniqueId}`, selectedClient),
    queryFn: () => api<TOffersResponse>('GET', `shipments/${encodeURIComponent(uniqueId)}/offers${actingQuery(selectedClient)}`).then((r) => r.offers),
    enabled,
    staleTime: 60_000,
  });
}
