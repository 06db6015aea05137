/** The mail module's public surface: other modules, the composition root and jobs import from here only. */
export { mailDelivery } from './mail-delivery.js';
export type { AttachmentResolver } from './mail-delivery.js';
export { seedDemoMail } from './mail-demo.js';
export { mailRoutes } from './mail-routes.js';
export { mailOutboxService, notifyByUserSettings, notifyPickupBySms, onMailQueued } from './mail-service.js';
export { pickupSmsListener, pickupSmsText, shipmentMailListener } from './shipment-notifications.js';
