import type { TShipmentDraftEdit, TShipmentDraftUpdate, TShipmentResponse, TSuccessResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { shipmentKeys } from './shipment-keys';

const path = (uniqueId: string) => `shipments/${encodeURIComponent(uniqueId)}`;

/**
 * PUT shipments/{uniqueId}: a saved draft's parcels and content (the server drops a service priced
 * for the old ones), or the whole draft from the new-shipment page's edit mode.
 */
export function useUpdateDraft(uniqueId: string) {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (body: TShipmentDraftUpdate | TShipmentDraftEdit) => api<TShipmentResponse>('PUT', path(uniqueId), body),
    onSuccess: (data) => {
      queryClient.setQueryData(shipmentKeys.detail(acting, uniqueId), data);
      // The offers were for the old parcels.
      void queryClient.resetQueries({ queryKey: shipmentKeys.offers(acting, `draft:${uniqueId}`) });
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists(acting) });
    },
  });
}

/** DELETE shipments/{uniqueId}: a saved draft only (an activated shipment answers 409). */
export function useDeleteDraft(uniqueId: string) {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: () => api<TSuccessResponse>('DELETE', path(uniqueId)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: shipmentKeys.detail(acting, uniqueId) });
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists(acting) });
    },
  });
}
