/** The prepay module's public surface: other modules, the composition root and jobs import from here only. */
export { prepayRoutes } from './prepay-routes.js';
export { prepayService } from './prepay-service.js';
export type { PrepayService } from './prepay-service.js';
export { automaticChargeInProgress, stopSubscriptions, subscriptionsService } from './subscriptions-service.js';
export type { SubscriptionsService } from './subscriptions-service.js';
export { creditCardTopUp } from './top-ups.js';
export type { TopUpInvoicing } from './top-ups.js';
export { cardPaymentsOf } from './prepay-queries.js';
