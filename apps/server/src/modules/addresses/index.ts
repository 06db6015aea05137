/** The addresses module's public surface: other modules, the composition root and jobs import from here only. */
export { resolveAddress } from './address-validation.js';
export { findAddress, insertAddress } from './addresses-queries.js';
export { addressesRoutes } from './addresses-routes.js';
export { addressesService, addressRowValues, searchTextOf, toAddressEntry } from './addresses-service.js';
export type { AddressesService } from './addresses-service.js';
