/** The shipments module's public surface: other modules, the composition root and jobs import from here only. */
export { insertShipment } from './shipments-queries.js';
export { shipmentsRoutes } from './shipments-routes.js';
export { isFridayInBucharest, newUniqueId, shipmentsService } from './shipments-service.js';
export type { ShipmentsService } from './shipments-service.js';
