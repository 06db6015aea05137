import { commonMessages, type TCustomerImportPreviewResponse, type TCustomerImportResponse, type TCustomerInput } from '@colete/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiUrl } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { customerKeys } from './customer-keys';

/** POST user/customer/import/preview: multipart with one `file` (CSV or XLSX); nothing is saved. */
export async function previewImport(file: File): Promise<TCustomerImportPreviewResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    // Multipart, so not through api(); apiUrl adds the acting client the same way.
    response = await fetch(apiUrl('user/customer/import/preview'), { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body });
  } catch {
    throw new ApiError(0, commonMessages.genericError, 'network');
  }
  const data = (await response.json().catch(() => null)) as (TCustomerImportPreviewResponse & { message?: string; code?: string; errors?: Record<string, string> }) | null;
  if (!response.ok || !data || data.success !== true) throw new ApiError(response.status, data?.message ?? commonMessages.genericError, data?.code, data?.errors);
  return data;
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/** POST user/customer/import: the preview's added rows. */
export const confirmImport = (rows: TCustomerInput[]) => api<TCustomerImportResponse>('POST', 'user/customer/import', { rows });

export function useConfirmImport() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({ mutationFn: confirmImport, onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists(acting) }) });
}
