import { SHIPMENT_STATUS_VIEW, type ShipmentStatus } from '@colete/contract';

/** How each status reads and which theme colour shows it (the contract's, shared with the web app). */
export const STATUS_VIEW = SHIPMENT_STATUS_VIEW;

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
