import { ADDRESS_PAGE_SIZE, type TAddressListResponse } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../lib/api-client';
import { useActingClientId } from '../../lib/selected-client';

/** The address-book searches of the pickers (new shipment, templates, pick-up points): one cache for all, per acting client. */
export const addressBookKeys = {
  all: (acting: ActingClientId) => ['address-book', acting] as const,
  search: (acting: ActingClientId, search: string) => [...addressBookKeys.all(acting), search] as const,
};

/** POST address/all: the acting client's address book, searched, first page. */
export const searchAddressBook = (search: string) =>
  api<TAddressListResponse>('POST', 'address/all', { search: search || undefined, page: 1, limit: ADDRESS_PAGE_SIZE });

export function useAddressBook(search: string) {
  return useQuery({
    queryKey: addressBookKeys.search(useActingClientId(), search),
    queryFn: () => searchAddressBook(search),
    placeholderData: keepPreviousData,
  });
}
