import type { TShipmentResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKey } from '../../../lib/profile-query';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, shipmentKeys } from './shipment-keys';

/** POST shipments/{uniqueId}/activate or /cancel: both answer the shipment as it is now. */
export const shipmentAction = (uniqueId: string, action: 'activate' | 'cancel', selectedClient?: number) =>
  api<TShipmentResponse>('POST', `shipments/${encodeURIComponent(uniqueId)}/${action}${actingQuery(selectedClient)}`, {});

function useShipmentAction(uniqueId: string, action: 'activate' | 'cancel') {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: () => shipmentAction(uniqueId, action, selectedClient),
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
