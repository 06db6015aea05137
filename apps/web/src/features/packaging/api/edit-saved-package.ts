import type { TSavedPackageAddRequest, TSavedPackageResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packagingKeys } from '../../../components/packaging/packaging-api';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** PUT user/packaging/packages/{id}/edit: a saved package's new name, weight and sizes. */
export const editSavedPackage = ({ id, ...input }: TSavedPackageAddRequest & { id: number }) =>
  api<TSavedPackageResponse>('PUT', `user/packaging/packages/${id}/edit`, input);

export function useEditSavedPackage() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: editSavedPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.packages(acting) }),
  });
}
