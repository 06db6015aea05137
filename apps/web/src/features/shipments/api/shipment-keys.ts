import type { ShipmentStatus } from '@colete/contract';
import type { ActingClientId } from '../../../lib/api-client';
import { shipmentTrackingKey } from '../../../lib/query-keys';

export type ShipmentListParams = { from: string; to: string; status?: ShipmentStatus; q?: string; page: number };

/** Query keys of the shipments, per acting client (an admin's selected client has its own entries). */
export const shipmentKeys = {
  all: (acting: ActingClientId) => ['shipments', acting] as const,
  lists: (acting: ActingClientId) => [...shipmentKeys.all(acting), 'list'] as const,
  list: (acting: ActingClientId, params: ShipmentListParams) => [...shipmentKeys.lists(acting), params] as const,
  details: (acting: ActingClientId) => [...shipmentKeys.all(acting), 'detail'] as const,
  detail: (acting: ActingClientId, uniqueId: string) => [...shipmentKeys.details(acting), uniqueId] as const,
  draftForm: (acting: ActingClientId, uniqueId: string) => [...shipmentKeys.all(acting), 'draft-form', uniqueId] as const,
  tracking: shipmentTrackingKey,
  offers: (acting: ActingClientId, draftKey: string) => [...shipmentKeys.all(acting), 'offers', draftKey] as const,
};

export { labelHref } from '../../../components/shipment/shipment-tracking';
