export type AddressListParams = { search: string; page: number; selectedClient?: number };

export const addressKeys = {
  all: ['addresses'] as const,
  lists: () => [...addressKeys.all, 'list'] as const,
  list: (params: AddressListParams) => [...addressKeys.lists(), params] as const,
};
