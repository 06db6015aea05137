import type { TPackagingTemplateAddRequest, TPackagingTemplateResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packagingKeys } from '../../../components/packaging/packaging-api';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** PUT user/packaging/templates/{id}/edit: a packaging template's new name, content and packages. */
export const editPackagingTemplate = ({ id, ...input }: TPackagingTemplateAddRequest & { id: number }) =>
  api<TPackagingTemplateResponse>('PUT', `user/packaging/templates/${id}/edit`, input);

export function useEditPackagingTemplate() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: editPackagingTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.templates(acting) }),
  });
}
