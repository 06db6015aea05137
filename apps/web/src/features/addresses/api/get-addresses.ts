import { ADDRESS_PAGE_SIZE, type TAddressListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addressKeys, type AddressListParams } from './address-keys';

export const getAddresses = ({ search, page, selectedClient }: AddressListParams) =>
  api<TAddressListResponse>('POST', 'address/all', {
    search: search || undefined,
    page,
    limit: ADDRESS_PAGE_SIZE,
    ...(selectedClient ? { selectedClient } : {}),
  });

export const addressesQueryOptions = (params: AddressListParams) =>
  queryOptions({ queryKey: addressKeys.list(params), queryFn: () => getAddresses(params), placeholderData: keepPreviousData });

export const useAddresses = (params: AddressListParams) => useQuery(addressesQueryOptions(params));
