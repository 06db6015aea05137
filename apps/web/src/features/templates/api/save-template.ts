import { ZTemplateSaveRequest, type TTemplateDetailResponse, type TTemplateSaveRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { templateKeys } from './template-keys';

/** The request the editor builds; the server checks it again with the same schema. */
export const saveTemplateSchema = ZTemplateSaveRequest;

/** POST order-template {data {name, id, uniqueId, options}, address, logo}: create or update. */
export const saveTemplate = (input: TTemplateSaveRequest) => api<TTemplateDetailResponse>('POST', 'order-template', input).then((r) => r.data);

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: (data) => {
      queryClient.setQueryData(templateKeys.detail(acting, data.id), data);
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists(acting) });
    },
  });
}
