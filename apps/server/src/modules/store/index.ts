/** The store module's public surface: the composition root and the app import from here only. */
export { storeRoutes } from './store-routes.js';
export { storeService } from './store-service.js';
export type { StoreService } from './store-service.js';
export { pruneStoreRecords } from './store-queries.js';
