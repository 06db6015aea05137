import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { addressKeys } from './address-keys';

export const deleteAddress = (id: number) => api<{ success: true; message: string }>('DELETE', `address/${id}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.lists(acting) }),
  });
}
