import { ZCustomerInput, type TCustomer, type TCustomerInput } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { customerKeys } from './customer-keys';

export const customerInputSchema = ZCustomerInput;

/** POST user/customer (new) or PUT user/customer/{id}. */
export const saveCustomer = ({ id, input }: { id?: number; input: TCustomerInput }) =>
  api<{ success: true; message: string; customer: TCustomer }>(id ? 'PUT' : 'POST', id ? `user/customer/${id}` : 'user/customer', input);

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: saveCustomer,
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists(acting) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.detail(acting, data.customer.id) });
    },
  });
}
