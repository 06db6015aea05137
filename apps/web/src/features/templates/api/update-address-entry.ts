import type { TAddressInput, TAddressResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';

/** PUT address/{id}: 'modify existing' saves the template form's changes into the address-book entry it came from. */
export const updateAddressEntry = (id: number, input: TAddressInput, selectedClient?: number) =>
  api<TAddressResponse>('PUT', `address/${id}`, { ...input, ...(selectedClient ? { selectedClient } : {}) });

export function useUpdateAddressEntry() {
  const { selectedClient } = useActingParams();
  return useMutation({ mutationFn: ({ id, input }: { id: number; input: TAddressInput }) => updateAddressEntry(id, input, selectedClient) });
}
