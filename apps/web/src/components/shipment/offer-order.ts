import type { SERVICE_TYPES } from '@colete/contract';
import { formatNumber } from '../../lib/format';

/** Offer groups in the order the courier list shows them (spec 002 section 2.1: services grouped by type). */
export const SERVICE_TYPE_LABELS: Record<(typeof SERVICE_TYPES)[number], string> = {
  standard: 'Standard',
  express: 'Express',
  saturday: 'Livrare sambata',
  locker: 'Livrare la punct',
};

/** '1,2 km' (approximate distance of a pick-up point). */
export const km = (distance: number | null) => (distance == null ? null : `${formatNumber(distance, 1)} km`);

// Apart from shipment-format.ts, which the shipments list (the first load) imports.
/**
 * The offers of one group as the list shows them: cheapest first (the price with VAT, then without;
 * equal prices keep the server's order), and the offers that cannot be chosen (with errors) last.
 */
export function groupByPrice<O extends { type: string; price: string; priceNoVat: string; errors: readonly string[] }>(offers: readonly O[], type: O['type']): O[] {
  const rank = (o: O) => (o.errors.length > 0 ? 1 : 0);
  return offers
    .filter((o) => o.type === type)
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o) - rank(b.o) || Number(a.o.price) - Number(b.o.price) || Number(a.o.priceNoVat) - Number(b.o.priceNoVat) || a.i - b.i)
    .map(({ o }) => o);
}
