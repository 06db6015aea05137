import type { TFavouriteResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actingQuery, packagingKeys } from '../../../components/packaging/packaging-api';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';

/** PUT user/packaging/templates/{id}: toggles the favourite flag and answers the new one. */
export const toggleFavourite = (id: number, selectedClient?: number) =>
  api<TFavouriteResponse>('PUT', `user/packaging/templates/${id}${actingQuery(selectedClient)}`);

export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (id: number) => toggleFavourite(id, selectedClient),
    // Favourites come first: the pages' order changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.templates() }),
  });
}
