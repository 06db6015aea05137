import type { TFavouriteResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packagingKeys } from '../../../components/packaging/packaging-api';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** PUT user/packaging/templates/{id}: toggles the favourite flag and answers the new one. */
export const toggleFavourite = (id: number) => api<TFavouriteResponse>('PUT', `user/packaging/templates/${id}`);

export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: toggleFavourite,
    // Favourites come first: the pages' order changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.templates(acting) }),
  });
}
