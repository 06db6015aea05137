import {
  PACKAGING_PAGE_SIZE,
  type TPackagingListRequest,
  type TPackagingTemplateAddRequest,
  type TPackagingTemplateListResponse,
  type TPackagingTemplateResponse,
  type TSavedPackageAddRequest,
  type TSavedPackageListResponse,
  type TSavedPackageResponse,
} from '@colete/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../lib/api-client';
import { useActingClientId } from '../../lib/selected-client';

/**
 * Packaging templates and saved packages (spec 001 sections 2 and 7): the list and add calls, shared
 * by the packaging pages and the new-shipment page (which fills its packages from them).
 */
export type PackagingListParams = { search: string; page: number };

/** Query keys of the packaging templates and saved packages, per acting client. */
export const packagingKeys = {
  all: (acting: ActingClientId) => ['packaging', acting] as const,
  templates: (acting: ActingClientId) => [...packagingKeys.all(acting), 'templates'] as const,
  templateList: (acting: ActingClientId, params: PackagingListParams) => [...packagingKeys.templates(acting), params] as const,
  packages: (acting: ActingClientId) => [...packagingKeys.all(acting), 'packages'] as const,
  packageList: (acting: ActingClientId, params: PackagingListParams) => [...packagingKeys.packages(acting), params] as const,
};

const listBody = ({ search, page }: PackagingListParams): TPackagingListRequest => ({
  paginationOptions: { page, limit: PACKAGING_PAGE_SIZE, search },
  count: true,
});

/** POST user/packaging/templates: one page of packaging templates, favourites first. */
export const getPackagingTemplates = (params: PackagingListParams) =>
  api<TPackagingTemplateListResponse>('POST', 'user/packaging/templates', listBody(params));

/** POST user/packaging/packages/list: one page of saved packages. */
export const getSavedPackages = (params: PackagingListParams) => api<TSavedPackageListResponse>('POST', 'user/packaging/packages/list', listBody(params));

export function usePackagingTemplates(params: PackagingListParams, enabled = true) {
  return useQuery({
    queryKey: packagingKeys.templateList(useActingClientId(), params),
    queryFn: () => getPackagingTemplates(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSavedPackages(params: PackagingListParams, enabled = true) {
  return useQuery({ queryKey: packagingKeys.packageList(useActingClientId(), params), queryFn: () => getSavedPackages(params), placeholderData: keepPreviousData, enabled });
}

/** POST user/packaging/templates/add: the packages of a shipment kept under a name. */
export function useAddPackagingTemplate() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (input: TPackagingTemplateAddRequest) => api<TPackagingTemplateResponse>('POST', 'user/packaging/templates/add', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.templates(acting) }),
  });
}

/** POST user/packaging/packages/add: one package's weight and sizes kept under a name. */
export function useAddSavedPackage() {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (input: TSavedPackageAddRequest) => api<TSavedPackageResponse>('POST', 'user/packaging/packages/add', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.packages(acting) }),
  });
}
