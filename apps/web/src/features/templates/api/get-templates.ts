import { TEMPLATES_PAGE_SIZE, type TTemplateListRequest, type TTemplateListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { templateKeys, type TemplateListParams } from './template-keys';

/** POST order-template/data/list (spec 001 section 7): one page of the acting client's templates. */
export const getTemplates = ({ search, page }: TemplateListParams) =>
  api<TTemplateListResponse>('POST', 'order-template/data/list', {
    options: { page, limit: TEMPLATES_PAGE_SIZE, search },
    count: true,
  } satisfies TTemplateListRequest);

export const templatesQueryOptions = (acting: ActingClientId, params: TemplateListParams) =>
  queryOptions({ queryKey: templateKeys.list(acting, params), queryFn: () => getTemplates(params), placeholderData: keepPreviousData, retry: false });

export const useTemplates = (params: TemplateListParams) => useQuery(templatesQueryOptions(useActingClientId(), params));
