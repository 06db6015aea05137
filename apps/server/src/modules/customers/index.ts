/** The customers module's public surface: other modules, the composition root and jobs import from here only. */
export { backfillCustomers, customersListener, recordRecipient } from './customers-from-shipments.js';
export { customersRoutes } from './customers-routes.js';
export { customersService } from './customers-service.js';
export type { CustomersDeps, CustomersService } from './customers-service.js';
