import type { TSuccessResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packagingKeys } from '../../../components/packaging/packaging-api';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** DELETE user/packaging/templates/{id}. */
export const deletePackagingTemplate = (id: number) => api<TSuccessResponse>('DELETE', `user/packaging/templates/${id}`);

export function useDeletePackagingTemplate() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: deletePackagingTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.templates(acting) }),
  });
}
