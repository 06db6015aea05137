/** Query keys of the pick-up points area, per acting client (an admin's selected client has its own entries). */
export const pickupKeys = {
  all: ['pickup-points'] as const,
  couriers: () => [...pickupKeys.all, 'couriers'] as const,
  lists: () => [...pickupKeys.all, 'list'] as const,
  list: (params: { displayDeleted: boolean; selectedClient?: number }) => [...pickupKeys.lists(), params] as const,
  admin: () => [...pickupKeys.all, 'admin'] as const,
  adminList: (page: number) => [...pickupKeys.admin(), page] as const,
};

/** '?selectedClient=N' when an admin acts for a client. */
export const actingQuery = (selectedClient?: number, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (selectedClient) params.set('selectedClient', String(selectedClient));
  const text = params.toString();
  return text ? `?${text}` : '';
};
