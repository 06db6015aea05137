/** The einvoice module's public surface: other modules, the composition root and jobs import from here only. */
export { connectionState, connectionsOfUser } from './einvoice-queries.js';
export { einvoiceRoutes } from './einvoice-routes.js';
export { einvoiceService } from './einvoice-service.js';
