import { formatBani, gramsToKg, kgToGrams, normalizeText, PACKAGE_LIMITS } from '@colete/contract';
import { withVatAt } from '../../lib/vat.js';
import type { AddressSpec, PackageSpec, QuoteRequest } from './courier-network.js';
import type { RateCard, SimCourier, SimService, Zone } from './simulator-catalogue.js';

/** The contract's package minimums and envelope (plic) limits (spec 001 section 9), in grams and cm. */
const L = PACKAGE_LIMITS;
export const PACKAGE_MIN = { weightGrams: kgToGrams(L.minWeightKg), lengthCm: L.minLengthCm, widthCm: L.minWidthCm, heightCm: L.minHeightCm } as const;
export const ENVELOPE_MAX = { weightGrams: kgToGrams(L.envelope.maxWeightKg), lengthCm: L.envelope.maxLengthCm, widthCm: L.envelope.maxWidthCm, heightCm: L.envelope.maxHeightCm } as const;

const sameText = (a: string, b: string) => normalizeText(a).replace(/[^a-z0-9]+/g, ' ').trim() === normalizeText(b).replace(/[^a-z0-9]+/g, ' ').trim();

/** Same locality (all of Bucharest is one), same county, or across the country. */
export function zoneOf(from: Pick<AddressSpec, 'countyCode' | 'city'>, to: Pick<AddressSpec, 'countyCode' | 'city'>): Zone {
  const fromCounty = from.countyCode.toUpperCase();
  if (fromCounty !== to.countyCode.toUpperCase()) return 'national';
  return fromCounty === 'B' || sameText(from.city, to.city) ? 'local' : 'county';
}

/** One envelope alone: priced and checked as an envelope. */
export const isEnvelope = (packages: PackageSpec[]) => packages.length === 1 && packages[0]!.type === 'envelope';

/** The larger of the real and the volumetric weight (L x W x H / divisor), in grams. */
export const chargeableGrams = (p: PackageSpec, divisor: number) =>
  p.type === 'envelope' ? p.weightGrams : Math.max(p.weightGrams, Math.ceil((p.lengthCm * p.widthCm * p.heightCm * 1000) / divisor));

/** The rate card's price for the shipment's weight (or its one envelope) in a zone. */
export function basePrice(rates: RateCard, zone: Zone, packages: PackageSpec[]): number {
  if (isEnvelope(packages)) return rates.envelope[zone];
  const grams = packages.reduce((sum, p) => sum + chargeableGrams(p, rates.volumetricDivisor), 0);
  const band = rates.bandsKg.findIndex((kg) => grams <= kg * 1000);
  if (band >= 0) return rates.parcel[zone][band]!;
  const top = rates.bandsKg.length - 1;
  const extraKg = Math.ceil((grams - rates.bandsKg[top]! * 1000) / 1000);
  return rates.parcel[zone][top]! + extraKg * rates.extraKgBani[zone];
}

export function priceOf(courier: SimCourier, service: SimService, req: QuoteRequest, zone: Zone): { priceNoVatBani: number; priceBani: number } {
  const { surcharges } = courier;
  let bani = Math.round((basePrice(courier.rates, zone, req.packages) * service.pricePercent) / 100) + service.fixedBani;
  bani += Math.max(0, req.packages.length - 1) * surcharges.extraParcelBani;
  if (req.codBani !== null && req.codBani > 0) bani += surcharges.codBani;
  if (req.insuranceBani !== null && req.insuranceBani > 0) bani += Math.round((req.insuranceBani * surcharges.insuranceBasisPoints) / 10_000);
  if (req.openAtDelivery) bani += surcharges.openAtDeliveryBani;
  // Sizes that are not numbers carry errors already: no price rather than NaN.
  if (!Number.isSafeInteger(bani)) bani = 0;
  // With the VAT in force on the day of the order (the supply date), half up to the ban.
  return { priceNoVatBani: bani, priceBani: withVatAt(bani, req.at) };
}

const kg = (grams: number) => String(gramsToKg(grams)).replace('.', ',');

/** What no courier accepts: empty, below the minimums, or a wrong envelope. */
export function requestErrors(req: QuoteRequest): string[] {
  const errors: string[] = [];
  const { packages } = req;
  if (packages.length === 0) errors.push('Adaugati cel putin un colet.');
  if (packages.some((p) => !(p.weightGrams >= PACKAGE_MIN.weightGrams))) errors.push(`Greutatea minima a unui colet este ${kg(PACKAGE_MIN.weightGrams)} kg.`);
  if (packages.some((p) => !(p.lengthCm >= PACKAGE_MIN.lengthCm) || !(p.widthCm >= PACKAGE_MIN.widthCm)))
    errors.push(`Lungimea si latimea minima a unui colet sunt de ${PACKAGE_MIN.lengthCm} cm.`);
  if (packages.some((p) => !(p.heightCm >= PACKAGE_MIN.heightCm))) errors.push(`Inaltimea minima a unui colet este ${PACKAGE_MIN.heightCm} cm.`);
  if (packages.some((p) => p.type === 'envelope')) {
    if (packages.length > 1) errors.push('Un plic se trimite singur: o comanda cu plic nu poate avea alte colete.');
    const e = packages.find((p) => p.type === 'envelope')!;
    if (e.weightGrams > ENVELOPE_MAX.weightGrams) errors.push(`Plicul poate avea cel mult ${kg(ENVELOPE_MAX.weightGrams)} kg.`);
    if (e.lengthCm > ENVELOPE_MAX.lengthCm || e.widthCm > ENVELOPE_MAX.widthCm || e.heightCm > ENVELOPE_MAX.heightCm)
      errors.push(`Plicul poate avea cel mult ${ENVELOPE_MAX.lengthCm} x ${ENVELOPE_MAX.widthCm} cm si ${ENVELOPE_MAX.heightCm} cm inaltime.`);
  }
  if (req.codBani !== null && !(Number.isSafeInteger(req.codBani) && req.codBani >= 0)) errors.push('Valoarea rambursului nu este valida.');
  if (req.insuranceBani !== null && !(Number.isSafeInteger(req.insuranceBani) && req.insuranceBani >= 0)) errors.push('Valoarea declarata nu este valida.');
  return errors;
}

const sides = (p: PackageSpec) => [p.lengthCm, p.widthCm, p.heightCm].sort((a, b) => b - a) as [number, number, number];

/** One courier's and service's limits, as the Romanian reasons a disabled offer shows. */
export function limitErrors(courier: SimCourier, service: SimService, req: QuoteRequest): string[] {
  const { limits } = courier;
  const name = courier.info.name;
  const errors: string[] = [];
  const { packages } = req;
  if (packages.some((p) => p.weightGrams > limits.maxParcelKg * 1000)) errors.push(`Greutatea maxima a unui colet la ${name} este ${limits.maxParcelKg} kg.`);
  if (packages.some((p) => sides(p)[0] > limits.maxSideCm)) errors.push(`Latura cea mai lunga a unui colet poate avea cel mult ${limits.maxSideCm} cm la ${name}.`);
  if (packages.some((p) => p.lengthCm + p.widthCm + p.heightCm > limits.maxSumCm))
    errors.push(`Suma dimensiunilor unui colet poate fi de cel mult ${limits.maxSumCm} cm la ${name}.`);
  if (packages.length > limits.maxParcels) errors.push(`${name} accepta cel mult ${limits.maxParcels} colete pe un AWB.`);
  if (req.codBani !== null && req.codBani > limits.codMaxBani) errors.push(`Rambursul poate fi de cel mult ${formatBani(limits.codMaxBani)} la ${name}.`);
  if (req.insuranceBani !== null && req.insuranceBani > limits.insuranceMaxBani)
    errors.push(`Valoarea declarata poate fi de cel mult ${formatBani(limits.insuranceMaxBani)} la ${name}.`);
  const totalGrams = packages.reduce((sum, p) => sum + p.weightGrams, 0);
  if (service.maxTotalKg !== undefined && totalGrams > service.maxTotalKg * 1000)
    errors.push(`Serviciul ${service.name} accepta cel mult ${service.maxTotalKg} kg pe comanda.`);
  if (service.pointKind === 'locker') {
    const box = limits.lockerBoxCm;
    const fits = (p: PackageSpec) => {
      const s = sides(p);
      return s[0] <= box[0] && s[1] <= box[1] && s[2] <= box[2] && p.weightGrams <= limits.lockerMaxKg * 1000;
    };
    if (!packages.every(fits)) errors.push(`Coletul nu incape in locker: cel mult ${box[0]} x ${box[1]} x ${box[2]} cm si ${limits.lockerMaxKg} kg.`);
    if (req.openAtDelivery) errors.push('Deschiderea la livrare nu este disponibila la livrarea in locker.');
  }
  return errors;
}

const DELIVERY_TIME: Record<Zone, string> = { local: '24 ore', county: '24-48 ore', national: '48-72 ore' };
const EXPRESS_TIME: Record<Zone, string> = { local: '12 ore', county: '24 ore', national: '24-36 ore' };

/** The offer's description, parts separated by '#'. */
export function describe(service: SimService, zone: Zone): string {
  const cutoff = `Comenzile pana la ora ${service.lastOrderHour} sunt ridicate in aceeasi zi lucratoare`;
  switch (service.code) {
    case 'express':
      return `Livrare express la adresa destinatarului#Termen de livrare ${EXPRESS_TIME[zone]}#${cutoff}`;
    case 'saturday':
      return `Livrare sambata la adresa destinatarului#Ridicare vineri, comenzile pana la ora ${service.lastOrderHour}`;
    case 'locker':
      return `Livrare in locker, destinatarul ridica coletul cu un cod primit prin SMS#Termen de livrare ${DELIVERY_TIME[zone]}#${cutoff}`;
    case 'office':
      return `Livrare la punctul de ridicare ales, destinatarul ridica coletul cu un act de identitate#Termen de livrare ${DELIVERY_TIME[zone]}#${cutoff}`;
    default:
      return `Livrare la adresa destinatarului#Termen de livrare ${DELIVERY_TIME[zone]}#${cutoff}`;
  }
}
