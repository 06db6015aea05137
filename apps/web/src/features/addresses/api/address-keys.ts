import type { ActingClientId } from '../../../lib/api-client';

export type AddressListParams = { search: string; page: number };

/** Query keys of the address book list, per acting client. */
export const addressKeys = {
  all: (acting: ActingClientId) => ['addresses', acting] as const,
  lists: (acting: ActingClientId) => [...addressKeys.all(acting), 'list'] as const,
  list: (acting: ActingClientId, params: AddressListParams) => [...addressKeys.lists(acting), params] as const,
};
