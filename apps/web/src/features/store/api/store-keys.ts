import type { ActingClientId } from '../../../lib/api-client';

/** Query keys of the connected stores, per acting client. */
export const storeKeys = {
  all: (acting: ActingClientId) => ['store', acting] as const,
  accounts: (acting: ActingClientId) => [...storeKeys.all(acting), 'accounts'] as const,
  /** The orders list of one store (its filter rides in the key: switching tab or sort starts a new list). */
  ordersList: (acting: ActingClientId, clientId: number, filter: object) => [...storeKeys.all(acting), 'orders-list', clientId, filter] as const,
  /** The whole address book as the order page's sender picker ('Alege o adresa') reads it. */
  senderAddresses: (acting: ActingClientId) => [...storeKeys.all(acting), 'sender-addresses'] as const,
  /** The account check of one store account (the order page asks it first). */
  check: (acting: ActingClientId, clientId: number) => [...storeKeys.all(acting), 'check', clientId] as const,
  /** One store order as the order page shows it. */
  order: (acting: ActingClientId, clientId: number, orderId: string) => [...storeKeys.all(acting), 'order', clientId, orderId] as const,
};

/** A phone checked against the server by the delivery address card (not scoped to a client: the same answer for everyone). */
export const phoneCheckKey = (phone: string) => ['store', 'phone-check', phone] as const;
/** A postal code checked by the delivery address card (the reverse lookup finds it or not). */
export const postalCodeCheckKey = (code: string) => ['store', 'postal-code-check', code] as const;
