import { createHash } from 'node:crypto';
import type { TrackingEvent } from './courier-network.js';

/**
 * The simulated journey of an AWB: a fixed schedule in steps from its creation (one step is
 * `minutesPerStep`, three hours by default), and its outcome from a hash of the AWB number, so
 * the same AWB tells the same story on every server and every call.
 */

export type Journey = {
  awb: string;
  createdAt: Date;
  cancelledAt: Date | null;
  fromCity: string;
  toCity: string;
  /** Deliveries to a point: the point's name and city. */
  point: { name: string; city: string } | null;
};

export const DEFAULT_MINUTES_PER_STEP = 180;

/** Out of 100 AWBs: this many refused, then this many returned; the rest delivered. */
const REFUSED_SHARE = 4;
const RETURNED_SHARE = 4;

const REFUSAL_REASONS = [
  'Destinatarul nu mai doreste coletul',
  'Destinatarul a refuzat plata rambursului',
  'Continutul nu corespunde comenzii',
  'Ambalaj deteriorat la livrare',
];
const RETURN_REASONS = ['Destinatar absent la trei incercari de livrare', 'Adresa incompleta sau gresita', 'Destinatarul nu raspunde la telefon'];
const POINT_RETURN_REASON = 'Coletul nu a fost ridicat din punct in termenul de pastrare';

function draws(awb: string) {
  const h = createHash('sha256').update(awb).digest();
  return { outcome: h.readUInt32BE(0) % 100, jitter: h.readUInt16BE(4) / 0x10000, reason: h.readUInt16BE(6), late: h.readUInt16BE(8) / 0x10000 };
}

/** When the courier picks it up: between 1 and 1.5 steps after creation. */
export function pickedUpAt(journey: Pick<Journey, 'awb' | 'createdAt'>, minutesPerStep: number): Date {
  return new Date(journey.createdAt.getTime() + (1 + draws(journey.awb).jitter / 2) * minutesPerStep * 60_000);
}

/** Every event of the journey, future ones too, oldest first (without a cancellation). */
export function journeyEvents(journey: Journey, minutesPerStep: number): TrackingEvent[] {
  const d = draws(journey.awb);
  const at = (steps: number) => new Date(journey.createdAt.getTime() + steps * minutesPerStep * 60_000);
  const event = (status: TrackingEvent['status'], steps: number | Date, text: string, location: string | null, reason: string | null = null): TrackingEvent => ({
    status,
    text,
    at: steps instanceof Date ? steps : at(steps),
    reason,
    location,
  });
  const destination = journey.point?.city ?? journey.toCity;
  const events: TrackingEvent[] = [
    event('created', 0, 'AWB emis, coletul asteapta ridicarea de catre curier', journey.fromCity),
    event('picked_up', pickedUpAt(journey, minutesPerStep), 'Coletul a fost ridicat de curier', journey.fromCity),
    event('in_transit', 2.5, `Coletul a plecat din depozitul din ${journey.fromCity}`, journey.fromCity),
  ];
  if (destination !== journey.fromCity) events.push(event('in_transit', 4.5, `Coletul a ajuns in depozitul din ${destination}`, destination));
  events.push(
    journey.point
      ? event('out_for_delivery', 6, `Coletul este in drum spre ${journey.point.name}`, destination)
      : event('out_for_delivery', 6, 'Coletul a fost predat curierului pentru livrare', destination),
  );
  const end = 7.5 + d.late;
  if (d.outcome < REFUSED_SHARE && !journey.point) {
    events.push(event('refused', end, 'Coletul a fost refuzat de destinatar', destination, REFUSAL_REASONS[d.reason % REFUSAL_REASONS.length]!));
  } else if (d.outcome < REFUSED_SHARE + RETURNED_SHARE) {
    const reason = journey.point ? POINT_RETURN_REASON : RETURN_REASONS[d.reason % RETURN_REASONS.length]!;
    events.push(event('in_transit', end, 'Livrare nereusita, coletul se intoarce la expeditor', destination));
    events.push(event('returned', 14 + d.late, 'Coletul a fost returnat expeditorului', journey.fromCity, reason));
  } else if (journey.point) {
    events.push(event('delivered', end, `Coletul a fost ridicat de destinatar din ${journey.point.name}`, destination));
  } else {
    events.push(event('delivered', end, 'Coletul a fost livrat destinatarului', destination));
  }
  return events;
}

/** What the courier reports at `now`: the events so far, or those before a cancellation and the cancellation. */
export function trackingAt(journey: Journey, minutesPerStep: number, now: Date): TrackingEvent[] {
  const all = journeyEvents(journey, minutesPerStep);
  if (journey.cancelledAt) {
    const cancelledAt = journey.cancelledAt;
    return [
      ...all.filter((e) => e.at < cancelledAt),
      { status: 'cancelled', text: 'AWB anulat la cererea expeditorului', at: cancelledAt, reason: null, location: null },
    ];
  }
  // The creation is always known, even to a caller whose clock runs behind the simulator's.
  return all.filter((e, i) => i === 0 || e.at <= now);
}
