import type { TTemplateOptions, TTemplateSettingsRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, templateKeys } from './template-keys';

/** POST order-template {data {options, uniqueId}}: the list card saves the extra options straight away. */
export const updateTemplateSettings = (uniqueId: string, options: TTemplateOptions, selectedClient?: number) =>
  api<{ success: true }>('POST', `order-template${actingQuery(selectedClient)}`, { data: { uniqueId, options } } satisfies TTemplateSettingsRequest);

export function useUpdateTemplateSettings() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: ({ uniqueId, options }: { uniqueId: string; options: TTemplateOptions }) => updateTemplateSettings(uniqueId, options, selectedClient),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: templateKeys.lists() }), queryClient.invalidateQueries({ queryKey: templateKeys.details() })]),
  });
}
