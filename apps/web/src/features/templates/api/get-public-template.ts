import type { TPublicTemplateResponse } from '@colete/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { templateKeys } from './template-keys';

/** GET order/return/{uniqueId}: the template as the customer sees it (no sign-in). */
export const getPublicTemplate = (uniqueId: string) => api<TPublicTemplateResponse>('GET', `order/return/${encodeURIComponent(uniqueId)}`).then((r) => r.template);

export const publicTemplateQueryOptions = (uniqueId: string) =>
  queryOptions({ queryKey: templateKeys.public(uniqueId), queryFn: () => getPublicTemplate(uniqueId), retry: false, staleTime: 5 * 60_000 });

export const usePublicTemplate = (uniqueId: string) => useQuery(publicTemplateQueryOptions(uniqueId));
