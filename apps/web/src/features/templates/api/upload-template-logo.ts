import { messages, type TTemplateLogoResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, templateKeys } from './template-keys';

/** PUT order-template/upload-photo/{uniqueId}: multipart with one `file` field (the server checks size and content again). */
export async function uploadTemplateLogo(uniqueId: string, file: File, selectedClient?: number): Promise<TTemplateLogoResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/order-template/upload-photo/${encodeURIComponent(uniqueId)}${actingQuery(selectedClient)}`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body,
    });
  } catch {
    throw new ApiError(0, messages.templates.logoSaveError, 'network');
  }
  const data = (await response.json().catch(() => null)) as (TTemplateLogoResponse & { message?: string; code?: string }) | { success: false; message?: string; code?: string } | null;
  if (!response.ok || !data || data.success !== true) throw new ApiError(response.status, data?.message ?? messages.templates.logoSaveError, data?.code);
  return data;
}

export function useUploadTemplateLogo() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: ({ uniqueId, file }: { uniqueId: string; file: File }) => uploadTemplateLogo(uniqueId, file, selectedClient),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: templateKeys.lists() }), queryClient.invalidateQueries({ queryKey: templateKeys.details() })]),
  });
}
