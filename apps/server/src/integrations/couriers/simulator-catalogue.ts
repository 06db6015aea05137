import type { CourierInfo, PickupPoint, ServiceType } from './courier-network.js';

/**
 * The simulated couriers: fictional names, real-looking services, rate cards and limits
 * (../shared/docs/integrations.md: home delivery ~18 lei, to a point ~13 lei, cash on delivery
 * +5-6 lei, 31-70 kg a parcel, order cut-off 14:00-17:00). All money in bani without VAT.
 */

export type Zone = 'local' | 'county' | 'national';
export type ServiceCode = 'standard' | 'express' | 'saturday' | 'locker' | 'office';

export type SimService = {
  code: ServiceCode;
  type: ServiceType;
  name: string;
  /** The zone's base price times this percent, plus fixedBani. */
  pricePercent: number;
  fixedBani: number;
  /** 'HH:MM' Bucharest: orders after it are picked up the next working day. */
  lastOrderHour: string;
  lastPickupHour: string;
  /** Services to a point: which points. */
  pointKind?: PickupPoint['kind'];
  /** At most this many kg in the whole shipment (express by van, say). */
  maxTotalKg?: number;
};

export type RateCard = {
  /** Upper bounds of the weight bands in kg, ascending (the last one is the courier's top band). */
  bandsKg: number[];
  /** Price of each band, by zone. */
  parcel: Record<Zone, number[]>;
  /** Each started kg above the last band. */
  extraKgBani: Record<Zone, number>;
  /** One envelope, whatever its weight within the envelope limits. */
  envelope: Record<Zone, number>;
  /** cm^3 per chargeable kg (volumetric weight of a parcel: L x W x H / divisor). */
  volumetricDivisor: number;
};

export type Surcharges = {
  codBani: number;
  /** Insurance in basis points (1/100 of a percent) of the declared value. */
  insuranceBasisPoints: number;
  openAtDeliveryBani: number;
  /** For each parcel after the first. */
  extraParcelBani: number;
};

export type Limits = {
  maxParcelKg: number;
  /** Longest side of a parcel. */
  maxSideCm: number;
  /** Length + width + height of a parcel. */
  maxSumCm: number;
  maxParcels: number;
  codMaxBani: number;
  insuranceMaxBani: number;
  /** The biggest locker box (sides sorted, longest first) and its weight. */
  lockerBoxCm: [number, number, number];
  lockerMaxKg: number;
};

export type PointBrand = { kind: PickupPoint['kind']; brand: string };

export type SimCourier = {
  info: CourierInfo;
  services: SimService[];
  rates: RateCard;
  surcharges: Surcharges;
  limits: Limits;
  points: PointBrand[];
  /** The AWB number for the courier's n-th AWB (n from 1). */
  awbNumber: (n: number) => string;
};

const BANDS_31 = [1, 3, 5, 10, 15, 20, 31];

/** UPU S10 check digit of 8 digits (weights 8 6 4 2 3 5 9 7), as postal item numbers carry. */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

const pad = (n: number, length: number) => String(n).padStart(length, '0');

export const SIM_COURIERS: SimCourier[] = [
  {
    info: { id: 'rapidcarpati', name: 'Rapid Carpati', logo: '/couriers/rapidcarpati.svg', formats: ['A4', 'A6'], scheduleType: 1 },
    services: [
      { code: 'standard', type: 'standard', name: 'Standard', pricePercent: 100, fixedBani: 0, lastOrderHour: '16:00', lastPickupHour: '18:00' },
      { code: 'express', type: 'express', name: 'Express', pricePercent: 160, fixedBani: 0, lastOrderHour: '13:00', lastPickupHour: '15:00', maxTotalKg: 20 },
      { code: 'saturday', type: 'saturday', name: 'Livrare sambata', pricePercent: 100, fixedBani: 1200, lastOrderHour: '12:00', lastPickupHour: '14:00' },
      { code: 'locker', type: 'locker', name: 'Livrare la CarpatiBox', pricePercent: 75, fixedBani: 0, lastOrderHour: '16:00', lastPickupHour: '18:00', pointKind: 'locker' },
    ],
    rates: {
      bandsKg: BANDS_31,
      parcel: {
        local: [1250, 1350, 1450, 1700, 2000, 2400, 3100],
        county: [1350, 1450, 1550, 1850, 2200, 2600, 3400],
        national: [1500, 1600, 1750, 2100, 2500, 3000, 3900],
      },
      extraKgBani: { local: 80, county: 90, national: 100 },
      envelope: { local: 1000, county: 1100, national: 1200 },
      volumetricDivisor: 6000,
    },
    surcharges: { codBani: 450, insuranceBasisPoints: 100, openAtDeliveryBani: 300, extraParcelBani: 250 },
    limits: {
      maxParcelKg: 31,
      maxSideCm: 120,
      maxSumCm: 250,
      maxParcels: 10,
      codMaxBani: 1_000_000,
      insuranceMaxBani: 2_000_000,
      lockerBoxCm: [60, 45, 36],
      lockerMaxKg: 20,
    },
    points: [{ kind: 'locker', brand: 'CarpatiBox' }],
    // 13 digits starting with 4.
    awbNumber: (n) => `4${pad(210_000_000_000 + n, 12)}`,
  },
  {
    info: { id: 'dunarea', name: 'Dunarea Expres', logo: '/couriers/dunarea.svg', formats: ['A4'], scheduleType: 2 },
    services: [
      { code: 'standard', type: 'standard', name: 'Standard', pricePercent: 100, fixedBani: 0, lastOrderHour: '15:00', lastPickupHour: '17:00' },
      { code: 'express', type: 'express', name: 'Express 24', pricePercent: 150, fixedBani: 0, lastOrderHour: '12:00', lastPickupHour: '14:00' },
      { code: 'saturday', type: 'saturday', name: 'Livrare sambata', pricePercent: 100, fixedBani: 1500, lastOrderHour: '11:00', lastPickupHour: '13:00' },
      { code: 'office', type: 'locker', name: 'Ridicare din agentie', pricePercent: 80, fixedBani: 0, lastOrderHour: '15:00', lastPickupHour: '17:00', pointKind: 'office' },
    ],
    rates: {
      bandsKg: [1, 3, 5, 10, 15, 20, 31, 50],
      parcel: {
        local: [1190, 1290, 1390, 1650, 1950, 2300, 2950, 4200],
        county: [1290, 1390, 1490, 1790, 2100, 2500, 3250, 4600],
        national: [1450, 1550, 1690, 1990, 2350, 2800, 3650, 5200],
      },
      extraKgBani: { local: 70, county: 80, national: 90 },
      envelope: { local: 990, county: 1090, national: 1190 },
      volumetricDivisor: 5000,
    },
    surcharges: { codBani: 500, insuranceBasisPoints: 75, openAtDeliveryBani: 250, extraParcelBani: 200 },
    limits: {
      maxParcelKg: 50,
      maxSideCm: 150,
      maxSumCm: 300,
      maxParcels: 20,
      codMaxBani: 2_000_000,
      insuranceMaxBani: 5_000_000,
      lockerBoxCm: [60, 45, 36],
      lockerMaxKg: 20,
    },
    points: [{ kind: 'office', brand: 'Agentia Dunarea Expres' }],
    // 10 digits starting with 7.
    awbNumber: (n) => `7${pad(300_000_000 + n, 9)}`,
  },
  {
    info: { id: 'colet24', name: 'Colet24', logo: '/couriers/colet24.svg', formats: ['A6', 'A4'], scheduleType: 1 },
    services: [
      { code: 'standard', type: 'standard', name: 'Standard', pricePercent: 100, fixedBani: 0, lastOrderHour: '17:00', lastPickupHour: '19:00' },
      { code: 'express', type: 'express', name: 'Express', pricePercent: 170, fixedBani: 0, lastOrderHour: '14:00', lastPickupHour: '16:00', maxTotalKg: 31 },
      { code: 'saturday', type: 'saturday', name: 'Livrare sambata', pricePercent: 110, fixedBani: 1000, lastOrderHour: '13:00', lastPickupHour: '15:00' },
      { code: 'locker', type: 'locker', name: 'Livrare la Colet24 Box', pricePercent: 70, fixedBani: 0, lastOrderHour: '17:00', lastPickupHour: '19:00', pointKind: 'locker' },
      { code: 'office', type: 'locker', name: 'Livrare la punct Colet24', pricePercent: 78, fixedBani: 0, lastOrderHour: '17:00', lastPickupHour: '19:00', pointKind: 'office' },
    ],
    rates: {
      bandsKg: [1, 3, 5, 10, 20, 31, 50, 70],
      parcel: {
        local: [1300, 1400, 1500, 1800, 2300, 3000, 4300, 5800],
        county: [1400, 1500, 1600, 1950, 2500, 3300, 4700, 6300],
        national: [1550, 1650, 1800, 2150, 2750, 3600, 5200, 6900],
      },
      extraKgBani: { local: 90, county: 100, national: 110 },
      envelope: { local: 1050, county: 1150, national: 1250 },
      volumetricDivisor: 6000,
    },
    surcharges: { codBani: 420, insuranceBasisPoints: 50, openAtDeliveryBani: 350, extraParcelBani: 300 },
    limits: {
      maxParcelKg: 70,
      maxSideCm: 175,
      maxSumCm: 300,
      maxParcels: 15,
      codMaxBani: 1_500_000,
      insuranceMaxBani: 3_000_000,
      lockerBoxCm: [61, 47, 44],
      lockerMaxKg: 25,
    },
    points: [
      { kind: 'locker', brand: 'Colet24 Box' },
      { kind: 'office', brand: 'Punct Colet24' },
    ],
    // 'C24' and 9 digits.
    awbNumber: (n) => `C24${pad(500_000_000 + n, 9)}`,
  },
  {
    info: { id: 'postaverde', name: 'Posta Verde', logo: '/couriers/postaverde.svg', formats: ['A4', 'A6'], scheduleType: 2 },
    services: [
      { code: 'standard', type: 'standard', name: 'Colet standard', pricePercent: 100, fixedBani: 0, lastOrderHour: '14:00', lastPickupHour: '16:00' },
      { code: 'express', type: 'express', name: 'Prioritar', pricePercent: 155, fixedBani: 0, lastOrderHour: '11:00', lastPickupHour: '13:00', maxTotalKg: 20 },
      { code: 'saturday', type: 'saturday', name: 'Livrare sambata', pricePercent: 100, fixedBani: 1100, lastOrderHour: '10:00', lastPickupHour: '12:00' },
      { code: 'office', type: 'locker', name: 'Ridicare de la oficiu', pricePercent: 72, fixedBani: 0, lastOrderHour: '14:00', lastPickupHour: '16:00', pointKind: 'office' },
    ],
    rates: {
      bandsKg: BANDS_31,
      parcel: {
        local: [1100, 1200, 1300, 1550, 1850, 2200, 2850],
        county: [1200, 1300, 1400, 1700, 2000, 2400, 3100],
        national: [1350, 1450, 1600, 1900, 2300, 2750, 3550],
      },
      extraKgBani: { local: 70, county: 80, national: 90 },
      envelope: { local: 850, county: 950, national: 1050 },
      volumetricDivisor: 6000,
    },
    surcharges: { codBani: 550, insuranceBasisPoints: 100, openAtDeliveryBani: 200, extraParcelBani: 200 },
    limits: {
      maxParcelKg: 31,
      maxSideCm: 100,
      maxSumCm: 200,
      maxParcels: 5,
      codMaxBani: 500_000,
      insuranceMaxBani: 1_000_000,
      lockerBoxCm: [60, 45, 36],
      lockerMaxKg: 20,
    },
    points: [{ kind: 'office', brand: 'Oficiul Posta Verde' }],
    // UPU S10 style: 'PV', 8 digits, check digit, 'RO'.
    awbNumber: (n) => {
      const serial = pad(40_000_000 + n, 8);
      return `PV${serial}${s10CheckDigit(serial)}RO`;
    },
  },
];

const byId = new Map(SIM_COURIERS.map((c) => [c.info.id, c]));
export const simCourier = (id: string) => byId.get(id);

/** '<courierId>:<code>' -> the courier and its service. */
export function simService(serviceId: string): { courier: SimCourier; service: SimService } | undefined {
  const [courierId, code] = serviceId.split(':');
  const courier = courierId ? byId.get(courierId) : undefined;
  const service = courier?.services.find((s) => s.code === code);
  return courier && service ? { courier, service } : undefined;
}

/** Parcel barcode: the AWB and the parcel's number on three digits. */
export const parcelBarcode = (awb: string, parcel: number) => `${awb}${pad(parcel, 3)}`;
