import type { TSuccessResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packagingKeys } from '../../../components/packaging/packaging-api';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** DELETE user/packaging/packages/{id}. */
export const deleteSavedPackage = (id: number) => api<TSuccessResponse>('DELETE', `user/packaging/packages/${id}`);

export function useDeleteSavedPackage() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: deleteSavedPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.packages(acting) }),
  });
}
