import type { ActingClientId } from '../../../lib/api-client';

/** Query keys of the pick-up points area: the client's lists per acting client; the admin's requests and the couriers for all. */
export const pickupKeys = {
  root: ['pickup-points'] as const,
  all: (acting: ActingClientId) => [...pickupKeys.root, acting] as const,
  lists: (acting: ActingClientId) => [...pickupKeys.all(acting), 'list'] as const,
  list: (acting: ActingClientId, params: { displayDeleted: boolean }) => [...pickupKeys.lists(acting), params] as const,
  couriers: () => [...pickupKeys.root, 'couriers'] as const,
  admin: () => [...pickupKeys.root, 'admin'] as const,
  adminList: (page: number) => [...pickupKeys.admin(), page] as const,
};
