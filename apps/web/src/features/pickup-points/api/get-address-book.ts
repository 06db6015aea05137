import { ADDRESS_PAGE_SIZE, type TAddressListResponse } from '@colete/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { pickupKeys } from './pickup-keys';

type Params = { search: string; selectedClient?: number };

/** POST address/all: the address book, searched, for step 1 of a request. */
export const getAddressBook = ({ search, selectedClient }: Params) =>
  api<TAddressListResponse>('POST', 'address/all', { search: search || undefined, page: 1, limit: ADDRESS_PAGE_SIZE, ...(selectedClient ? { selectedClient } : {}) });

export const addressBookQueryOptions = (params: Params) =>
  queryOptions({ queryKey: pickupKeys.book(params), queryFn: () => getAddressBook(params), placeholderData: keepPreviousData });

export function useAddressBook(search: string) {
  const { selectedClient } = useActingParams();
  return useQuery(addressBookQueryOptions({ search, selectedClient }));
}
