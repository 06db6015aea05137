/** The health module's public surface: other modules, the composition root and jobs import from here only. */
export { healthRoutes } from './health-routes.js';
export { healthService } from './health-service.js';
export type { HealthService } from './health-service.js';
