import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { customerKeys } from './customer-keys';

/** DELETE user/customer/{id}. */
export const deleteCustomer = (id: number) => api<{ success: true; message: string }>('DELETE', `user/customer/${id}`);

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists(acting) }),
  });
}
