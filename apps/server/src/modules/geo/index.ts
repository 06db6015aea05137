/** The geo module's public surface: other modules, the composition root and jobs import from here only. */
export { csvRecords } from './csv.js';
export { loadNomenclature } from './geo-loader.js';
export { countyName, findLocalities, streetCodes } from './geo-queries.js';
export { geoRoutes } from './geo-routes.js';
export { dataFolder } from './nomenclature.js';
