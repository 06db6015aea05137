import type { TTemplateOptions, TTemplateSettingsRequest } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { templateKeys } from './template-keys';

/** POST order-template {data {options, uniqueId}}: the list card saves the extra options straight away. */
export const updateTemplateSettings = ({ uniqueId, options }: { uniqueId: string; options: TTemplateOptions }) =>
  api<{ success: true }>('POST', 'order-template', { data: { uniqueId, options } } satisfies TTemplateSettingsRequest);

export function useUpdateTemplateSettings() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: updateTemplateSettings,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.lists(acting) }),
        queryClient.invalidateQueries({ queryKey: templateKeys.details(acting) }),
      ]),
  });
}
