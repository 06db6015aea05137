import type { TTemplateDetailResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { templateKeys } from './template-keys';

/** GET order-template/data/{id}: the template the editor opens. */
export const getTemplate = (id: number) => api<TTemplateDetailResponse>('GET', `order-template/data/${id}`).then((r) => r.data);

export const templateQueryOptions = (acting: ActingClientId, id: number) =>
  queryOptions({ queryKey: templateKeys.detail(acting, id), queryFn: () => getTemplate(id), retry: false, staleTime: Infinity });

export function useTemplate(id: number | undefined) {
  return useQuery({ ...templateQueryOptions(useActingClientId(), id ?? 0), enabled: !!id });
}
