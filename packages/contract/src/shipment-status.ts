/**
 * Shipment statuses, service types and the list's page size: plain values without zod, so the
 * browser's shipments list loads them without the schemas (shipments.ts re-exports them).
 */

export const SHIPMENTS_PAGE_SIZE = 25;
export const SERVICE_TYPES = ['standard', 'express', 'saturday', 'locker'] as const;

export const SHIPMENT_STATUSES = ['draft', 'activating', 'created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'returned', 'refused', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** How each status reads and which theme colour shows it (server answers and the list's filter). */
export const SHIPMENT_STATUS_VIEW: Record<ShipmentStatus, { text: string; color: 'success' | 'info' | 'warning' | 'error' | 'default' }> = {
  draft: { text: 'Neactivata', color: 'default' },
  activating: { text: 'Se activeaza', color: 'info' },
  created: { text: 'AWB generat, asteapta preluarea', color: 'info' },
  picked_up: { text: 'Preluata de curier', color: 'info' },
  in_transit: { text: 'In tranzit', color: 'info' },
  out_for_delivery: { text: 'In livrare', color: 'warning' },
  delivered: { text: 'Livrata', color: 'success' },
  returned: { text: 'Returnata expeditorului', color: 'error' },
  refused: { text: 'Refuzata de destinatar', color: 'error' },
  cancelled: { text: 'Anulata', color: 'default' },
};
