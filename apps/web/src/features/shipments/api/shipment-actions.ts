import type { TShipmentActivateRequest, TShipmentResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prepayKeys, profileKeys } from '../../../lib/query-keys';
import { useActingClientId } from '../../../lib/selected-client';
import { shipmentKeys } from './shipment-keys';

/** POST shipments/{uniqueId}/activate or /cancel: both answer the shipment as it is now. */
export const shipmentAction = (uniqueId: string, action: 'activate' | 'cancel', body: TShipmentActivateRequest = {}) =>
  api<TShipmentResponse>('POST', `shipments/${encodeURIComponent(uniqueId)}/${action}`, body);

/** Activation takes the service chosen on the page for a draft saved without one. */
function useShipmentAction(uniqueId: string, action: 'activate' | 'cancel') {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (choice?: TShipmentActivateRequest) => shipmentAction(uniqueId, action, choice),
    onSuccess: (data) => {
      queryClient.setQueryData(shipmentKeys.detail(acting, uniqueId), data);
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists(acting) });
      void queryClient.invalidateQueries({ queryKey: prepayKeys.all(acting) });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all(acting) });
    },
  });
}

export const useActivateShipment = (uniqueId: string) => useShipmentAction(uniqueId, 'activate');
export const useCancelShipment = (uniqueId: string) => useShipmentAction(uniqueId, 'cancel');
