import type { TSuccessResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actingQuery, packagingKeys } from '../../../components/packaging/packaging-api';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';

/** DELETE user/packaging/templates/{id}. */
export const deletePackagingTemplate = (id: number, selectedClient?: number) =>
  api<TSuccessResponse>('DELETE', `user/packaging/templates/${id}${actingQuery(selectedClient)}`);

export function useDeletePackagingTemplate() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (id: number) => deletePackagingTemplate(id, selectedClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.templates() }),
  });
}
