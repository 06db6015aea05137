/** The packaging module's public surface: other modules, the composition root and jobs import from here only. */
export { packagingRoutes } from './packaging-routes.js';
export { packagingService } from './packaging-service.js';
