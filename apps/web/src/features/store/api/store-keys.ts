import type { ActingClientId } from '../../../lib/api-client';

/** Query keys of the connected stores, per acting client. */
export const storeKeys = {
  all: (acting: ActingClientId) => ['store', acting] as const,
  accounts: (acting: ActingClientId) => [...storeKeys.all(acting), 'accounts'] as const,
};
