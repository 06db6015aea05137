import { SERVICE_TYPES, SHIPMENT_STATUS_VIEW, type ShipmentStatus } from '@colete/contract';
import { formatNumber } from '../../../lib/format';

/** Offer groups in the order the courier list shows them (spec 002 section 2.1: services grouped by type). */
export const SERVICE_TYPE_LABELS: Record<(typeof SERVICE_TYPES)[number], string> = {
  standard: 'Standard',
  express: 'Express',
  saturday: 'Livrare sambata',
  locker: 'Livrare la punct',
};

/** The status filter's choices (the list's chips show the server's own text and colour). */
export const STATUS_FILTER_LABELS = Object.fromEntries(Object.entries(SHIPMENT_STATUS_VIEW).map(([k, v]) => [k, v.text])) as Record<ShipmentStatus, string>;

/** The same day one month earlier (the 31st of a short month becomes its last day). */
export function monthBefore(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** '1,2 km' (approximate distance of a pick-up point). */
export const km = (distance: number | null) => (distance == null ? null : `${formatNumber(distance, 1)} km`);

/** A decimal typed with a comma or a dot; NaN for empty or not a number (the contract then says why). */
export const toNumber = (text: string) => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));

