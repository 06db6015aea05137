import { ADDRESS_PAGE_SIZE, type TAddressListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { addressKeys, type AddressListParams } from './address-keys';

export const getAddresses = ({ search, page }: AddressListParams) =>
  api<TAddressListResponse>('POST', 'address/all', { search: search || undefined, page, limit: ADDRESS_PAGE_SIZE });

export const addressesQueryOptions = (acting: ActingClientId, params: AddressListParams) =>
  queryOptions({ queryKey: addressKeys.list(acting, params), queryFn: () => getAddresses(params), placeholderData: keepPreviousData });

export const useAddresses = (params: AddressListParams) => useQuery(addressesQueryOptions(useActingClientId(), params));
