/** The addresses module's public surface: other modules, the composition root and jobs import from here only. */
export { resolveAddress, type ResolvedAddress } from './address-validation.js';
export { addressesByIds, findAddress, insertAddress, lockAddressType, lockOwnAddress, setAddressType } from './addresses-queries.js';
export type { AddressRow } from './addresses-queries.js';
export { addressesRoutes } from './addresses-routes.js';
export { addressesService, addressRowValues, searchTextOf } from './addresses-service.js';
export type { AddressesService } from './addresses-service.js';
export { partyAddressOfInput, partyAddressOfRow, resolvePartyAddress } from './party-address.js';
