import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { code128Bars, code128Symbols, code128Widths } from '../src/integrations/couriers/code128.js';
import { CourierError, type AddressSpec, type AwbRequest, type CourierNetwork, type Offer, type PackageSpec, type QuoteRequest } from '../src/integrations/couriers/courier-network.js';
import { s10CheckDigit, SIM_COURIERS } from '../src/integrations/couriers/simulator-catalogue.js';
import { orthodoxEaster, pickupDate } from '../src/integrations/couriers/simulator-calendar.js';
import { haversineKm } from '../src/integrations/couriers/simulator-points.js';
import { zoneOf } from '../src/integrations/couriers/simulator-pricing.js';
import { journeyEvents } from '../src/integrations/couriers/simulator-tracking.js';
import { simulatedCourierNetwork } from '../src/integrations/couriers/simulator.js';
import { openTestDatabase } from './helper.js';

const address = (countyCode: string, county: string, city: string, lat: number | null = null, lng: number | null = null): AddressSpec => ({
  countyCode,
  county,
  city,
  postalCode: '400001',
  street: 'Strada Memorandumului',
  number: '28',
  details: 'Bl. A, ap. 3',
  contactName: 'Ioana Popescu',
  company: null,
  phone: '0722123456',
  email: null,
  lat,
  lng,
});
const CLUJ = address('CJ', 'Cluj', 'Cluj-Napoca', 46.78, 23.61);
const TURDA = address('CJ', 'Cluj', 'Turda', 46.57, 23.79);
const IASI = address('IS', 'Iași', 'Iași', 47.16, 27.58);
const SECTOR1 = address('B', 'București', 'Sectorul 1', 44.49, 26.05);
const SECTOR3 = address('B', 'București', 'Sectorul 3', 44.42, 26.16);

const parcel = (weightGrams: number, lengthCm = 30, widthCm = 20, heightCm = 10): PackageSpec => ({ type: 'parcel', weightGrams, lengthCm, widthCm, heightCm });
const envelope = (weightGrams = 300, lengthCm = 25, widthCm = 20, heightCm = 3): PackageSpec => ({ type: 'envelope', weightGrams, lengthCm, widthCm, heightCm });

// Wednesday 5 June 2024, 11:00 in Bucharest.
const WEDNESDAY = new Date('2024-06-05T08:00:00Z');

const quoteReq = (over: Partial<QuoteRequest> = {}): QuoteRequest => ({
  from: CLUJ,
  to: IASI,
  packages: [parcel(2500)],
  codBani: null,
  insuranceBani: null,
  openAtDelivery: false,
  saturdayDelivery: false,
  at: WEDNESDAY,
  ...over,
});

const offer = (offers: Offer[], serviceId: string) => {
  const found = offers.find((o) => o.serviceId === serviceId);
  if (!found) throw new Error(`no offer ${serviceId}`);
  return found;
};

async function courierError(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof CourierError) return e;
    throw e;
  }
  throw new Error('expected a CourierError');
}

let database: Database;
let network: CourierNetwork;
let clockNow = WEDNESDAY;
let refSeq = 0;
const nextRef = () => `SHP-${++refSeq}`;

const awbReq = (over: Partial<AwbRequest> = {}): AwbRequest => ({
  ...quoteReq(),
  serviceId: 'rapidcarpati:standard',
  pointId: null,
  reference: nextRef(),
  content: 'Carti',
  clientReference: 'CMD-1001',
  ...over,
});

beforeAll(async () => {
  database = await openTestDatabase();
  network = simulatedCourierNetwork(database, { now: () => clockNow });
});
afterAll(async () => {
  await database.close();
});

describe('catalogue', () => {
  it('lists fictional couriers with their formats and schedule types', () => {
    const couriers = network.couriers();
    expect(couriers.map((c) => c.id)).toEqual(['rapidcarpati', 'dunarea', 'colet24', 'postaverde']);
    expect(couriers.some((c) => c.scheduleType === 2)).toBe(true);
    expect(couriers.find((c) => c.id === 'dunarea')!.formats).toEqual(['A4']);
    expect(couriers.find((c) => c.id === 'colet24')!.formats[0]).toBe('A6');
    // A copy: a caller cannot change the catalogue.
    couriers[0]!.formats.pop();
    expect(network.couriers()[0]!.formats).toEqual(['A4', 'A6']);
  });

  it('offers standard, express and a to-point service at every courier, with cut-off hours', async () => {
    const offers = await network.quote(quoteReq());
    for (const c of SIM_COURIERS) {
      const types = offers.filter((o) => o.courierId === c.info.id).map((o) => o.type);
      expect(types).toEqual(expect.arrayContaining(['standard', 'express', 'locker']));
      expect(types).not.toContain('saturday');
    }
    const express = offer(offers, 'rapidcarpati:express');
    expect(express).toMatchObject({ lastOrderHour: '13:00', lastPickupHour: '15:00', errors: [] });
    expect(express.description.split('#').length).toBeGreaterThan(1);
    expect(new Set(offers.map((o) => o.serviceId)).size).toBe(offers.length);
  });
});

describe('prices', () => {
  it('finds the zone: same locality, same county, national; Bucharest is one locality', () => {
    expect(zoneOf(CLUJ, { countyCode: 'cj', city: 'cluj napoca' })).toBe('local');
    expect(zoneOf(address('IS', 'Iasi', 'Iasi'), IASI)).toBe('local');
    expect(zoneOf(SECTOR1, SECTOR3)).toBe('local');
    expect(zoneOf(CLUJ, TURDA)).toBe('county');
    expect(zoneOf(CLUJ, IASI)).toBe('national');
  });

  it('prices by weight band, zone and options, with and without VAT', async () => {
    // Rapid Carpati, national, 2.5 kg (volumetric 30x20x10/6000 = 1 kg): band up to 3 kg = 16.00 lei;
    // cash on delivery 4.50, insurance 1% of 200 lei = 2.00, open at delivery 3.00 -> 25.50 lei;
    // with 19% VAT 30.345 -> 30.35 lei.
    const withOptions = await network.quote(quoteReq({ codBani: 15_000, insuranceBani: 20_000, openAtDelivery: true }));
    expect(offer(withOptions, 'rapidcarpati:standard')).toMatchObject({ priceNoVatBani: 2550, priceBani: 3035 });
    // Express: 160% of 16.00 = 25.60 + 9.50 options = 35.10 lei; with VAT 41.769 -> 41.77.
    expect(offer(withOptions, 'rapidcarpati:express')).toMatchObject({ priceNoVatBani: 3510, priceBani: 4177 });
    // VAT is the rate of the order's day: from 1 August 2025 (Bucharest) 21%, 30.855 -> 30.86 and 42.471 -> 42.47.
    const august = await network.quote(quoteReq({ codBani: 15_000, insuranceBani: 20_000, openAtDelivery: true, at: new Date('2025-08-06T08:00:00Z') }));
    expect(offer(august, 'rapidcarpati:standard')).toMatchObject({ priceNoVatBani: 2550, priceBani: 3086 });
    expect(offer(august, 'rapidcarpati:express')).toMatchObject({ priceNoVatBani: 3510, priceBani: 4247 });

    // Dunarea Expres, same county, 1 kg but 40x30x20 cm: volumetric 24000/5000 = 4.8 kg, band up to
    // 5 kg = 14.90 lei; express 150% = 22.35 lei; with VAT 26.5965 -> 26.60.
    const volumetric = await network.quote(quoteReq({ to: TURDA, packages: [parcel(1000, 40, 30, 20)] }));
    expect(offer(volumetric, 'dunarea:express')).toMatchObject({ priceNoVatBani: 2235, priceBani: 2660 });
    expect(offer(volumetric, 'dunarea:standard')).toMatchObject({ priceNoVatBani: 1490, priceBani: 1773 });

    // Colet24 locker, national, two parcels of 4 kg (30x30x30: 4.5 kg volumetric each) = 9 kg:
    // band up to 10 kg = 21.50 lei, 70% = 15.05, second parcel 3.00 -> 18.05; with VAT 21.4795 -> 21.48.
    const two = await network.quote(quoteReq({ packages: [parcel(4000, 30, 30, 30), parcel(4000, 30, 30, 30)] }));
    expect(offer(two, 'colet24:locker')).toMatchObject({ priceNoVatBani: 1805, priceBani: 2148 });

    // Above the last band: Dunarea national 45 kg -> band up to 50 kg = 52.00 lei.
    const heavy = await network.quote(quoteReq({ packages: [parcel(45_000, 60, 40, 40)] }));
    expect(offer(heavy, 'dunarea:standard')).toMatchObject({ priceNoVatBani: 5200, priceBani: 6188, errors: [] });
  });

  it('prices one envelope flat by zone, whatever its weight', async () => {
    // Posta Verde envelope in the same locality: 8.50 lei; with VAT 10.115 -> 10.12.
    const offers = await network.quote(quoteReq({ to: address('CJ', 'Cluj', 'Cluj-Napoca', 46.77, 23.6), packages: [envelope(900)] }));
    expect(offer(offers, 'postaverde:standard')).toMatchObject({ priceNoVatBani: 850, priceBani: 1012, errors: [] });
    expect(offer(offers, 'rapidcarpati:standard')).toMatchObject({ priceNoVatBani: 1000, priceBani: 1190 });
  });
});

describe('limits and package rules', () => {
  it('keeps an offer over a courier limit in the list, disabled with Romanian reasons', async () => {
    const offers = await network.quote(quoteReq({ packages: [parcel(35_000, 50, 40, 40)] }));
    const rapid = offer(offers, 'rapidcarpati:standard');
    expect(rapid.errors).toContain('Greutatea maxima a unui colet la Rapid Carpati este 31 kg.');
    expect(rapid.priceBani).toBeGreaterThan(0);
    expect(offer(offers, 'dunarea:standard').errors).toEqual([]);
    expect(offer(offers, 'colet24:locker').errors).toContain('Coletul nu incape in locker: cel mult 61 x 47 x 44 cm si 25 kg.');
  });

  it('checks dimensions, parcel count, cash on delivery and declared value', async () => {
    const long = await network.quote(quoteReq({ packages: [parcel(5000, 130, 20, 20)] }));
    expect(offer(long, 'rapidcarpati:standard').errors).toContain('Latura cea mai lunga a unui colet poate avea cel mult 120 cm la Rapid Carpati.');
    expect(offer(long, 'dunarea:standard').errors).toEqual([]);

    const many = await network.quote(quoteReq({ packages: Array.from({ length: 6 }, () => parcel(1000)) }));
    expect(offer(many, 'postaverde:standard').errors).toContain('Posta Verde accepta cel mult 5 colete pe un AWB.');
    expect(offer(many, 'rapidcarpati:standard').errors).toEqual([]);

    const cod = await network.quote(quoteReq({ codBani: 600_000, insuranceBani: 1_500_000 }));
    expect(offer(cod, 'postaverde:standard').errors).toEqual([
      'Rambursul poate fi de cel mult 5.000,00 lei la Posta Verde.',
      'Valoarea declarata poate fi de cel mult 10.000,00 lei la Posta Verde.',
    ]);
    expect(offer(cod, 'dunarea:standard').errors).toEqual([]);
  });

  it('refuses open at delivery at a locker, not at an office', async () => {
    const offers = await network.quote(quoteReq({ openAtDelivery: true }));
    expect(offer(offers, 'rapidcarpati:locker').errors).toEqual(['Deschiderea la livrare nu este disponibila la livrarea in locker.']);
    expect(offer(offers, 'dunarea:office').errors).toEqual([]);
  });

  it('applies the envelope limits and the package minimums to every offer', async () => {
    const two = await network.quote(quoteReq({ packages: [envelope(), envelope()] }));
    expect(two.every((o) => o.errors.includes('Un plic se trimite singur: o comanda cu plic nu poate avea alte colete.'))).toBe(true);
    const heavy = await network.quote(quoteReq({ packages: [envelope(1200)] }));
    expect(heavy.every((o) => o.errors.includes('Plicul poate avea cel mult 1 kg.'))).toBe(true);
    const thick = await network.quote(quoteReq({ packages: [envelope(500, 25, 25, 8)] }));
    expect(thick.every((o) => o.errors.includes('Plicul poate avea cel mult 25 x 25 cm si 6 cm inaltime.'))).toBe(true);
    const bad = await network.quote(quoteReq({ packages: [parcel(0, 30, 20, 2)] }));
    expect(offer(bad, 'colet24:standard').errors).toEqual(['Greutatea minima a unui colet este 0,1 kg.', 'Inaltimea minima a unui colet este 3 cm.']);
    const none = await network.quote(quoteReq({ packages: [] }));
    expect(none.every((o) => o.errors[0] === 'Adaugati cel putin un colet.')).toBe(true);
    const garbage = await network.quote(quoteReq({ packages: [parcel(Number.NaN)] }));
    expect(garbage.every((o) => o.priceBani === 0 && o.errors.length > 0)).toBe(true);
    expect((await courierError(network.quote(quoteReq({ at: new Date('nonsense') })))).kind).toBe('invalid');
  });
});

describe('Saturday delivery', () => {
  const saturdayOffers = async (at: Date, saturdayDelivery = true) =>
    (await network.quote(quoteReq({ at, saturdayDelivery }))).filter((o) => o.type === 'saturday');

  it('is offered only when asked for on a Friday in Bucharest', async () => {
    // Friday 7 June 2024, 11:00 in Bucharest.
    const friday = await saturdayOffers(new Date('2024-06-07T08:00:00Z'));
    expect(friday.map((o) => o.courierId)).toEqual(['rapidcarpati', 'dunarea', 'colet24', 'postaverde']);
    expect(await saturdayOffers(new Date('2024-06-07T08:00:00Z'), false)).toEqual([]);
    expect(await saturdayOffers(WEDNESDAY)).toEqual([]);
    // Friday 23:30 UTC is already Saturday 02:30 in Bucharest.
    expect(await saturdayOffers(new Date('2024-06-07T23:30:00Z'))).toEqual([]);
    // Thursday 23:30 UTC is Friday 02:30 in Bucharest.
    expect((await saturdayOffers(new Date('2024-06-06T23:30:00Z'))).length).toBe(4);
  });

  it('is disabled after its Friday cut-off', async () => {
    const offers = await saturdayOffers(new Date('2024-06-07T08:00:00Z'));
    expect(offers.find((o) => o.courierId === 'postaverde')!.errors).toEqual([
      'Pentru livrarea de sambata comanda trebuie plasata vineri pana la ora 10:00.',
    ]);
    expect(offers.find((o) => o.courierId === 'rapidcarpati')!.errors).toEqual([]);
  });
});

describe('lockers and offices', () => {
  it('lists the nearest points of each to-point service, closest first', async () => {
    const offers = await network.quote(quoteReq({ to: CLUJ }));
    for (const serviceId of ['rapidcarpati:locker', 'dunarea:office', 'colet24:locker', 'colet24:office', 'postaverde:office']) {
      const o = offer(offers, serviceId);
      expect(o.points.length).toBe(5);
      const distances = o.points.map((p) => p.distanceKm!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const p of o.points) {
        expect(p.courierId).toBe(o.courierId);
        expect(p.kind).toBe(serviceId.endsWith('locker') ? 'locker' : 'office');
        expect(p.name.length).toBeGreaterThan(3);
        expect(p.fullAddress).toMatch(/nr\. \d+, .+, jud\. /);
        expect(Math.abs(p.distanceKm! - haversineKm(CLUJ as { lat: number; lng: number }, p))).toBeLessThanOrEqual(0.05);
      }
    }
    // Cluj-Napoca is a big city: its nearest lockers are in the city.
    expect(offer(offers, 'rapidcarpati:locker').points.every((p) => p.city === 'Cluj-Napoca' && p.distanceKm! < 6)).toBe(true);
    expect(offer(offers, 'rapidcarpati:standard').points).toEqual([]);
  });

  it('finds the locality when the recipient has no coordinates, and places points the same every time', async () => {
    const withoutCoordinates = await network.quote(quoteReq({ to: address('CJ', 'Cluj', 'Cluj Napoca') }));
    const again = await network.quote(quoteReq({ to: address('CJ', 'Cluj', 'Cluj Napoca') }));
    const points = offer(withoutCoordinates, 'colet24:locker').points;
    expect(points.length).toBe(5);
    expect(points[0]!.distanceKm).not.toBeNull();
    expect(offer(again, 'colet24:locker').points).toEqual(points);
    const nowhere = await network.quote(quoteReq({ to: address('CJ', 'Cluj', 'Atlantida') }));
    expect(offer(nowhere, 'colet24:locker').errors).toEqual(['Nu exista puncte de ridicare in apropierea destinatarului.']);
  });

  it('answers the nearest points of one courier or of all', async () => {
    const all = await network.points({ lat: 44.43, lng: 26.1 }, { limit: 20 });
    expect(all.length).toBe(20);
    expect(all.map((p) => p.distanceKm!)).toEqual(all.map((p) => p.distanceKm!).sort((a, b) => a - b));
    expect(new Set(all.map((p) => p.courierId)).size).toBeGreaterThan(1);
    const one = await network.points({ lat: 44.43, lng: 26.1 }, { courierId: 'dunarea' });
    expect(one.length).toBe(10);
    expect(one.every((p) => p.courierId === 'dunarea' && p.kind === 'office' && p.countyCode === 'B')).toBe(true);
    expect((await courierError(network.points({ lat: Number.NaN, lng: 26.1 })))).toMatchObject({ kind: 'invalid' });
  });
});

describe('AWBs', () => {
  it('numbers AWBs per courier in their own formats, with parcel barcodes and a pick-up date', async () => {
    const rapid = await network.createAwb(awbReq({ packages: [parcel(1000), parcel(2000)] }));
    expect(rapid.awb).toMatch(/^4\d{12}$/);
    expect(rapid.parcels).toEqual([
      { number: 1, barcode: `${rapid.awb}001` },
      { number: 2, barcode: `${rapid.awb}002` },
    ]);
    // Wednesday 11:00, before the 16:00 cut-off: today.
    expect(rapid.estimatedPickupDate).toBe('2024-06-05');
    const next = await network.createAwb(awbReq());
    expect(BigInt(next.awb) - BigInt(rapid.awb)).toBe(1n);

    expect((await network.createAwb(awbReq({ serviceId: 'dunarea:standard' }))).awb).toMatch(/^7\d{9}$/);
    expect((await network.createAwb(awbReq({ serviceId: 'colet24:express' }))).awb).toMatch(/^C24\d{9}$/);
    const posta = await network.createAwb(awbReq({ serviceId: 'postaverde:standard' }));
    expect(posta.awb).toMatch(/^PV\d{9}RO$/);
    expect(Number(posta.awb[10])).toBe(s10CheckDigit(posta.awb.slice(2, 10)));
  });

  it('charges the offer price again', async () => {
    const req = awbReq({ codBani: 15_000, insuranceBani: 20_000, openAtDelivery: true });
    const created = await network.createAwb(req);
    expect(created).toMatchObject({ priceNoVatBani: 2550, priceBani: 3035 });
  });

  it('answers the same AWB for the same reference, and one AWB for 20 parallel requests', async () => {
    const req = awbReq({ serviceId: 'colet24:standard' });
    const first = await network.createAwb(req);
    expect(await network.createAwb({ ...req })).toEqual(first);

    const countBefore = await database.executeSql("SELECT last FROM courier_sim_counters WHERE courier_id = 'dunarea'");
    const parallel = awbReq({ serviceId: 'dunarea:express' });
    const results = await Promise.all(Array.from({ length: 20 }, () => network.createAwb({ ...parallel })));
    expect(new Set(results.map((r) => r.awb)).size).toBe(1);
    const rows = await database.executeSql('SELECT count(*)::int AS n FROM courier_sim_awbs WHERE reference = $1', [parallel.reference]);
    expect(rows.rows[0]!.n).toBe(1);
    const countAfter = await database.executeSql("SELECT last FROM courier_sim_counters WHERE courier_id = 'dunarea'");
    expect(Number(countAfter.rows[0]!.last) - Number(countBefore.rows[0]?.last ?? 0)).toBe(1);

    const distinct = await Promise.all(Array.from({ length: 20 }, () => network.createAwb(awbReq({ serviceId: 'dunarea:standard' }))));
    expect(new Set(distinct.map((r) => r.awb)).size).toBe(20);
  });

  it('moves the pick-up to the next working day after the cut-off, over weekends and holidays', async () => {
    // Wednesday 17:30 in Bucharest, after Rapid Carpati's 16:00: Thursday.
    expect((await network.createAwb(awbReq({ at: new Date('2024-06-05T14:30:00Z') }))).estimatedPickupDate).toBe('2024-06-06');
    // Friday evening: Monday.
    expect(pickupDate(new Date('2024-06-07T15:00:00Z'), '16:00')).toBe('2024-06-10');
    // 23 June 2024 is Orthodox Pentecost: Monday 24 is a holiday, the courier comes on Tuesday.
    expect(orthodoxEaster(2024)).toBe('2024-05-05');
    expect(orthodoxEaster(2025)).toBe('2025-04-20');
    expect(pickupDate(new Date('2024-06-21T15:00:00Z'), '16:00')).toBe('2024-06-25');
    expect(pickupDate(new Date('2024-12-24T08:00:00Z'), '16:00')).toBe('2024-12-24');
    expect(pickupDate(new Date('2024-12-24T15:00:00Z'), '16:00')).toBe('2024-12-27');
  });

  it('validates the service, the point and the offer', async () => {
    expect((await courierError(network.createAwb(awbReq({ serviceId: 'nobody:standard' })))).kind).toBe('invalid');
    const noPoint = await courierError(network.createAwb(awbReq({ serviceId: 'rapidcarpati:locker' })));
    expect(noPoint.message).toBe('Alegeti punctul de livrare.');
    const offers = await network.quote(quoteReq());
    const dunareaOffice = offer(offers, 'dunarea:office').points[0]!;
    const rapidLocker = offer(offers, 'rapidcarpati:locker').points[0]!;
    const wrongPoint = await courierError(network.createAwb(awbReq({ serviceId: 'rapidcarpati:locker', pointId: dunareaOffice.id })));
    expect(wrongPoint.message).toBe('Punctul de livrare ales nu exista la acest serviciu.');
    const pointAtHome = await courierError(network.createAwb(awbReq({ pointId: rapidLocker.id })));
    expect(pointAtHome.kind).toBe('invalid');
    const tooHeavy = await courierError(network.createAwb(awbReq({ packages: [parcel(40_000, 50, 40, 40)] })));
    expect(tooHeavy.message).toBe('Greutatea maxima a unui colet la Rapid Carpati este 31 kg.');
    const notFriday = await courierError(network.createAwb(awbReq({ serviceId: 'rapidcarpati:saturday', saturdayDelivery: true })));
    expect(notFriday.message).toBe('Livrarea sambata se poate comanda doar vinerea.');

    const toLocker = await network.createAwb(awbReq({ serviceId: 'rapidcarpati:locker', pointId: rapidLocker.id }));
    expect(toLocker.priceNoVatBani).toBe(offer(offers, 'rapidcarpati:locker').priceNoVatBani);
    const saturday = await network.createAwb(
      awbReq({ serviceId: 'colet24:saturday', saturdayDelivery: true, at: new Date('2024-06-07T08:00:00Z') }),
    );
    expect(saturday.estimatedPickupDate).toBe('2024-06-07');
  });
});

describe('labels', () => {
  it('renders one page per parcel in A4 and A6', async () => {
    const created = await network.createAwb(awbReq({ packages: [parcel(1000), parcel(2000), parcel(3000)], codBani: 12_345 }));
    const a6 = await PDFDocument.load(await network.label(created.awb, 'A6'));
    expect(a6.getPageCount()).toBe(3);
    expect(a6.getPage(0).getSize()).toEqual({ width: 297.64, height: 419.53 });
    const a4 = await PDFDocument.load(await network.label(created.awb, 'A4'));
    expect(a4.getPageCount()).toBe(3);
    expect(a4.getPage(2).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(a4.getTitle()).toBe(`AWB ${created.awb}`);
  });

  it('refuses a format the courier does not print and an unknown AWB', async () => {
    const created = await network.createAwb(awbReq({ serviceId: 'dunarea:standard', to: address('IS', 'Iași', 'Pașcani') }));
    const a6 = await courierError(network.label(created.awb, 'A6'));
    expect(a6).toMatchObject({ kind: 'invalid', message: 'Formatul A6 nu este disponibil la Dunarea Expres.' });
    expect((await PDFDocument.load(await network.label(created.awb, 'A4'))).getPageCount()).toBe(1);
    expect((await courierError(network.label('4999999999999', 'A4'))).kind).toBe('notFound');
  });
});

describe('Code 128', () => {
  it('encodes set B with its checksum (the standard example PJJ123C, checksum 55)', () => {
    expect(code128Symbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('packs digit pairs in set C and switches sets inside a text', () => {
    // 105 + 12*1 + 34*2 + 56*3 = 353; 353 mod 103 = 44.
    expect(code128Symbols('123456')).toEqual([105, 12, 34, 56, 44, 106]);
    // B 'PV', '4' in B (odd run), C '00 00 00 11', back to B for 'RO001' (3 digits at the end stay in B).
    const values = [48, 54, 20, 99, 0, 0, 0, 11, 100, 50, 47, 16, 16, 17];
    const checksum = values.reduce((s, v, i) => s + v * (i + 1), 104) % 103;
    expect(code128Symbols('PV400000011RO001')).toEqual([104, ...values, checksum, 106]);
  });

  it('draws the standard bar patterns, 11 modules a symbol and 13 for the stop', () => {
    expect(code128Widths(104)).toBe('211214');
    expect(code128Widths(105)).toBe('211232');
    expect(code128Widths(106)).toBe('2331112');
    expect(code128Widths(0)).toBe('212222');
    for (let v = 0; v < 106; v++) {
      const w = [...code128Widths(v)].map(Number);
      expect(w.reduce((a, b) => a + b, 0)).toBe(11);
      expect((w[0]! + w[2]! + w[4]!) % 2).toBe(0); // bars cover an even number of modules
    }
    const { bars, modules } = code128Bars('123456');
    expect(modules).toBe(5 * 11 + 13);
    expect(bars[0]).toEqual([0, 2]); // start C: a bar of two modules first

    // Reading the modules back gives the symbols again (what a scanner does).
    const patterns = new Map(Array.from({ length: 107 }, (_, v) => [code128Widths(v), v]));
    const text = '4210000000001002';
    const drawn = code128Bars(text);
    const dark = new Array<boolean>(drawn.modules).fill(false);
    for (const [start, width] of drawn.bars) for (let k = 0; k < width; k++) dark[start + k] = true;
    const runs: number[] = [];
    dark.forEach((d, i) => (i > 0 && d === dark[i - 1] ? (runs[runs.length - 1]! += 1) : runs.push(1)));
    const decoded: (number | undefined)[] = [];
    for (let i = 0; i < runs.length; ) {
      const take = runs.length - i === 7 ? 7 : 6;
      decoded.push(patterns.get(runs.slice(i, i + take).join('')));
      i += take;
    }
    expect(decoded).toEqual(code128Symbols(text));
  });
});

describe('tracking', () => {
  it('advances from created to a final status, the same way every time', async () => {
    clockNow = new Date('2024-06-05T08:00:00Z');
    const created = await network.createAwb(awbReq({ to: IASI }));
    const createdAt = clockNow;
    const at = (hours: number) => new Date(createdAt.getTime() + hours * 3_600_000);
    expect((await network.track(created.awb, at(0))).map((e) => e.status)).toEqual(['created']);
    expect((await network.track(created.awb, at(-1))).map((e) => e.status)).toEqual(['created']);
    expect((await network.track(created.awb, at(2))).map((e) => e.status)).toEqual(['created']);
    const later = await network.track(created.awb, at(5));
    expect(later.map((e) => e.status)).toEqual(['created', 'picked_up']);
    expect(later[1]).toMatchObject({ text: 'Coletul a fost ridicat de curier', location: 'Cluj-Napoca', reason: null });
    const all = await network.track(created.awb, at(72));
    expect(all.map((e) => e.status).slice(0, 5)).toEqual(['created', 'picked_up', 'in_transit', 'in_transit', 'out_for_delivery']);
    expect(['delivered', 'refused', 'returned']).toContain(all.at(-1)!.status);
    expect(all.map((e) => e.at.getTime())).toEqual(all.map((e) => e.at.getTime()).sort((a, b) => a - b));
    expect(all[3]!.location).toBe('Iași');
    expect(await network.track(created.awb, at(72))).toEqual(all);
    expect((await courierError(network.track('4999999999999'))).kind).toBe('notFound');
  });

  it('ends a small share of journeys refused or returned, with a reason', () => {
    const outcomes = { delivered: 0, refused: 0, returned: 0 };
    const courier = SIM_COURIERS[0]!;
    for (let n = 1; n <= 400; n++) {
      const events = journeyEvents(
        { awb: courier.awbNumber(n), createdAt: WEDNESDAY, cancelledAt: null, fromCity: 'Cluj-Napoca', toCity: 'Iasi', point: null },
        180,
      );
      const last = events.at(-1)!;
      outcomes[last.status as keyof typeof outcomes]++;
      if (last.status !== 'delivered') expect(last.reason).toMatch(/\w+/);
      else expect(last.reason).toBeNull();
    }
    expect(outcomes.refused).toBeGreaterThan(4);
    expect(outcomes.returned).toBeGreaterThan(4);
    expect(outcomes.delivered).toBeGreaterThan(340);
  });

  it('runs faster with a shorter step', async () => {
    const fast = simulatedCourierNetwork(database, { minutesPerStep: 1, now: () => clockNow });
    const created = await fast.createAwb(awbReq());
    const events = await fast.track(created.awb, new Date(clockNow.getTime() + 20 * 60_000));
    expect(['delivered', 'refused', 'returned']).toContain(events.at(-1)!.status);
  });
});

describe('cancel', () => {
  it('cancels before the pick-up, and not after', async () => {
    clockNow = new Date('2024-06-05T08:00:00Z');
    const created = await network.createAwb(awbReq());
    clockNow = new Date('2024-06-05T08:30:00Z');
    await network.cancel(created.awb);
    await network.cancel(created.awb); // twice is fine
    const events = await network.track(created.awb, new Date('2024-06-08T08:00:00Z'));
    expect(events.map((e) => e.status)).toEqual(['created', 'cancelled']);
    expect(events[1]!.at).toEqual(clockNow);
    expect((await courierError(network.label(created.awb, 'A4'))).kind).toBe('invalid');

    clockNow = new Date('2024-06-05T08:00:00Z');
    const picked = await network.createAwb(awbReq());
    clockNow = new Date('2024-06-05T13:00:00Z'); // five hours later: picked up
    const refused = await courierError(network.cancel(picked.awb));
    expect(refused).toMatchObject({ kind: 'invalid', message: 'AWB-ul nu mai poate fi anulat: coletul a fost deja ridicat de curier.' });
    expect((await network.track(picked.awb)).at(-1)!.status).not.toBe('cancelled');
    expect((await courierError(network.cancel('4999999999999'))).kind).toBe('notFound');
    clockNow = WEDNESDAY;
  });
});
