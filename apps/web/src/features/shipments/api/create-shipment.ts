import type { TShipmentCreateRequest, TShipmentResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKey } from '../../../lib/profile-query';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, shipmentKeys } from './shipment-keys';

/** POST shipments: saves the draft with its service, and activates it (AWB, charge) when asked. */
export const createShipment = (input: TShipmentCreateRequest, selectedClient?: number) =>
  api<TShipmentResponse>('POST', `shipments${actingQuery(selectedClient)}`, input);

export function useCreateShipment() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (input: TShipmentCreateRequest) => createShipment(input, selectedClient),
    onSuccess: (data) => {
      queryClient.setQueryData(shipmentKeys.detail(data.shipment.uniqueId, selectedClient), data);
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() });
      // The prepaid balance and the profile's sums moved with the charge.
      void queryClient.invalidateQueries({ queryKey: ['prepay'] });
      void queryClient.invalidateQueries({ queryKey: profileKey(selectedClient) });
    },
  });
}
