/** The balance views' module (issue 17): its public surface for the composition root. */
export { balanceRoutes } from './balance-routes.js';
export { balanceService } from './balance-service.js';
export type { BalanceService } from './balance-service.js';
