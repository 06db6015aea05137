import { ZTemplateSaveRequest, type TTemplateDetailResponse, type TTemplateSaveRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, templateKeys } from './template-keys';

/** The request the editor builds; the server checks it again with the same schema. */
export const saveTemplateSchema = ZTemplateSaveRequest;

/** POST order-template {data {name, id, uniqueId, options}, address, logo}: create or update. */
export const saveTemplate = (input: TTemplateSaveRequest, selectedClient?: number) =>
  api<TTemplateDetailResponse>('POST', `order-template${actingQuery(selectedClient)}`, input).then((r) => r.data);

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (input: TTemplateSaveRequest) => saveTemplate(input, selectedClient),
    onSuccess: (data) => {
      queryClient.setQueryData(templateKeys.detail(data.id, selectedClient), data);
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
