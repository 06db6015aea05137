import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { addressKeys } from './address-keys';

export const deleteAddress = (id: number, selectedClient?: number) =>
  api<{ success: true; message: string }>('DELETE', `address/${id}${selectedClient ? `?selectedClient=${selectedClient}` : ''}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (id: number) => deleteAddress(id, selectedClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.lists() }),
  });
}
