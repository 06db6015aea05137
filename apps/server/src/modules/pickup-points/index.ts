/** The pickup-points module's public surface: other modules, the composition root and jobs import from here only. */
export { pickupPointsAdminRoutes, pickupPointsRoutes } from './pickup-points-routes.js';
export { markPickupPointUsed, pickupDiscounts, pickupPointsService, processPickupPoints } from './pickup-points-service.js';
