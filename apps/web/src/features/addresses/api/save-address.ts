import { ZAddressInput, type TAddressInput, type TAddressResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { addressKeys } from './address-keys';

export const addressInputSchema = ZAddressInput;

export const saveAddress = ({ id, input, selectedClient }: { id?: number; input: TAddressInput; selectedClient?: number }) =>
  api<TAddressResponse>(id ? 'PUT' : 'POST', id ? `address/${id}` : 'address', { ...input, ...(selectedClient ? { selectedClient } : {}) });

export function useSaveAddress() {
  const queryClient = useQueryClient();
  const acting = useActingParams();
  return useMutation({
    mutationFn: (vars: { id?: number; input: TAddressInput }) => saveAddress({ ...vars, ...acting }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.lists() }),
  });
}
