import { SHIPMENT_STATUS_VIEW, type ShipmentStatus } from '@colete/contract';

/** The offer groups' names and the points' distance live with the shared offers list. */
export { SERVICE_TYPE_LABELS, km } from '../../../components/shipment/offer-order';

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


/** A decimal typed with a comma or a dot; NaN for empty or not a number (the contract then says why). */
export const toNumber = (text: string) => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));

