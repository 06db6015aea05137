import { addressDetailsLine, normalizeText } from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import type { ShipmentAddress, ShipmentPoint } from '../../db/schema/shipments.js';
import type { AddressSpec, CourierNetwork, Offer, PickupPoint } from '../../integrations/couriers/courier-network.js';
import type { ShipmentBilling } from './ports.js';
import type { ShipmentRow } from './shipments-queries.js';
import { STATUS_VIEW } from './shipment-status.js';

/** What the shipments service is built from (the composition root passes it). */
export type ShipmentsDeps = {
  database: Database;
  network: CourierNetwork;
  /** What an activation leaves to invoice, and what a cancellation takes back (invoicing implements it). */
  billing: ShipmentBilling;
  /** The pick-up point discounts, percent by courier, on shipments sent from an address. */
  pickupDiscounts?: (db: Executor, userId: number, addressId: number) => Promise<Map<string, number>>;
  /** Records that an approved pick-up point was used (unused points are deactivated). */
  pickupUsed?: (db: Executor, userId: number, addressId: number, courierId: string) => Promise<void>;
  now?: () => Date;
  /** How long a second request waits for an activation in progress before answering. */
  activationWaitMs?: number;
};

/**
 * How one call records its changes, when not as the service always does (the demo seeds' history,
 * through the composition root's service): `notify: false`, its lifecycle events tell nobody;
 * `mail: false`, a credit note it issues is not mailed; `at`, the instant it records (and tracks
 * at) instead of the service's clock; `listPrice`, an activation charged at the courier's price
 * without the sender's pick-up point discount (the demo's history, as it was always priced).
 */
export type Recording = { notify?: boolean; mail?: boolean; at?: Date; listPrice?: boolean };

/** What every stage of the lifecycle shares: the deps, the clock and the courier catalogue. */
export function shipmentContext(deps: ShipmentsDeps) {
  const couriers = () => new Map(deps.network.couriers().map((c) => [c.id, c]));
  return {
    deps,
    db: deps.database.db,
    now: deps.now ?? (() => new Date()),
    couriers,
    courierName: (courierId: string) => couriers().get(courierId)?.name ?? courierId,
    /** Whether this call's lifecycle events tell anyone. */
    notifies: (rec?: Recording) => rec?.notify !== false,
    /** This call's clock: the recording's instant, or the service's. */
    nowOf: (rec?: Recording) => rec?.at ?? (deps.now ?? (() => new Date()))(),
  };
}
export type ShipmentContext = ReturnType<typeof shipmentContext>;

/** A party of a shipment, resolved: its stored address, the locality's coordinates, and the address-book name to save it under. */
export type Resolved = { address: ShipmentAddress; coords: { lat: number; lng: number } | null; saveAs: string | null };

/** Packages as stored (grams, centimetres) and as the page sends them (kilograms). */
export { formPackage, storedPackage } from '../../lib/packages.js';
export const pointOf = (p: PickupPoint): ShipmentPoint => ({ id: p.id, name: p.name, fullAddress: p.fullAddress, distanceKm: p.distanceKm });

/** The shipment's columns for a chosen offer (and point): what activation and a draft's edit store. */
export const serviceOf = (offer: Offer, point: PickupPoint | null | undefined) => ({
  courierId: offer.courierId,
  serviceId: offer.serviceId,
  serviceName: offer.serviceName,
  point: point ? pointOf(point) : null,
  priceBani: offer.priceBani,
  priceNoVatBani: offer.priceNoVatBani,
});

/** The shipment's party as the courier takes it: the one mapping from the address shape to the courier network. */
export const toSpec = (r: Pick<Resolved, 'address' | 'coords'>): AddressSpec => ({
  countyCode: r.address.addressCountyCode,
  county: r.address.addressCounty,
  city: r.address.addressCity,
  postalCode: r.address.addressPostalCode,
  street: r.address.addressStreet,
  number: r.address.addressNumber,
  details: addressDetailsLine(r.address),
  contactName: r.address.contactName,
  company: r.address.contactCompany,
  phone: r.address.contactPhone,
  email: r.address.contactEmail,
  lat: r.coords?.lat ?? null,
  lng: r.coords?.lng ?? null,
});

/** The list's search text: AWB, public id, recipient and client reference, normalised. */
export const searchText = (row: Pick<ShipmentRow, 'awb' | 'recipient' | 'clientReference' | 'uniqueId'>) =>
  normalizeText([row.awb, row.uniqueId, row.recipient.contactName, row.recipient.contactCompany, row.recipient.addressCity, row.clientReference].filter(Boolean).join(' | '));

export function statusOf(row: ShipmentRow) {
  const v = STATUS_VIEW[row.status];
  return { code: row.status, text: v.text, color: v.color, dateTime: row.statusAt.toISOString(), reason: row.statusReason };
}
