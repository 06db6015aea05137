import type { TAddressInput, TAddressResponse } from '@colete/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PUT address/{id}: 'modify existing' saves the template form's changes into the address-book entry it came from. */
export const updateAddressEntry = ({ id, input }: { id: number; input: TAddressInput }) => api<TAddressResponse>('PUT', `address/${id}`, input);

export const useUpdateAddressEntry = () => useMutation({ mutationFn: updateAddressEntry });
