import type { TSuccessResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, pickupKeys } from './pickup-keys';

/** PUT user/pick-up-points/request-delete/{id} (empty body). */
export const requestPickupDelete = (id: number, selectedClient?: number) =>
  api<TSuccessResponse>('PUT', `user/pick-up-points/request-delete/${id}${actingQuery(selectedClient)}`);

export function useRequestPickupDelete() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (id: number) => requestPickupDelete(id, selectedClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupKeys.lists() }),
  });
}
