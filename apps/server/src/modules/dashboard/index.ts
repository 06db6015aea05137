/** The dashboard module's public surface (issue 27): it owns no tables; it reads the other modules' public functions. */
export { dashboardRoutes } from './dashboard-routes.js';
export { dashboardService } from './dashboard-service.js';
export type { DashboardDeps, DashboardService } from './dashboard-service.js';
