/** The shipments module's public surface: other modules, the composition root and jobs import from here only. */
export { createReturnDraft, newUniqueId } from './drafts.js';
export type { ReturnDraft } from './drafts.js';
export { SHIPMENT_EVENT_TYPES, shipmentListener } from './lifecycle-events.js';
export type {
  ShipmentActivated,
  ShipmentCancelled,
  ShipmentEventType,
  ShipmentFacts,
  ShipmentLifecycleEvent,
  ShipmentLifecyclePayloads,
  ShipmentListener,
  ShipmentStatusChanged,
} from './lifecycle-events.js';
export type { ShipmentBilling } from './ports.js';
export { searchText as shipmentSearchText } from './shipment-context.js';
export { annexShipments, isPostpaidShipment } from './shipment-fragments.js';
export { STATUS_VIEW } from './shipment-status.js';
export {
  activatedCodShipments,
  awbCosts,
  recentServiceIds,
  searchShipmentIds,
  shipmentCodBani,
  shipmentAwbsByIds,
  shipmentForFulfillment,
  shipmentPartiesByIds,
  shipmentsOfStoreOrder,
} from './shipments-queries.js';
export { shipmentIdsMatching, shipmentIsActiveWithAwb, shipmentIsCancelled, shipmentRefs } from './shipment-fragments.js';
export { storeShipmentsPage } from './store-shipments-page.js';
export type { StoreShipmentRow, StoreShipmentsFilter, StoreShipmentsOwner } from './store-shipments-page.js';
export type { StoreOrderShipment } from './shipments-queries.js';
export { deliveredShipmentsOf, undeliveredShipmentIds } from './referral-facts.js';
export type { DeliveredShipment } from './referral-facts.js';
export { shipmentsRoutes } from './shipments-routes.js';
export { shipmentsService } from './shipments-service.js';
export type { Recording, ShipmentsDeps, ShipmentsService } from './shipments-service.js';
export { activationsPerDay, platformActivations, shipmentAttention } from './dashboard-queries.js';
export type { ShipmentAttention } from './dashboard-queries.js';
export { shipmentRecipients, shippedRecipientsAfter } from './recipients.js';
export type { ShipmentRecipient } from './recipients.js';
