import { storeRefusalPath, type TStoreRefusalRequest, type TStoreRefusalResponse } from '@colete/contract';
import type { TStoreActivateRequest, TStoreActivateResponse, TStoreCodPartRequest, TStoreOffersRequest, TStoreSaveRequest, TStoreServicesResponse } from '@colete/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** POST user/integration/shopify/services-list/{clientId}: the couriers' offers for a card (the direct shipments' engine). */
export const getStoreServices = (clientId: number, body: TStoreOffersRequest) => api<TStoreServicesResponse>('POST', `user/integration/shopify/services-list/${clientId}`, body);

/** The offers for the body as it was when last asked (`bodyKey` is its JSON); nothing until asked. */
export function useStoreServices(clientId: number, bodyKey: string | null) {
  const acting = useActingClientId();
  return useQuery({
    queryKey: ['store', acting, clientId, 'services', bodyKey],
    queryFn: () => getStoreServices(clientId, JSON.parse(bodyKey!) as TStoreOffersRequest),
    enabled: bodyKey !== null,
    retry: false,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** POST user/integration/shopify/order/{clientId}: activation (one AWB, one charge, the shop's fulfillment). */
export const useActivateStoreOrder = (clientId: number) =>
  useMutation({ mutationFn: (body: TStoreActivateRequest) => api<TStoreActivateResponse>('POST', `user/integration/shopify/order/${clientId}`, body) });

/** PATCH user/integration/shopify/order/{clientId}: save for later. */
export const useSaveStoreOrder = (clientId: number) =>
  useMutation({ mutationFn: (body: TStoreSaveRequest) => api<{ success: true; message: string }>('PATCH', `user/integration/shopify/order/${clientId}`, body) });

/** POST user/integration/shopify/order/{clientId}/cod-part: this part collects the order's cash on delivery (issue 24). */
export const usePickCodPart = (clientId: number) =>
  useMutation({ mutationFn: (body: TStoreCodPartRequest) => api<{ success: true; message: string }>('POST', `user/integration/shopify/order/${clientId}/cod-part`, body) });

/** POST user/integration/shopify/order/{clientId}/refusal/{cancel-awb|retry} (issue 24): the way out of a shop's refusal for good. */
export const useRefusalAction = (clientId: number) =>
  useMutation({ mutationFn: ({ action, body }: { action: 'cancel-awb' | 'retry'; body: TStoreRefusalRequest }) => api<TStoreRefusalResponse>('POST', storeRefusalPath(clientId, action), body) });
