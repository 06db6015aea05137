import type { TTemplateDetailResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, templateKeys } from './template-keys';

/** GET order-template/data/{id}: the template the editor opens. */
export const getTemplate = (id: number, selectedClient?: number) =>
  api<TTemplateDetailResponse>('GET', `order-template/data/${id}${actingQuery(selectedClient)}`).then((r) => r.data);

export const templateQueryOptions = (id: number, selectedClient?: number) =>
  queryOptions({ queryKey: templateKeys.detail(id, selectedClient), queryFn: () => getTemplate(id, selectedClient), retry: false, staleTime: Infinity });

export function useTemplate(id: number | undefined) {
  const { selectedClient } = useActingParams();
  return useQuery({ ...templateQueryOptions(id ?? 0, selectedClient), enabled: !!id });
}
