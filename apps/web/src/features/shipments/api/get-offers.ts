import type { TOffersResponse, TShipmentDraft } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { shipmentKeys } from './shipment-keys';

/** POST shipments/offers: every courier service for the draft, those that cannot carry it with their errors. */
export const getOffers = (draft: TShipmentDraft) => api<TOffersResponse>('POST', 'shipments/offers', draft).then((r) => r.offers);

/** GET shipments/{uniqueId}/offers: the offers for a saved draft that has no service yet (a customer's return). */
export const getDraftOffers = (uniqueId: string) =>
  api<TOffersResponse>('GET', `shipments/${encodeURIComponent(uniqueId)}/offers`).then((r) => r.offers);

/**
 * The offers for a draft the page has already validated (null: invalid, nothing is asked). The
 * draft's JSON is the cache key, so an unchanged draft is not asked again; the last answer stays
 * on screen (dimmed) while the next one arrives.
 */
export function useOffers(draft: TShipmentDraft | null) {
  const key = draft ? JSON.stringify(draft) : '';
  return useQuery({
    queryKey: shipmentKeys.offers(useActingClientId(), key),
    queryFn: () => getOffers(draft!),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useDraftOffers(uniqueId: string, enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.offers(useActingClientId(), `draft:${uniqueId}`),
    queryFn: () => getDraftOffers(uniqueId),
    enabled,
    staleTime: 60_000,
  });
}
