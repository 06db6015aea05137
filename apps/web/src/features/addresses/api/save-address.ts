import { ZAddressInput, type TAddressInput, type TAddressResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { addressKeys } from './address-keys';

export const addressInputSchema = ZAddressInput;

export const saveAddress = ({ id, input }: { id?: number; input: TAddressInput }) =>
  api<TAddressResponse>(id ? 'PUT' : 'POST', id ? `address/${id}` : 'address', input);

export function useSaveAddress() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.lists(acting) }),
  });
}
