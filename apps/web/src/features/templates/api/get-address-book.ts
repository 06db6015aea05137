import { ADDRESS_PAGE_SIZE, type TAddressListResponse } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { templateKeys } from './template-keys';

/** POST address/all: the acting client's address book, searched, for the template's address. */
export const searchAddressBook = (search: string, selectedClient?: number) =>
  api<TAddressListResponse>('POST', 'address/all', { search: search || undefined, page: 1, limit: ADDRESS_PAGE_SIZE, ...(selectedClient ? { selectedClient } : {}) });

export function useAddressBook(search: string) {
  const { selectedClient } = useActingParams();
  return useQuery({ queryKey: templateKeys.addressBook(search, selectedClient), queryFn: () => searchAddressBook(search, selectedClient), placeholderData: keepPreviousData });
}
