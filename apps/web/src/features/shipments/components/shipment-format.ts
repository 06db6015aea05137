import { SERVICE_TYPES, SHIPMENT_STATUS_VIEW, type ShipmentStatus } from '@colete/contract';

/** '23.80' (RON from the API) as '23,80 lei'; '-' when there is none. */
export const lei = (value: string | null | undefined) =>
  value == null || value === '' ? '-' : `${Number(value).toLocaleString('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} lei`;

export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('ro-RO', { timeZone: 'Europe/Bucharest' });
export const shortTime = (iso: string) => new Date(iso).toLocaleTimeString('ro-RO', { timeZone: 'Europe/Bucharest', hour: '2-digit', minute: '2-digit' });

/** Offer groups in the order the courier list shows them (spec 002 section 2.1: services grouped by type). */
export const SERVICE_TYPE_LABELS: Record<(typeof SERVICE_TYPES)[number], string> = {
  standard: 'Standard',
  express: 'Express',
  saturday: 'Livrare sambata',
  locker: 'Livrare la punct',
};

/** The status filter's choices (the list's chips show the server's own text and colour). */
export const STATUS_FILTER_LABELS = Object.fromEntries(Object.entries(SHIPMENT_STATUS_VIEW).map(([k, v]) => [k, v.text])) as Record<ShipmentStatus, string>;

const BUCHAREST = 'Europe/Bucharest';

/** Today in Bucharest as YYYY-MM-DD. */
export const bucharestToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: BUCHAREST }).format(now);

/** The same day one month earlier (the 31st of a short month becomes its last day). */
export function monthBefore(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Saturday delivery is offered only on Fridays, Bucharest time (spec 002 section 5). */
export const isFridayInBucharest = (now = new Date()) => new Intl.DateTimeFormat('en-US', { timeZone: BUCHAREST, weekday: 'short' }).format(now) === 'Fri';

/** '1,2 km' (approximate distance of a pick-up point). */
export const km = (distance: number | null) => (distance == null ? null : `${distance.toLocaleString('ro-RO', { maximumFractionDigits: 1 })} km`);

/** A decimal typed with a comma or a dot; NaN for empty or not a number (the contract then says why). */
export const toNumber = (text: string) => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));
