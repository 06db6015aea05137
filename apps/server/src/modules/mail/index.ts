/** The mail module's public surface: other modules, the composition root and jobs import from here only. */
export { mailDelivery } from './mail-delivery.js';
export type { AttachmentResolver } from './mail-delivery.js';
export { seedDemoMail } from './mail-demo.js';
export { mailRoutes } from './mail-routes.js';
export { enqueueMail, mailOutboxService, notifyByUserSettings, notifyOrderConfirmation, notifyPickupBySms, onMailQueued } from './mail-service.js';
export type { NotificationItem } from './mail-service.js';
export { notifyReturnSubmitted } from './return-notification.js';
export type { ReturnSubmitted } from './return-notification.js';
export { pickupSmsListener, pickupSmsText, shipmentMailListener } from './shipment-notifications.js';
