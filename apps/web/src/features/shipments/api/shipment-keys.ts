import type { ShipmentStatus } from '@colete/contract';

export type ShipmentListParams = { from: string; to: string; status?: ShipmentStatus; q?: string; page: number; selectedClient?: number };

export const shipmentKeys = {
  all: ['shipments'] as const,
  lists: () => [...shipmentKeys.all, 'list'] as const,
  list: (params: ShipmentListParams) => [...shipmentKeys.lists(), params] as const,
  details: () => [...shipmentKeys.all, 'detail'] as const,
  detail: (uniqueId: string, selectedClient?: number) => [...shipmentKeys.details(), uniqueId, selectedClient ?? 'self'] as const,
  offers: (draftKey: string, selectedClient?: number) => [...shipmentKeys.all, 'offers', selectedClient ?? 'self', draftKey] as const,
};

/** '?selectedClient=N' when an admin acts for a client, '' otherwise. */
export const actingQuery = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');

/** The label PDF of a shipment: a plain link the browser downloads (GET order-auth/print/{uniqueId}/{format}). */
export const labelHref = (uniqueId: string, format: string, selectedClient?: number) =>
  `/api/order-auth/print/${encodeURIComponent(uniqueId)}/${encodeURIComponent(format)}${actingQuery(selectedClient)}`;
