import type { TShipmentActivateRequest, TShipmentResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKey } from '../../../lib/profile-query';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, shipmentKeys } from './shipment-keys';

/** POST shipments/{uniqueId}/activate or /cancel: both answer the shipment as it is now. */
export const shipmentAction = (uniqueId: string, action: 'activate' | 'cancel', selectedClient?: number, body: TShipmentActivateRequest = {}) =>
  api<TShipmentResponse>('POST', `shipments/${encodeURIComponent(uniqueId)}/${action}${actingQuery(selectedClient)}`, body);

/** Activation takes the service chosen on the page for a draft saved without one. */
function useShipmentAction(uniqueId: string, action: 'activate' | 'cancel') {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (choice?: TShipmentActivateRequest) => shipmentAction(uniqueId, action, selectedClient, choice),
    onSuccess: (data) => {
      queryClient.setQueryData(shipmentKeys.detail(uniqueId, selectedClient), data);
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['prepay'] });
      void queryClient.invalidateQueries({ queryKey: profileKey(selectedClient) });
    },
  });
}

export const useActivateShipment = (uniqueId: string) => useShipmentAction(uniqueId, 'activate');
export const useCancelShipment = (uniqueId: string) => useShipmentAction(uniqueId, 'cancel');
