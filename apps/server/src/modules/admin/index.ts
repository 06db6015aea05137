/** The admin module's public surface: other modules, the composition root and jobs import from here only. */
export { adminRoutes } from './admin-routes.js';
export { adminService } from './admin-service.js';
export type { AdminService } from './admin-service.js';
export { adminBalanceRoutes } from './admin-balance-routes.js';
export { adminBalanceService } from './admin-balance-service.js';
export type { AdminBalanceService } from './admin-balance-service.js';
export { clientsCount } from './admin-dashboard.js';
