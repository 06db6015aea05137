/** The templates module's public surface: other modules, the composition root and jobs import from here only. */
export { returnsService } from './returns-service.js';
export { publicReturnRoutes, templatesRoutes } from './templates-routes.js';
export { templatesService } from './templates-service.js';
export { pruneReturnAttempts } from './templates-queries.js';
