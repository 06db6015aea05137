import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { templateKeys } from './template-keys';

/** DELETE order-template/{id}. */
export const deleteTemplate = (id: number) => api<{ success: true }>('DELETE', `order-template/${id}`);

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(acting, id) });
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists(acting) });
    },
  });
}
