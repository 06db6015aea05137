import { ADDRESS_PAGE_SIZE, type TAddressListResponse } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useActingParams } from '../../lib/selected-client';

/** The address-book searches of the pickers (new shipment, templates, pick-up points): one cache for all. */
export const addressBookKeys = {
  all: ['address-book'] as const,
  search: (search: string, selectedClient?: number) => [...addressBookKeys.all, selectedClient ?? 'self', search] as const,
};

/** POST address/all: the acting client's address book, searched, first page. */
export const searchAddressBook = (search: string, selectedClient?: number) =>
  api<TAddressListResponse>('POST', 'address/all', {
    search: search || undefined,
    page: 1,
    limit: ADDRESS_PAGE_SIZE,
    ...(selectedClient ? { selectedClient } : {}),
  });

export function useAddressBook(search: string) {
  const { selectedClient } = useActingParams();
  return useQuery({
    queryKey: addressBookKeys.search(search, selectedClient),
    queryFn: () => searchAddressBook(search, selectedClient),
    placeholderData: keepPreviousData,
  });
}
