import type { TSuccessResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { pickupKeys } from './pickup-keys';

/** PUT user/pick-up-points/request-delete/{id} (empty body). */
export const requestPickupDelete = (id: number) => api<TSuccessResponse>('PUT', `user/pick-up-points/request-delete/${id}`);

export function useRequestPickupDelete() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: requestPickupDelete,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupKeys.lists(acting) }),
  });
}
