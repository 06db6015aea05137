import { TEMPLATES_PAGE_SIZE, type TTemplateListRequest, type TTemplateListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { actingQuery, templateKeys, type TemplateListParams } from './template-keys';

/** POST order-template/data/list (spec 001 section 7): one page of the acting client's templates. */
export const getTemplates = ({ search, page, selectedClient }: TemplateListParams) =>
  api<TTemplateListResponse>('POST', `order-template/data/list${actingQuery(selectedClient)}`, {
    options: { page, limit: TEMPLATES_PAGE_SIZE, search },
    count: true,
  } satisfies TTemplateListRequest);

export const templatesQueryOptions = (params: TemplateListParams) =>
  queryOptions({ queryKey: templateKeys.list(params), queryFn: () => getTemplates(params), placeholderData: keepPreviousData, retry: false });

export function useTemplates(params: Omit<TemplateListParams, 'selectedClient'>) {
  const acting = useActingParams();
  return useQuery(templatesQueryOptions({ ...params, ...acting }));
}
