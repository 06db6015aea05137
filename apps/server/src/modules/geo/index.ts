/** The geo module's public surface: other modules, the composition root and jobs import from here only. */
export { loadNomenclature } from './geo-loader.js';
export { countyName, findLocalities, localityCoordinates, streetCodes } from './geo-queries.js';
export { geoRoutes } from './geo-routes.js';
export { geoService } from './geo-service.js';
export type { GeoService } from './geo-service.js';
export { addressCorrectionService } from './address-correction.js';
export type { AddressCorrection, AddressCorrector, StoreAddress } from './address-correction.js';
