import type { TSuccessResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actingQuery, packagingKeys } from '../../../components/packaging/packaging-api';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';

/** DELETE user/packaging/packages/{id}. */
export const deleteSavedPackage = (id: number, selectedClient?: number) =>
  api<TSuccessResponse>('DELETE', `user/packaging/packages/${id}${actingQuery(selectedClient)}`);

export function useDeleteSavedPackage() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (id: number) => deleteSavedPackage(id, selectedClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.packages() }),
  });
}
