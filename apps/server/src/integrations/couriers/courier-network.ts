/**
 * The courier network: one interface for every courier the platform sells (spec 002 courier
 * offers; issue 5). The built-in simulator is the embedded default; a real courier's adapter
 * implements the same interface. Money is integer bani, weights grams, sizes centimetres.
 */

import type { TStoredPackage } from '@colete/contract';

export type AwbFormat = 'A4' | 'A6';

/** scheduleType 2: the client picks the pick-up weekdays (spec 000 pick-up points). */
export type CourierInfo = { id: string; name: string; logo: string; formats: AwbFormat[]; scheduleType: 1 | 2 };

/** 1 envelope, 2 parcel (spec 001 section 9). */
/** The package a courier prices and carries: the contract's stored package (grams, centimetres). */
export type PackageSpec = TStoredPackage;

export type AddressSpec = {
  countyCode: string;
  county: string;
  city: string;
  postalCode: string;
  street: string | null;
  number: string | null;
  /** Block, floor, apartment, landmark: one line. */
  details: string | null;
  contactName: string;
  company: string | null;
  phone: string;
  email: string | null;
  /** Approximate coordinates of the locality, when known (lockers near the recipient). */
  lat: number | null;
  lng: number | null;
};

export type QuoteRequest = {
  from: AddressSpec;
  to: AddressSpec;
  packages: PackageSpec[];
  /** Cash on delivery amount, null without. */
  codBani: number | null;
  /** Declared value for insurance, null without. */
  insuranceBani: number | null;
  openAtDelivery: boolean;
  saturdayDelivery: boolean;
  /** When the order is placed (cut-off hours, Saturday rules). */
  at: Date;
};

export type ServiceType = 'standard' | 'express' | 'saturday' | 'locker';

export type PickupPoint = {
  id: string;
  courierId: string;
  kind: 'locker' | 'office';
  name: string;
  fullAddress: string;
  countyCode: string;
  city: string;
  lat: number;
  lng: number;
  /** From the recipient, rounded to 0.1 km; null when the recipient's place is unknown. */
  distanceKm: number | null;
};

export type Offer = {
  courierId: string;
  courierName: string;
  /** Unique in the network: '<courierId>:<service code>'. */
  serviceId: string;
  serviceName: string;
  type: ServiceType;
  /** Parts separated by '#' (spec 002 courier offer description). */
  description: string;
  priceNoVatBani: number;
  priceBani: number;
  /** 'HH:MM' Bucharest time, express services. */
  lastOrderHour: string | null;
  lastPickupHour: string | null;
  /** Non-empty: the offer is shown disabled with these Romanian reasons. */
  errors: string[];
  /** Locker services: the points near the recipient. */
  points: PickupPoint[];
};

export type AwbRequest = QuoteRequest & {
  serviceId: string;
  pointId: string | null;
  /** Our shipment's uniqueId: creating twice with the same reference answers the same AWB. */
  reference: string;
  content: string;
  clientReference: string | null;
};

export type AwbResult = {
  awb: string;
  priceNoVatBani: number;
  priceBani: number;
  parcels: { number: number; barcode: string }[];
  /** ISO date (YYYY-MM-DD) the courier expects to pick it up. */
  estimatedPickupDate: string;
};

export type TrackingStatus = 'created' | 'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'returned' | 'refused' | 'cancelled';
export type TrackingEvent = { status: TrackingStatus; text: string; at: Date; reason: string | null; location: string | null };

export class CourierError extends Error {
  constructor(
    message: string,
    /** 'invalid' (the request is refused: show the message), 'unavailable' (try later), 'notFound'. */
    readonly kind: 'invalid' | 'unavailable' | 'notFound',
  ) {
    super(message);
    this.name = 'CourierError';
  }
}

export interface CourierNetwork {
  readonly name: string;
  couriers(): CourierInfo[];
  quote(req: QuoteRequest): Promise<Offer[]>;
  createAwb(req: AwbRequest): Promise<AwbResult>;
  /** One page per parcel, with a scannable barcode. */
  label(awb: string, format: AwbFormat): Promise<Uint8Array>;
  /** Oldest first. */
  track(awb: string, now?: Date): Promise<TrackingEvent[]>;
  /** Only before pick-up; otherwise CourierError 'invalid'. */
  cancel(awb: string): Promise<void>;
  points(near: { lat: number; lng: number }, opts?: { courierId?: string; limit?: number }): Promise<PickupPoint[]>;
}
