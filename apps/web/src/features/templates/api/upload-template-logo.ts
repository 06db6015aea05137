import { messages, type TTemplateLogoResponse } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiUrl } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { templateKeys } from './template-keys';

/** PUT order-template/upload-photo/{uniqueId}: multipart with one `file` field (the server checks size and content again). */
export async function uploadTemplateLogo({ uniqueId, file }: { uniqueId: string; file: File }): Promise<TTemplateLogoResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    // Multipart, so not through api(); apiUrl adds the acting client the same way.
    response = await fetch(apiUrl(`order-template/upload-photo/${encodeURIComponent(uniqueId)}`), {
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
  const acting = useActingClientId();
  return useMutation({
    mutationFn: uploadTemplateLogo,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.lists(acting) }),
        queryClient.invalidateQueries({ queryKey: templateKeys.details(acting) }),
      ]),
  });
}
