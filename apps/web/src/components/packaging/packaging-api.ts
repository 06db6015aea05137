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
import { api } from '../../lib/api-client';
import { useActingParams } from '../../lib/selected-client';

/**
 * Packaging templates and saved packages (spec 001 sections 2 and 7): the list and add calls, shared
 * by the packaging pages and the new-shipment page (which fills its packages from them).
 */
export type PackagingListParams = { search: string; page: number; selectedClient?: number };

export const packagingKeys = {
  all: ['packaging'] as const,
  templates: () => [...packagingKeys.all, 'templates'] as const,
  templateList: (params: PackagingListParams) => [...packagingKeys.templates(), params] as const,
  packages: () => [...packagingKeys.all, 'packages'] as const,
  packageList: (params: PackagingListParams) => [...packagingKeys.packages(), params] as const,
};

/** '?selectedClient=N' when an admin acts for a client. */
export const actingQuery = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');

const listBody = ({ search, page, selectedClient }: PackagingListParams): TPackagingListRequest & { selectedClient?: number } => ({
  paginationOptions: { page, limit: PACKAGING_PAGE_SIZE, search },
  count: true,
  ...(selectedClient ? { selectedClient } : {}),
});

/** POST user/packaging/templates: one page of packaging templates, favourites first. */
export const getPackagingTemplates = (params: PackagingListParams) =>
  api<TPackagingTemplateListResponse>('POST', 'user/packaging/templates', listBody(params));

/** POST user/packaging/packages/list: one page of saved packages. */
export const getSavedPackages = (params: PackagingListParams) => api<TSavedPackageListResponse>('POST', 'user/packaging/packages/list', listBody(params));

export function usePackagingTemplates({ search, page }: { search: string; page: number }, enabled = true) {
  const { selectedClient } = useActingParams();
  const params = { search, page, selectedClient };
  return useQuery({ queryKey: packagingKeys.templateList(params), queryFn: () => getPackagingTemplates(params), placeholderData: keepPreviousData, enabled });
}

export function useSavedPackages({ search, page }: { search: string; page: number }, enabled = true) {
  const { selectedClient } = useActingParams();
  const params = { search, page, selectedClient };
  return useQuery({ queryKey: packagingKeys.packageList(params), queryFn: () => getSavedPackages(params), placeholderData: keepPreviousData, enabled });
}

/** POST user/packaging/templates/add: the packages of a shipment kept under a name. */
export function useAddPackagingTemplate() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (input: TPackagingTemplateAddRequest) =>
      api<TPackagingTemplateResponse>('POST', 'user/packaging/templates/add', { ...input, ...(selectedClient ? { selectedClient } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.templates() }),
  });
}

/** POST user/packaging/packages/add: one package's weight and sizes kept under a name. */
export function useAddSavedPackage() {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (input: TSavedPackageAddRequest) =>
      api<TSavedPackageResponse>('POST', 'user/packaging/packages/add', { ...input, ...(selectedClient ? { selectedClient } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagingKeys.packages() }),
  });
}
