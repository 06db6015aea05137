import type { TCustomerListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { customerKeys, type CustomerListParams } from './customer-keys';

/** POST user/customer/list: a page of the book, searched by name. */
export const getCustomers = ({ search, page, limit }: CustomerListParams) => api<TCustomerListResponse>('POST', 'user/customer/list', { search, page, limit });

export const customersQueryOptions = (acting: ActingClientId, params: CustomerListParams) =>
  queryOptions({ queryKey: customerKeys.list(acting, params), queryFn: () => getCustomers(params), placeholderData: keepPreviousData });

export const useCustomers = (params: CustomerListParams, enabled = true) => useQuery({ ...customersQueryOptions(useActingClientId(), params), enabled });
