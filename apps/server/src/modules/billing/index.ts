/** The billing module's public surface: other modules, the composition root and jobs import from here only. */
export { entitiesByCode, entitiesByIds, entitiesOfAccount, entityById, entityIdsHeldBy } from './billing-lookup.js';
export { activeEntity, companiesByName, entityOwner, findEntity, lockUser, pendingCompanies } from './billing-queries.js';
export type { BillingRow } from './billing-queries.js';
export { billingRoutes } from './billing-routes.js';
export { billingService } from './billing-service.js';
export type { BillingService, EInvoiceConnections } from './billing-service.js';
export { verifyCompany } from './billing-verification.js';
