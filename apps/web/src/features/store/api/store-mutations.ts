import {
  ADDRESS_MAX_LIMIT,
  locationMutationPath,
  packingMutationPath,
  productMutationPath,
  type TAddressListResponse,
  type TLocationMutationRequest,
  type TLocationMutationResponse,
  type TPackingMutationRequest,
  type TPackingMutationResponse,
  type TProductMutationRequest,
  type TProductMutationResponse,
  type TSuccessResponse,
} from '@colete/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { storeKeys } from './store-keys';

/*
 * The order page's saved mutations (spec 002 section 7 location-mutation, spec 001 section 7
 * product-mutation). The page refetches the order after each (the slot's onChanged), so nothing is
 * invalidated here.
 */

/** POST address/all for the whole book: the 'Alege o adresa' picker filters it in the browser (spec 001: over the full address text). */
export function useSenderAddressBook(enabled: boolean) {
  return useQuery({
    queryKey: storeKeys.senderAddresses(useActingClientId()),
    queryFn: () => api<TAddressListResponse>('POST', 'address/all', { page: 1, limit: ADDRESS_MAX_LIMIT }),
    enabled,
    staleTime: 0,
  });
}

/** POST user/integration/shopify/location-mutation/from/{clientId}: the location's sender for this and later orders. */
export const useSaveAssociation = (clientId: number) =>
  useMutation({ mutationFn: (body: TLocationMutationRequest) => api<TLocationMutationResponse>('POST', locationMutationPath(clientId), body) });

/** DELETE user/integration/shopify/location-mutation/from/{mutationId}. */
export const useDeleteAssociation = () => useMutation({ mutationFn: (mutationId: number) => api<TSuccessResponse>('DELETE', locationMutationPath(mutationId)) });

/** POST user/integration/shopify/product-mutation/{clientId}: the variant's dimensions for this and later orders. */
export const useSaveDimensions = (clientId: number) =>
  useMutation({ mutationFn: (body: TProductMutationRequest) => api<TProductMutationResponse>('POST', productMutationPath(clientId), body) });

/** DELETE user/integration/shopify/product-mutation/{mutationId}. */
export const useDeleteDimensions = () => useMutation({ mutationFn: (mutationId: number) => api<TSuccessResponse>('DELETE', productMutationPath(mutationId)) });

/** POST user/integration/shopify/packing-mutation/{clientId}: 'Salveaza configuratie', the packing for later orders with the same products. */
export const useSavePacking = (clientId: number) =>
  useMutation({ mutationFn: (body: TPackingMutationRequest) => api<TPackingMutationResponse>('POST', packingMutationPath(clientId), body) });

/** DELETE user/integration/shopify/packing-mutation/{mutationId}. */
export const useDeletePacking = () => useMutation({ mutationFn: (mutationId: number) => api<TSuccessResponse>('DELETE', packingMutationPath(mutationId)) });
