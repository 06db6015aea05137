import type { ShipmentStatus, TShipmentStatus } from '@colete/contract';

/** How each status reads and which theme colour shows it. */
export const STATUS_VIEW: Record<ShipmentStatus, { text: string; color: TShipmentStatus['color'] }> = {
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

/** Statuses the courier still moves (the tracking job follows them). */
export const OPEN_STATUSES = ['created', 'picked_up', 'in_transit', 'out_for_delivery'] as const;
export const FINAL_STATUSES = ['delivered', 'returned', 'refused', 'cancelled'] as const;
/** Order of progress: a tracking answer never moves a shipment backwards. */
export const STATUS_RANK: Record<ShipmentStatus, number> = {
  draft: 0,
  activating: 1,
  created: 2,
  picked_up: 3,
  in_transit: 4,
  out_for_delivery: 5,
  delivered: 6,
  returned: 6,
  refused: 6,
  cancelled: 6,
};
