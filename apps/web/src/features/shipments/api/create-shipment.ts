import type { TShipmentCreateRequest, TShipmentResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prepayKeys, profileKeys } from '../../../lib/query-keys';
import { useActingClientId } from '../../../lib/selected-client';
import { shipmentKeys } from './shipment-keys';

/** POST shipments: saves the draft with its service, and activates it (AWB, charge) when asked. */
export const createShipment = (input: TShipmentCreateRequest) => api<TShipmentResponse>('POST', 'shipments', input);

export function useCreateShipment() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: createShipment,
    onSuccess: (data) => {
      queryClient.setQueryData(shipmentKeys.detail(acting, data.shipment.uniqueId), data);
      void queryClient.invalidateQueries({ queryKey: shipmentKeys.lists(acting) });
      // The prepaid balance and the profile's sums moved with the charge.
      void queryClient.invalidateQueries({ queryKey: prepayKeys.all(acting) });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all(acting) });
    },
  });
}
