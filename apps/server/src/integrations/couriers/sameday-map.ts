import { gramsToKg } from '@colete/contract';
import { bucharestParts } from '../../lib/dates.js';
import { leiToBani } from '../../lib/money.js';
import { withVatAt } from '../../lib/vat.js';
import type { AddressSpec, PackageSpec, PickupPoint, ServiceType, TrackingEvent, TrackingStatus } from './courier-network.js';
import type { Form } from './sameday-api.js';

/** Pure translations between our courier interface and Sameday's documented shapes. */

export const SAMEDAY_ID = 'sameday';

/** Sameday's service codes we sell (its plugins' constants); ids differ per account and environment, so they come from /api/client/services. */
export const SAMEDAY_SERVICES: Record<string, { type: ServiceType; name: string; text: string }> = {
  '24': { type: 'standard', name: 'Sameday 24H', text: 'Livrare la adresa' },
  '6H': { type: 'express', name: 'Sameday 6H', text: 'Livrare la adresa in aceeasi zi, doar in Bucuresti' },
  LN: { type: 'locker', name: 'Sameday easybox', text: 'Livrare in easybox' },
};
/** The optional tax 'open package' (Sameday's code OPCG). */
export const OPEN_PACKAGE_CODE = 'OPCG';
/** integrations.md: Sameday's limit per parcel (unconfirmed). */
export const MAX_PARCEL_KG = 70;

export type SdService = {
  id: number;
  name?: string;
  serviceCode?: string;
  serviceOptionalTaxes?: { id: number; name?: string; code?: string; packageType?: number }[];
};
export type SdPickupPoint = { id: number; defaultPickupPoint?: boolean; pickupPointContactPerson?: { id: number; defaultContactPerson?: boolean }[] };
export type SdLocker = {
  lockerId: number | string;
  name?: string;
  county?: string;
  city?: string;
  address?: string;
  postalCode?: string;
  lat?: number | string;
  lng?: number | string;
  clientVisible?: number | boolean | string;
};
export type SdHistoryItem = {
  statusId?: number;
  status?: string;
  statusLabel?: string;
  statusState?: string;
  statusDate?: string;
  county?: string;
  reason?: string;
  transitLocation?: string;
};
export type SdAwbStatus = { expeditionHistory?: SdHistoryItem[]; expeditionStatus?: SdHistoryItem | null };

/** Bucharest-time pick-up cut-off (integrations.md: 14:00-17:00; the earliest, to promise nothing we cannot keep). */
const PICKUP_CUTOFF_HOUR = 14;

/** Lei with two decimals, as Sameday's form expects amounts. */
export const lei = (bani: number) => (bani / 100).toFixed(2);

/**
 * Sameday's amounts are without VAT (estimate-cost and awbCost): our price adds the VAT in force on
 * the order's day (the supply date), rounded half up to the ban.
 */
export function prices(amountLei: number, at: Date): { priceNoVatBani: number; priceBani: number } {
  const priceNoVatBani = leiToBani(amountLei);
  return { priceNoVatBani, priceBani: withVatAt(priceNoVatBani, at) };
}

/** Names as Sameday's nomenclature writes them: without diacritics (both comma and cedilla forms). */
export const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim();

/** A Bucharest address names its sector: the postal code's second digit (01xxxx is Sector 1 ... 06xxxx Sector 6). */
export function samedayCity(a: Pick<AddressSpec, 'countyCode' | 'city' | 'postalCode'>): string {
  const sector = /^0([1-6])\d{4}$/.exec(a.postalCode ?? '');
  if (a.countyCode === 'B' && sector && !/sector/i.test(a.city)) return `Sector ${sector[1]}`;
  return plain(a.city);
}

/** +40722... as Sameday's couriers dial it (0722...); other countries stay international. */
export const samedayPhone = (phone: string) => phone.replace(/^\+40(?=\d{9}$)/, '0');

export function addressLine(a: Pick<AddressSpec, 'street' | 'number' | 'details'>): string {
  return [a.street, a.number ? `nr. ${a.number}` : null, a.details].filter((p): p is string => !!p && !!p.trim()).join(', ');
}

/** An address as Sameday's entity fields (awbRecipient, thirdParty): names, not Sameday's ids, so the *String fields. */
export function entity(a: AddressSpec): Form {
  return {
    name: a.contactName,
    phoneNumber: samedayPhone(a.phone),
    personType: a.company ? 1 : 0,
    companyName: a.company ?? undefined,
    address: addressLine(a),
    cityString: samedayCity(a),
    countyString: plain(a.county),
    postalCode: a.postalCode || undefined,
    email: a.email ?? undefined,
  };
}

/** packageType 1 envelope when every package is one, else 0 parcel; weights in kg, sizes in cm. */
export function parcelFields(packages: PackageSpec[]): Form {
  const kg = (grams: number) => gramsToKg(Math.round(grams));
  const total = packages.reduce((sum, p) => sum + p.weightGrams, 0);
  return {
    packageType: packages.length > 0 && packages.every((p) => p.type === 'envelope') ? 1 : 0,
    packageNumber: packages.length,
    packageWeight: kg(total),
    parcels: packages.map((p) => ({ weight: kg(p.weightGrams), width: p.widthCm, length: p.lengthCm, height: p.heightCm })),
  };
}

/** Sameday answers no pick-up date: today in Bucharest before the cut-off on a weekday, otherwise the next weekday. */
export function estimatedPickupDate(at: Date): string {
  const local = bucharestParts(at);
  // Calendar arithmetic on the Bucharest day, held as a UTC date so no offset can shift it.
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day));
  const weekday = (d: Date) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5;
  if (!(weekday(day) && local.hour < PICKUP_CUTOFF_HOUR)) {
    do day.setUTCDate(day.getUTCDate() + 1);
    while (!weekday(day));
  }
  return day.toISOString().slice(0, 10);
}

/*
 * Sameday's status ids seen in its answers (not a published list): 1 AWB issued and 23 a courier
 * will pick it up; 4 handed to Sameday; 5 crossing a border, 56 leaving a hub, 84 at the central
 * depot; 33 the courier delivers soon, 78 placed in the easybox / delivery point; 9 delivered.
 * Other ids are read from their words (returned, refused, cancelled, delivered); an event we
 * cannot place keeps the status of the one before it.
 */
const STATUS_BY_ID: Record<number, TrackingStatus> = {
  1: 'created',
  23: 'created',
  4: 'picked_up',
  5: 'in_transit',
  56: 'in_transit',
  84: 'in_transit',
  33: 'out_for_delivery',
  78: 'out_for_delivery',
  9: 'delivered',
};

function statusFromWords(item: SdHistoryItem): TrackingStatus | null {
  const words = plain([item.status, item.statusLabel, item.statusState].filter(Boolean).join(' ')).toLowerCase();
  if (/refuz/.test(words)) return 'refused';
  if (/retur/.test(words)) return 'returned';
  if (/anulat|cancel/.test(words)) return 'cancelled';
  if (/\blivrat/.test(words) && !/nelivrat/.test(words)) return 'delivered';
  return null;
}

export function trackingEvents(answer: SdAwbStatus): TrackingEvent[] {
  const history = Array.isArray(answer.expeditionHistory) && answer.expeditionHistory.length ? answer.expeditionHistory : answer.expeditionStatus ? [answer.expeditionStatus] : [];
  const dated = history
    .map((item) => ({ item, at: new Date(item.statusDate ?? '') }))
    .filter((e) => !Number.isNaN(e.at.getTime()))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let last: TrackingStatus = 'created';
  return dated.map(({ item, at }) => {
    last = (item.statusId !== undefined ? STATUS_BY_ID[item.statusId] : undefined) ?? statusFromWords(item) ?? last;
    const text = (item.statusLabel || item.status || item.statusState || '').trim();
    return {
      status: last,
      text: text || 'Actualizare Sameday',
      at,
      reason: item.reason?.trim() || null,
      location: item.transitLocation?.trim() || item.county?.trim() || null,
    };
  });
}

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const pointId = (lockerId: number | string) => `${SAMEDAY_ID}:${lockerId}`;
/** Our point id back to Sameday's locker id; null when it is not one of Sameday's. */
export function lockerIdOf(id: string | null): number | null {
  const m = /^sameday:(\d+)$/.exec(id ?? '');
  return m ? Number(m[1]) : null;
}

/** A visible easybox with coordinates as our pick-up point (distance filled in by the caller). */
export function lockerPoint(l: SdLocker): PickupPoint | null {
  const lat = Number(l.lat);
  const lng = Number(l.lng);
  const hidden = l.clientVisible !== undefined && (l.clientVisible === 0 || l.clientVisible === false || l.clientVisible === '0');
  if (hidden || !Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0) || l.lockerId === undefined) return null;
  const city = (l.city ?? '').trim();
  const county = (l.county ?? '').trim();
  return {
    id: pointId(l.lockerId),
    courierId: SAMEDAY_ID,
    kind: 'locker',
    name: (l.name ?? '').trim() || `easybox ${l.lockerId}`,
    fullAddress: [l.address?.trim(), city, county, l.postalCode?.trim()].filter(Boolean).join(', '),
    countyCode: countyCode(county),
    city,
    lat,
    lng,
    distanceKm: null,
  };
}

export function nearest(points: PickupPoint[], near: { lat: number; lng: number }, limit: number): PickupPoint[] {
  return points
    .map((p) => ({ p, d: distanceKm(near, p) }))
    .sort((a, b) => a.d - b.d || a.p.id.localeCompare(b.p.id))
    .slice(0, limit)
    .map(({ p, d }) => ({ ...p, distanceKm: Math.round(d * 10) / 10 }));
}

/** Romania's county codes by name, for Sameday's points (which name the county, not its code). */
const COUNTY_CODES: Record<string, string> = {
  alba: 'AB', arad: 'AR', arges: 'AG', bacau: 'BC', bihor: 'BH', 'bistrita-nasaud': 'BN', botosani: 'BT', braila: 'BR',
  brasov: 'BV', bucuresti: 'B', buzau: 'BZ', calarasi: 'CL', 'caras-severin': 'CS', cluj: 'CJ', constanta: 'CT',
  covasna: 'CV', dambovita: 'DB', dolj: 'DJ', galati: 'GL', giurgiu: 'GR', gorj: 'GJ', harghita: 'HR', hunedoara: 'HD',
  ialomita: 'IL', iasi: 'IS', ilfov: 'IF', maramures: 'MM', mehedinti: 'MH', mures: 'MS', neamt: 'NT', olt: 'OT',
  prahova: 'PH', salaj: 'SJ', 'satu mare': 'SM', sibiu: 'SB', suceava: 'SV', teleorman: 'TR', timis: 'TM', tulcea: 'TL',
  valcea: 'VL', vaslui: 'VS', vrancea: 'VN',
};

export function countyCode(name: string): string {
  const key = plain(name).toLowerCase().replace(/\s*-\s*/g, '-').replace(/\s+/g, ' ').replace(/^judetul /, '');
  if (/bucuresti/.test(key)) return 'B';
  return COUNTY_CODES[key] ?? '';
}
