/** The store module's public surface: the composition root and the app import from here only. */
export { storeRoutes } from './store-routes.js';
export { storeService } from './store-service.js';
export type { StoreService } from './store-service.js';
export { pruneStoreRecords } from './store-queries.js';
export { shopOrders, toBani, toGrams, isCashOnDelivery } from './store-orders.js';
export type { ShopOrder, ShopOrderSummary, ShopFulfillmentOrder, OrdersPageInput } from './store-orders.js';
export { connectDemoShop } from './store-demo.js';
