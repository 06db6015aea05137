import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, templateKeys } from './template-keys';

/** DELETE order-template/{id}. */
export const deleteTemplate = (id: number, selectedClient?: number) => api<{ success: true }>('DELETE', `order-template/${id}${actingQuery(selectedClient)}`);

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (id: number) => deleteTemplate(id, selectedClient),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(id, selectedClient) });
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
