import type { TContactData } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { billingKeys, type BillingSaved } from './billing-keys';

/** POST user/contact: the account's contact data shown with the billing entries. */
export const saveContact = (body: TContactData) => api<BillingSaved>('POST', 'user/contact', body);

export function useSaveContact() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: saveContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.list(acting) }),
  });
}
