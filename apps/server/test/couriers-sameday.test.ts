import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { CourierError, type AddressSpec, type AwbRequest, type QuoteRequest } from '../src/integrations/couriers/courier-network.js';
import { courierNetworkFor } from '../src/integrations/couriers/index.js';
import { MSG_UNAVAILABLE, SAMEDAY_SANDBOX_BASE, bucharestWallClock, formEncode, tokenExpiry } from '../src/integrations/couriers/sameday-api.js';
import { distanceKm, estimatedPickupDate, trackingEvents } from '../src/integrations/couriers/sameday-map.js';
import { samedayCourierNetwork, type SamedayNetworkOptions } from '../src/integrations/couriers/sameday.js';

/*
 * The Sameday adapter against a fake Sameday: hand-written answers of the documented shapes
 * (Sameday's PHP SDK: authenticate {token, expire_at}, paginated {data, currentPage, pages,
 * perPage, total}, estimate {amount, currency, time}, AWB {awbNumber, awbCost, parcels},
 * status {expeditionSummary, expeditionStatus, expeditionHistory, parcelsStatus}, Symfony
 * validation errors {code, message, errors: {children}}).
 */

type Seen = { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; form: Record<string, string> };
type Answer = { status: number; json?: unknown; bytes?: Uint8Array; contentType?: string } | 'hang' | Error;
type Route = (req: Seen, call: number) => Answer;

const FAR_FUTURE = '2099-12-31 23:59';

const page = (data: unknown[], currentPage = 1, pages = 1) => ({ data, currentPage, pages, perPage: 100, total: data.length });

const SERVICES = page([
  {
    id: 7,
    name: 'Nextday 24H',
    serviceCode: '24',
    deliveryType: { id: 1, name: 'Nextday' },
    defaultServices: true,
    serviceOptionalTaxes: [
      { id: 31, name: 'Deschidere colet', code: 'OPCG', costType: 'Fix', tax: 2.5, packageType: 0 },
      { id: 32, name: 'Deschidere colet', code: 'OPCG', costType: 'Fix', tax: 2.5, packageType: 1 },
      { id: 40, name: 'Livrare personala', code: 'PDO', costType: 'Fix', tax: 3, packageType: 0 },
    ],
  },
  { id: 1, name: 'Sameday 6H', serviceCode: '6H', deliveryType: { id: 2, name: 'Sameday' }, defaultServices: false, serviceOptionalTaxes: [] },
  { id: 15, name: 'Locker NextDay', serviceCode: 'LN', deliveryType: { id: 1, name: 'Nextday' }, defaultServices: false, serviceOptionalTaxes: [] },
  { id: 59, name: 'Crossborder', serviceCode: 'XB', deliveryType: { id: 3, name: 'Crossborder' }, defaultServices: false, serviceOptionalTaxes: [] },
]);

const contact = (id: number, dflt: boolean) => ({ id, name: `Persoana ${id}`, phoneNumber: '0264000000', defaultContactPerson: dflt });
const PICKUP_POINTS = page([
  {
    id: 11,
    country: { id: 187, name: 'Romania', code: 'RO' },
    county: { id: 14, name: 'Cluj', code: 'CJ' },
    city: { id: 5479, name: 'Cluj-Napoca', samedayDeliveryAgency: 'Cluj', samedayPickupAgency: 'Cluj', extraKM: 0 },
    address: 'Strada Depozitului 1',
    defaultPickupPoint: false,
    pickupPointContactPerson: [contact(101, true)],
    alias: 'Depozit vechi',
  },
  {
    id: 12,
    country: { id: 187, name: 'Romania', code: 'RO' },
    county: { id: 14, name: 'Cluj', code: 'CJ' },
    city: { id: 5479, name: 'Cluj-Napoca', samedayDeliveryAgency: 'Cluj', samedayPickupAgency: 'Cluj', extraKM: 0 },
    address: 'Strada Fabricii 7',
    defaultPickupPoint: true,
    pickupPointContactPerson: [contact(201, false), contact(202, true)],
    alias: 'Sediu',
  },
]);

const locker = (lockerId: number, name: string, lat: number | string | null, lng: number | string | null, extra: object = {}) => ({
  lockerId,
  name,
  county: 'Bucuresti',
  city: 'Sector 2',
  address: `Strada Easybox ${lockerId}`,
  postalCode: '020331',
  lat,
  lng,
  phone: '0213000000',
  email: 'easybox@sameday.ro',
  supportedPayment: 1,
  clientVisible: 1,
  availableBoxes: [{ size: 'L', number: 3 }],
  schedule: [{ day: 1, openingHour: '00:00', closingHour: '23:59' }],
  ...extra,
});
/** Two pages: the nearest easybox (505) is on the second; 503 is hidden, 504 has no coordinates. */
const LOCKERS = [
  page([locker(501, 'easybox Piata Muncii', 44.4268, 26.1025), locker(502, 'easybox Obor', '44.45', '26.13'), locker(503, 'easybox ascuns', 44.43, 26.1, { clientVisible: 0 }), locker(504, 'easybox fara loc', null, null)], 1, 2),
  page([locker(505, 'easybox Glucoza', 44.431, 26.101), locker(506, 'easybox Cluj Centru', 46.7712, 23.6236, { county: 'Cluj', city: 'Cluj-Napoca' })], 2, 2),
];

const history = (statusId: number, status: string, statusDate: string, extra: object = {}) => ({
  statusId,
  status,
  statusLabel: status,
  statusState: status,
  statusDate,
  county: 'Bucuresti',
  reason: '',
  transitLocation: '',
  ...extra,
});

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A fake Sameday: default answers for login and the lists, overridable per route ('METHOD /path'). */
function fakeSameday(routes: Record<string, Route> = {}) {
  const seen: Seen[] = [];
  const calls = new Map<string, number>();
  let logins = 0;
  const defaults: Record<string, Route> = {
    'POST /api/authenticate': () => ({ status: 200, json: { token: `tok-${++logins}`, expire_at: FAR_FUTURE } }),
    'GET /api/client/services': () => ({ status: 200, json: SERVICES }),
    'GET /api/client/pickup-points': () => ({ status: 200, json: PICKUP_POINTS }),
    'GET /api/client/lockers': (req) => ({ status: 200, json: LOCKERS[Number(req.query.page ?? 1) - 1] ?? page([]) }),
    'POST /api/awb/estimate-cost': (req) => ({ status: 200, json: { amount: req.form.service === '15' ? 12.5 : 28.6, currency: 'Ron', time: 24 } }),
  };
  const fakeFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const req: Seen = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(new Headers(init.headers)),
      form: Object.fromEntries(new URLSearchParams(typeof init.body === 'string' ? init.body : '')),
    };
    seen.push(req);
    const key = `${req.method} ${req.path}`;
    const n = (calls.get(key) ?? 0) + 1;
    calls.set(key, n);
    const route = routes[key] ?? defaults[key] ?? (Object.entries(routes).find(([k]) => new RegExp(`^${k}$`).test(key))?.[1]);
    if (!route) return new Response(JSON.stringify({ code: 404, message: 'Not Found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const answer = route(req, n);
    if (answer instanceof Error) throw answer;
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        const signal = init.signal!;
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    }
    if (answer.bytes) return new Response(answer.bytes, { status: answer.status, headers: { 'content-type': answer.contentType ?? 'application/pdf' } });
    return new Response(answer.json === undefined ? '' : JSON.stringify(answer.json), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch: fakeFetch, seen, count: (key: string) => calls.get(key) ?? 0, of: (key: string) => seen.filter((s) => `${s.method} ${s.path}` === key) };
}

let clock = new Date('2025-03-04T08:00:00Z'); // a Tuesday, 10:00 in Bucharest
const network = (fake: ReturnType<typeof fakeSameday>, over: Partial<SamedayNetworkOptions> = {}) =>
  samedayCourierNetwork({ apiBase: 'https://sameday.test/', username: 'api-user', password: 'api-pass', fetch: fake.fetch, retryDelayMs: 0, timeoutMs: 200, now: () => clock, ...over });

const FROM: AddressSpec = {
  countyCode: 'CJ',
  county: 'Cluj',
  city: 'Cluj-Napoca',
  postalCode: '400114',
  street: 'Strada Memorandumului',
  number: '28',
  details: 'Ap. 3',
  contactName: 'Ana Pop',
  company: 'Ana Pop SRL',
  phone: '+40722111222',
  email: 'ana@example.ro',
  lat: 46.7712,
  lng: 23.6236,
};
const TO: AddressSpec = {
  countyCode: 'B',
  county: 'București',
  city: 'București',
  postalCode: '020331',
  street: 'Strada Fabrica de Glucoză',
  number: '5',
  details: null,
  contactName: 'Ion Ionescu',
  company: null,
  phone: '+40733444555',
  email: null,
  lat: 44.43,
  lng: 26.1,
};
const QUOTE: QuoteRequest = {
  from: FROM,
  to: TO,
  packages: [
    { type: 'parcel', weightGrams: 1500, lengthCm: 30, widthCm: 20, heightCm: 10 },
    { type: 'parcel', weightGrams: 2500, lengthCm: 40, widthCm: 30, heightCm: 20 },
  ],
  codBani: 15000,
  insuranceBani: 20050,
  openAtDelivery: false,
  saturdayDelivery: false,
  at: clock,
};
const AWB_REQ: AwbRequest = { ...QUOTE, serviceId: 'sameday:24', pointId: null, reference: 'CO-7F3K2', content: 'Carti', clientReference: 'CMD-1001' };

const awbAnswer = (awbNumber = '1SDY24000123456') => ({
  status: 200,
  json: {
    awbNumber,
    awbCost: 28.6,
    parcels: [
      { position: 1, awbNumber: `${awbNumber}001` },
      { position: 2, awbNumber: `${awbNumber}002` },
    ],
    pdfLink: `https://api.sameday.ro/api/awb/download/${awbNumber}`,
  },
});

describe('Sameday adapter: authentication', () => {
  it('logs in once with the X-Auth headers and sends the token as X-AUTH-TOKEN on every call', async () => {
    const fake = fakeSameday({ 'GET /api/client/awb/1SDY1/status': () => ({ status: 200, json: { expeditionHistory: [] } }) });
    const sameday = network(fake);
    await sameday.quote(QUOTE);
    await sameday.track('1SDY1');

    expect(fake.count('POST /api/authenticate')).toBe(1);
    const [login] = fake.of('POST /api/authenticate');
    expect(login!.headers['x-auth-username']).toBe('api-user');
    expect(login!.headers['x-auth-password']).toBe('api-pass');
    expect(login!.form).toEqual({ remember_me: '1' });
    const others = fake.seen.filter((s) => s.path !== '/api/authenticate');
    expect(others.length).toBeGreaterThan(4);
    for (const s of others) expect(s.headers['x-auth-token']).toBe('tok-1');
    expect(fake.seen.every((s) => s.headers['x-auth-password'] === undefined || s.path === '/api/authenticate')).toBe(true);
  });

  it('logs in again when the token expires (expire_at is Bucharest time)', async () => {
    let issued = 0;
    const fake = fakeSameday({
      'POST /api/authenticate': () => ({ status: 200, json: { token: `short-${++issued}`, expire_at: '2025-03-04 11:00' } }), // 09:00Z
      'GET /api/client/awb/A1/status': () => ({ status: 200, json: { expeditionHistory: [] } }),
    });
    const sameday = network(fake);
    clock = new Date('2025-03-04T08:00:00Z');
    await sameday.track('A1');
    await sameday.track('A1');
    expect(fake.count('POST /api/authenticate')).toBe(1);
    clock = new Date('2025-03-04T08:59:30Z'); // within the last minute: renewed ahead of time
    await sameday.track('A1');
    expect(fake.count('POST /api/authenticate')).toBe(2);
    expect(fake.of('GET /api/client/awb/A1/status').map((s) => s.headers['x-auth-token'])).toEqual(['short-1', 'short-1', 'short-2']);
    clock = new Date('2025-03-04T08:00:00Z');
  });

  it('answers 401 for an expired token: one new login, then the same call succeeds', async () => {
    const fake = fakeSameday({
      'GET /api/client/awb/A2/status': (req) =>
        req.headers['x-auth-token'] === 'tok-1' ? { status: 401, json: { code: 401, message: 'Expired JWT Token' } } : { status: 200, json: { expeditionHistory: [history(4, 'Ridicat', '2025-03-04T12:00:00+02:00')] } },
      'POST /api/awb/estimate-cost': (req) => (req.headers['x-auth-token'] === 'tok-2' ? { status: 401, json: { code: 401, message: 'Expired JWT Token' } } : { status: 200, json: { amount: 20, currency: 'RON', time: 24 } }),
    });
    const sameday = network(fake);
    const events = await sameday.track('A2');
    expect(events.map((e) => e.status)).toEqual(['picked_up']);
    expect(fake.of('GET /api/client/awb/A2/status').map((s) => s.headers['x-auth-token'])).toEqual(['tok-1', 'tok-2']);

    // A POST refused with 401 was not processed: it is sent again once after the new login.
    const offers = await sameday.quote({ ...QUOTE, to: { ...TO, lat: null, lng: null } });
    expect(offers.find((o) => o.serviceId === 'sameday:24')!.priceNoVatBani).toBe(2000);
    expect(fake.count('POST /api/authenticate')).toBe(3);
  });

  it('gives up after a second 401 and when the credentials are refused: unavailable, in Romanian', async () => {
    const always401 = fakeSameday({ 'GET /api/client/awb/A3/status': () => ({ status: 401, json: { code: 401, message: 'Invalid JWT Token' } }) });
    await expect(network(always401).track('A3')).rejects.toMatchObject({ kind: 'unavailable', message: MSG_UNAVAILABLE });
    expect(always401.count('GET /api/client/awb/A3/status')).toBe(2);
    expect(always401.count('POST /api/authenticate')).toBe(2);

    const wrong = fakeSameday({ 'POST /api/authenticate': () => ({ status: 401, json: { code: 401, message: 'Bad credentials' } }) });
    const err = (await network(wrong)
      .quote(QUOTE)
      .catch((e: unknown) => e)) as CourierError;
    expect(err).toBeInstanceOf(CourierError);
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe(MSG_UNAVAILABLE);
    expect(String(err.cause)).toContain('SAMEDAY_USERNAME');
  });

  it('reads the expiry Sameday announces (expire_at in Bucharest time, expire_at_utc, else ten minutes)', () => {
    expect(new Date(bucharestWallClock('2025-03-01 12:00')!).toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(new Date(bucharestWallClock('2025-07-01 12:00')!).toISOString()).toBe('2025-07-01T09:00:00.000Z');
    const now = new Date('2025-03-01T00:00:00Z');
    expect(tokenExpiry({ expire_at_utc: '2025-03-02 06:30:00' }, now)).toBe(Date.parse('2025-03-02T06:30:00Z'));
    expect(tokenExpiry({ expire_at: '2025-03-02 08:30' }, now)).toBe(Date.parse('2025-03-02T06:30:00Z'));
    expect(tokenExpiry({}, now)).toBe(now.getTime() + 600_000);
  });
});

describe('Sameday adapter: offers', () => {
  it('prices the account\'s 24H, 6H and easybox services through estimate-cost, with and without VAT', async () => {
    const fake = fakeSameday();
    const offers = await network(fake).quote(QUOTE);

    expect(offers.map((o) => [o.serviceId, o.type, o.serviceName])).toEqual([
      ['sameday:24', 'standard', 'Nextday 24H'],
      ['sameday:6H', 'express', 'Sameday 6H'],
      ['sameday:LN', 'locker', 'Locker NextDay'],
    ]);
    const standard = offers[0]!;
    // 28.60 lei without VAT; with 19% VAT 34.034 lei, rounded to the ban.
    expect(standard).toMatchObject({ courierId: 'sameday', courierName: 'Sameday', priceNoVatBani: 2860, priceBani: 3403, errors: [], points: [] });
    expect(standard.description).toBe('Livrare la adresa#Termen estimat: 24 ore');
    expect(offers[2]).toMatchObject({ priceNoVatBani: 1250, priceBani: 1488 });

    const sent = fake.of('POST /api/awb/estimate-cost').find((s) => s.form.service === '7')!;
    expect(sent.form).toMatchObject({
      pickupPoint: '12',
      contactPerson: '202',
      packageType: '0',
      packageNumber: '2',
      packageWeight: '4',
      'parcels[0][weight]': '1.5',
      'parcels[0][width]': '20',
      'parcels[0][length]': '30',
      'parcels[0][height]': '10',
      'parcels[1][weight]': '2.5',
      awbPayment: '1',
      cashOnDelivery: '150.00',
      insuredValue: '200.50',
      thirdPartyPickup: '1',
      'thirdParty[name]': 'Ana Pop',
      'thirdParty[personType]': '1',
      'thirdParty[companyName]': 'Ana Pop SRL',
      'thirdParty[phoneNumber]': '0722111222',
      'thirdParty[address]': 'Strada Memorandumului, nr. 28, Ap. 3',
      'thirdParty[cityString]': 'Cluj-Napoca',
      'thirdParty[countyString]': 'Cluj',
      'awbRecipient[name]': 'Ion Ionescu',
      'awbRecipient[personType]': '0',
      'awbRecipient[phoneNumber]': '0733444555',
      'awbRecipient[cityString]': 'Sector 2',
      'awbRecipient[countyString]': 'Bucuresti',
      'awbRecipient[postalCode]': '020331',
      'awbRecipient[address]': 'Strada Fabrica de Glucoză, nr. 5',
      currency: 'RON',
    });
    expect(sent.form['awbRecipient[email]']).toBeUndefined();
    expect(sent.form['lockerLastMile']).toBeUndefined();
    expect(Object.keys(sent.form).some((k) => k.startsWith('serviceTaxes'))).toBe(false);
    // The easybox offer is priced for the nearest easybox, which heads its list.
    const lockerCall = fake.of('POST /api/awb/estimate-cost').find((s) => s.form.service === '15')!;
    expect(lockerCall.form.lockerLastMile).toBe('505');
  });

  it('lists the nearest visible easyboxes with their distance, nearest first, across pages', async () => {
    const fake = fakeSameday();
    const lockerOffer = (await network(fake).quote(QUOTE)).find((o) => o.type === 'locker')!;
    expect(lockerOffer.points.map((p) => p.id)).toEqual(['sameday:505', 'sameday:501', 'sameday:502', 'sameday:506']);
    expect(lockerOffer.points[0]).toEqual({
      id: 'sameday:505',
      courierId: 'sameday',
      kind: 'locker',
      name: 'easybox Glucoza',
      fullAddress: 'Strada Easybox 505, Sector 2, Bucuresti, 020331',
      countyCode: 'B',
      city: 'Sector 2',
      lat: 44.431,
      lng: 26.101,
      distanceKm: 0.1,
    });
    expect(lockerOffer.points.map((p) => p.distanceKm)).toEqual([0.1, 0.4, 3.3, lockerOffer.points[3]!.distanceKm]);
    expect(lockerOffer.points[3]!.distanceKm).toBeGreaterThan(300);
    expect(fake.of('GET /api/client/lockers').map((s) => s.query)).toEqual([
      { page: '1', countPerPage: '500' },
      { page: '2', countPerPage: '500' },
    ]);
  });

  it('turns limits and options Sameday lacks into offer errors without asking for a price', async () => {
    const fake = fakeSameday();
    const offers = await network(fake).quote({
      ...QUOTE,
      to: { ...TO, countyCode: 'CJ', county: 'Cluj', city: 'Cluj-Napoca', postalCode: '400114', lat: null, lng: null },
      packages: [{ type: 'parcel', weightGrams: 71_000, lengthCm: 60, widthCm: 50, heightCm: 40 }],
      openAtDelivery: true,
    });
    const byId = Object.fromEntries(offers.map((o) => [o.serviceId, o.errors]));
    expect(byId['sameday:24']).toEqual(['Sameday preia colete de cel mult 70 kg fiecare.']);
    expect(byId['sameday:6H']).toEqual([
      'Sameday preia colete de cel mult 70 kg fiecare.',
      'Sameday 6H livreaza doar in Bucuresti.',
      'Sameday nu ofera deschiderea coletului la livrare pentru acest serviciu.',
    ]);
    expect(byId['sameday:LN']).toContain('Nu exista easybox Sameday in apropierea destinatarului.');
    expect(fake.count('POST /api/awb/estimate-cost')).toBe(0);
    expect(offers.every((o) => o.priceBani === 0)).toBe(true);
  });

  it('asks for the open-package option (OPCG of the package type) when the client wants it', async () => {
    const fake = fakeSameday();
    await network(fake).quote({ ...QUOTE, openAtDelivery: true, packages: [{ type: 'envelope', weightGrams: 300, lengthCm: 30, widthCm: 20, heightCm: 1 }] });
    const sent = fake.of('POST /api/awb/estimate-cost').find((s) => s.form.service === '7')!;
    expect(sent.form).toMatchObject({ packageType: '1', 'serviceTaxes[0]': '32', packageWeight: '0.3' });
  });

  it('shows Sameday\'s validation errors (children) on the offer, field by field, in Romanian words', async () => {
    const refusal = {
      code: 400,
      message: 'Validation Failed',
      errors: {
        children: {
          pickupPoint: {},
          service: {},
          awbRecipient: {
            children: { name: {}, phoneNumber: { errors: ['Numarul de telefon nu este valid.'] }, cityString: { errors: ['Localitatea nu a fost gasita.'] } },
          },
          parcels: { children: [{ children: { weight: { errors: ['This value should be greater than 0.'] } } }] },
        },
      },
    };
    const fake = fakeSameday({ 'POST /api/awb/estimate-cost': (req) => (req.form.service === '7' ? { status: 400, json: refusal } : { status: 200, json: { amount: 30, currency: 'RON', time: 6 } }) });
    const offers = await network(fake).quote(QUOTE);
    expect(offers[0]!.errors).toEqual([
      'Sameday a refuzat datele comenzii: Telefon destinatar: Numarul de telefon nu este valid.; Localitate destinatar: Localitatea nu a fost gasita.; Greutate colet 1: This value should be greater than 0.',
    ]);
    expect(offers[1]).toMatchObject({ errors: [], priceNoVatBani: 3000, priceBani: 3570, description: 'Livrare la adresa in aceeasi zi, doar in Bucuresti#Termen estimat: 6 ore' });

    const plainMessage = fakeSameday({ 'POST /api/awb/estimate-cost': () => ({ status: 400, json: { code: 400, message: 'PickupPoint este invalid!' } }) });
    expect((await network(plainMessage).quote(QUOTE))[0]!.errors).toEqual(['Sameday a refuzat datele comenzii: PickupPoint este invalid!']);
  });

  it('never repeats a price request that failed with 500 or timed out: the offer says Sameday is unavailable', async () => {
    const fake = fakeSameday({ 'POST /api/awb/estimate-cost': (req) => (req.form.service === '7' ? { status: 500, json: { code: 500, message: 'Internal Server Error' } } : 'hang') });
    const offers = await network(fake, { timeoutMs: 50 }).quote(QUOTE);
    for (const o of offers) expect(o.errors).toEqual([MSG_UNAVAILABLE]);
    expect(fake.count('POST /api/awb/estimate-cost')).toBe(3);
  });

  it('fails the whole quote only when the account\'s services cannot be read (after retrying the GET)', async () => {
    const fake = fakeSameday({ 'GET /api/client/services': () => ({ status: 503, json: { code: 503, message: 'Service Unavailable' } }) });
    await expect(network(fake).quote(QUOTE)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(fake.count('GET /api/client/services')).toBe(3);
  });
});

describe('Sameday adapter: AWBs', () => {
  it('creates the AWB with our reference as clientInternalReference and maps its cost, parcels and pick-up date', async () => {
    const fake = fakeSameday({ 'POST /api/awb': () => awbAnswer() });
    const sameday = network(fake);
    const result = await sameday.createAwb({ ...AWB_REQ, at: new Date('2025-03-07T13:30:00Z') }); // Friday 15:30 in Bucharest
    expect(result).toEqual({
      awb: '1SDY24000123456',
      priceNoVatBani: 2860,
      priceBani: 3403,
      parcels: [
        { number: 1, barcode: '1SDY24000123456001' },
        { number: 2, barcode: '1SDY24000123456002' },
      ],
      estimatedPickupDate: '2025-03-10',
    });
    const [sent] = fake.of('POST /api/awb');
    expect(sent!.form).toMatchObject({ service: '7', clientInternalReference: 'CO-7F3K2', observation: 'Carti', clientObservation: 'CMD-1001', cashOnDelivery: '150.00', thirdPartyPickup: '1' });

    // The same reference again (a retried activation in this process): the same AWB, no second POST.
    expect(await sameday.createAwb(AWB_REQ)).toEqual(result);
    const [a, b] = await Promise.all([sameday.createAwb({ ...AWB_REQ, reference: 'CO-OTHER' }), sameday.createAwb({ ...AWB_REQ, reference: 'CO-OTHER' })]);
    expect(a).toBe(b);
    expect(fake.count('POST /api/awb')).toBe(2);
  });

  it('sends the chosen easybox as lockerLastMile and refuses a locker service without one', async () => {
    const fake = fakeSameday({ 'POST /api/awb': () => awbAnswer('1SDYLN0001') });
    const sameday = network(fake);
    await expect(sameday.createAwb({ ...AWB_REQ, serviceId: 'sameday:LN', pointId: null })).rejects.toMatchObject({ kind: 'invalid', message: 'Alegeti un easybox Sameday pentru livrare.' });
    await expect(sameday.createAwb({ ...AWB_REQ, serviceId: 'rapidcarpati:standard' })).rejects.toMatchObject({ kind: 'invalid', message: 'Serviciul ales nu este un serviciu Sameday.' });
    expect(fake.count('POST /api/awb')).toBe(0);
    await sameday.createAwb({ ...AWB_REQ, serviceId: 'sameday:LN', pointId: 'sameday:501' });
    expect(fake.of('POST /api/awb')[0]!.form).toMatchObject({ service: '15', lockerLastMile: '501' });
  });

  it('never repeats POST /api/awb: a timeout or a 500 is reported as unconfirmed after exactly one call', async () => {
    for (const answer of ['hang', { status: 500, json: { code: 500, message: 'Internal Server Error' } }, new TypeError('fetch failed')] as Answer[]) {
      const fake = fakeSameday({ 'POST /api/awb': () => answer });
      const err = (await network(fake, { timeoutMs: 50 })
        .createAwb(AWB_REQ)
        .catch((e: unknown) => e)) as CourierError;
      expect(err).toBeInstanceOf(CourierError);
      expect(err.kind).toBe('unavailable');
      expect(err.message).toMatch(/^Sameday nu a confirmat crearea AWB-ului\./);
      expect(fake.count('POST /api/awb')).toBe(1);
    }
  });

  it('after an unconfirmed create, a new attempt is sent (not remembered) and Sameday\'s duplicate refusal is explained', async () => {
    const fake = fakeSameday({
      'POST /api/awb': (_req, n) =>
        n === 1 ? 'hang' : { status: 400, json: { code: 400, message: 'Validation Failed', errors: { children: { clientInternalReference: { errors: ['awb.not_unique'] } } } } },
    });
    const sameday = network(fake, { timeoutMs: 50 });
    await expect(sameday.createAwb(AWB_REQ)).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(sameday.createAwb(AWB_REQ)).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Sameday are deja un AWB pentru aceasta comanda, deci nu a creat altul. Verificati comanda in contul Sameday.',
    });
    expect(fake.count('POST /api/awb')).toBe(2);
  });

  it('downloads the label PDF in A4 and A6 (GETs retried on 5xx and network errors)', async () => {
    const fake = fakeSameday({
      'GET /api/awb/download/1SDY9/A6': (_req, n) => (n === 1 ? { status: 502, json: { message: 'Bad Gateway' } } : n === 2 ? new TypeError('fetch failed') : { status: 200, bytes: PDF }),
      'GET /api/awb/download/1SDY9/A4': () => ({ status: 200, bytes: PDF }),
      'GET /api/awb/download/NOPDF/A4': () => ({ status: 200, bytes: new TextEncoder().encode('<html>eroare</html>'), contentType: 'text/html' }),
      'GET /api/awb/download/LOST/A4': () => ({ status: 404, json: { code: 404, message: 'Awb not found' } }),
    });
    const sameday = network(fake);
    expect(Buffer.from(await sameday.label('1SDY9', 'A6')).equals(Buffer.from(PDF))).toBe(true);
    expect(fake.count('GET /api/awb/download/1SDY9/A6')).toBe(3);
    expect(Buffer.from(await sameday.label('1SDY9', 'A4')).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(sameday.label('NOPDF', 'A4')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(sameday.label('LOST', 'A4')).rejects.toMatchObject({ kind: 'notFound', message: 'AWB-ul LOST nu exista la Sameday.' });
    expect(fake.count('GET /api/awb/download/LOST/A4')).toBe(1);
  });

  it('gives up on a GET that times out three times', async () => {
    const fake = fakeSameday({ 'GET /api/awb/download/SLOW/A6': () => 'hang' });
    await expect(network(fake, { timeoutMs: 30 }).label('SLOW', 'A6')).rejects.toMatchObject({ kind: 'unavailable', message: MSG_UNAVAILABLE });
    expect(fake.count('GET /api/awb/download/SLOW/A6')).toBe(3);
  });

  it('cancels with DELETE /api/awb/{awb}, once, and explains a refusal', async () => {
    const fake = fakeSameday({
      'DELETE /api/awb/1SDY1': () => ({ status: 200, json: undefined }),
      'DELETE /api/awb/1SDY2': () => ({ status: 400, json: { code: 400, message: 'Awb-ul a fost deja ridicat de curier.' } }),
      'DELETE /api/awb/1SDY3': () => ({ status: 500, json: { code: 500, message: 'Internal Server Error' } }),
    });
    const sameday = network(fake);
    await expect(sameday.cancel('1SDY1')).resolves.toBeUndefined();
    await expect(sameday.cancel('1SDY2')).rejects.toMatchObject({ kind: 'invalid', message: 'AWB-ul nu mai poate fi anulat: Awb-ul a fost deja ridicat de curier.' });
    await expect(sameday.cancel('1SDY3')).rejects.toMatchObject({ kind: 'unavailable' });
    expect(fake.count('DELETE /api/awb/1SDY3')).toBe(1);
  });
});

describe('Sameday adapter: tracking and points', () => {
  it('maps the status history (newest first in the answer) to our statuses, oldest first', async () => {
    const answer = {
      expeditionSummary: { delivered: true, canceled: false, deliveryAttempts: 1, awbNumber: '1SDY7', awbWeight: 4, servicePayment: 28.6, cashOnDelivery: 150, redirectionsAttempts: 0, deliveredAt: '2025-03-05T14:20:11+02:00', lastDeliveryAttempt: '2025-03-05T14:20:11+02:00' },
      expeditionStatus: history(9, 'Livrat', '2025-03-05T14:20:11+02:00'),
      expeditionHistory: [
        history(9, 'Coletul a fost livrat cu succes', '2025-03-05T14:20:11+02:00'),
        history(33, 'Curierul urmeaza sa efectueze livrarea', '2025-03-05T09:01:30+02:00'),
        history(61, 'Colet scanat in depozit', '2025-03-05T06:10:00+02:00', { county: '', transitLocation: '' }),
        history(84, 'Coletul a ajuns in depozitul central', '2025-03-04T23:50:00+02:00', { transitLocation: 'Hub Bucuresti' }),
        history(56, 'In tranzit spre depozit', '2025-03-04T21:43:23+02:00', { transitLocation: 'Cluj' }),
        history(4, 'Expeditorul a predat coletul', '2025-03-04T17:54:54+02:00', { county: 'Cluj' }),
        history(23, 'Un curier urmeaza sa ridice coletul', '2025-03-04T14:01:01+02:00', { county: '' }),
        history(1, 'AWB Emis', '2025-03-04T12:40:10+02:00', { statusLabel: 'Document de transport emis', county: '' }),
      ],
      parcelsStatus: [{ ...history(9, 'Livrat', '2025-03-05T14:20:11+02:00'), parcelAwbNumber: '1SDY7001', parcelDetails: '', inReturn: false }],
    };
    const fake = fakeSameday({ 'GET /api/client/awb/1SDY7/status': () => ({ status: 200, json: answer }) });
    const events = await network(fake).track('1SDY7');
    expect(events.map((e) => e.status)).toEqual(['created', 'created', 'picked_up', 'in_transit', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events[0]).toEqual({ status: 'created', text: 'Document de transport emis', at: new Date('2025-03-04T10:40:10Z'), reason: null, location: null });
    expect(events[3]!.location).toBe('Cluj');
    expect(events[4]!.location).toBe('Hub Bucuresti');
    // An id we do not know, with no telling words, keeps the status before it.
    expect(events[5]).toMatchObject({ status: 'in_transit', text: 'Colet scanat in depozit', location: null });
    expect(events[7]!.at).toEqual(new Date('2025-03-05T12:20:11Z'));
  });

  it('reads returns, refusals and cancellations from their words, with the reason', () => {
    const events = trackingEvents({
      expeditionHistory: [
        history(1, 'AWB Emis', '2025-03-04T10:00:00+02:00'),
        history(4, 'Ridicat', '2025-03-04T16:00:00+02:00'),
        history(40, 'Destinatarul a refuzat coletul', '2025-03-05T11:00:00+02:00', { reason: 'Refuz la livrare' }),
        history(41, 'Colet in retur catre expeditor', '2025-03-05T18:00:00+02:00'),
        history(1, 'AWB Emis', 'not a date'),
      ],
    });
    expect(events.map((e) => [e.status, e.reason])).toEqual([
      ['created', null],
      ['picked_up', null],
      ['refused', 'Refuz la livrare'],
      ['returned', null],
    ]);
    expect(trackingEvents({ expeditionHistory: [history(90, 'AWB anulat', '2025-03-04T10:00:00+02:00')] })[0]!.status).toBe('cancelled');
    expect(trackingEvents({ expeditionHistory: [], expeditionStatus: history(1, 'AWB Emis', '2025-03-04T10:00:00+02:00') }).map((e) => e.status)).toEqual(['created']);
    expect(trackingEvents({})).toEqual([]);
  });

  it('answers an unknown AWB with notFound', async () => {
    const fake = fakeSameday({ 'GET /api/client/awb/NOPE/status': () => ({ status: 404, json: { code: 404, message: 'Awb not found' } }) });
    await expect(network(fake).track('NOPE')).rejects.toMatchObject({ kind: 'notFound', message: 'AWB-ul NOPE nu exista la Sameday.' });
  });

  it('lists easyboxes near a place by haversine distance, with a limit, and none for another courier', async () => {
    const fake = fakeSameday();
    const sameday = network(fake);
    const near = await sameday.points({ lat: 46.77, lng: 23.59 }, { limit: 2 });
    expect(near.map((p) => [p.id, p.countyCode, p.distanceKm])).toEqual([
      ['sameday:506', 'CJ', 2.6],
      ['sameday:502', 'B', near[1]!.distanceKm], // the easybox furthest north of the Bucharest ones
    ]);
    expect(near[1]!.distanceKm).toBeGreaterThan(300);
    expect(await sameday.points({ lat: 44.43, lng: 26.1 }, { courierId: 'rapidcarpati' })).toEqual([]);
    // The list is read once and kept.
    await sameday.points({ lat: 44.43, lng: 26.1 });
    expect(fake.count('GET /api/client/lockers')).toBe(2);
    // Bucharest to Cluj-Napoca is about 325 km as the crow flies.
    expect(distanceKm({ lat: 44.4268, lng: 26.1025 }, { lat: 46.7712, lng: 23.6236 })).toBeGreaterThan(315);
    expect(distanceKm({ lat: 44.4268, lng: 26.1025 }, { lat: 46.7712, lng: 23.6236 })).toBeLessThan(335);
  });

  it('keeps the last easybox list when a daily refresh fails', async () => {
    let broken = false;
    const fake = fakeSameday({ 'GET /api/client/lockers': (req) => (broken ? { status: 500, json: {} } : { status: 200, json: LOCKERS[Number(req.query.page) - 1] }) });
    const sameday = network(fake, { lockersMs: 1000 });
    const first = await sameday.points({ lat: 44.43, lng: 26.1 });
    broken = true;
    clock = new Date(clock.getTime() + 5000);
    expect(await sameday.points({ lat: 44.43, lng: 26.1 })).toEqual(first);
    clock = new Date('2025-03-04T08:00:00Z');
  });

  it('estimates the pick-up day: today before 14:00 on a weekday, else the next weekday', () => {
    expect(estimatedPickupDate(new Date('2025-03-04T08:00:00Z'))).toBe('2025-03-04'); // Tue 10:00
    expect(estimatedPickupDate(new Date('2025-03-04T12:30:00Z'))).toBe('2025-03-05'); // Tue 14:30
    expect(estimatedPickupDate(new Date('2025-03-07T13:00:00Z'))).toBe('2025-03-10'); // Fri 15:00
    expect(estimatedPickupDate(new Date('2025-03-08T08:00:00Z'))).toBe('2025-03-10'); // Sat
  });

  it('encodes forms as PHP does (brackets, booleans as 1/0, null left out)', () => {
    expect(decodeURIComponent(formEncode({ a: { b: [1, 'x'] }, t: true, f: false, n: null, u: undefined }))).toBe('a[b][0]=1&a[b][1]=x&t=1&f=0');
  });
});

describe('Sameday configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://' };

  it('defaults to the simulator and refuses COURIERS=sameday without the account, naming what is missing', () => {
    expect(loadConfig(base)).toMatchObject({ couriers: 'simulator', sameday: undefined });
    expect(() => loadConfig({ ...base, COURIERS: 'sameday' })).toThrow(/SAMEDAY_USERNAME: is required when COURIERS=sameday[\s\S]*SAMEDAY_PASSWORD: is required when COURIERS=sameday/);
    expect(() => loadConfig({ ...base, COURIERS: 'sameday', SAMEDAY_USERNAME: 'u' })).toThrow(/SAMEDAY_PASSWORD/);
    expect(() => loadConfig({ ...base, COURIERS: 'fan' })).toThrow(/COURIERS/);
    expect(loadConfig({ ...base, COURIERS: 'sameday', SAMEDAY_USERNAME: 'u', SAMEDAY_PASSWORD: 'p' })).toMatchObject({
      couriers: 'sameday',
      sameday: { apiBase: SAMEDAY_SANDBOX_BASE, username: 'u', password: 'p' },
    });
    expect(() => courierNetworkFor({ couriers: 'sameday' }, {} as Database)).toThrow(/SAMEDAY_USERNAME/);
  });

  describe('through courierNetworkFor against a local Sameday over HTTP', () => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/api/authenticate') {
        return req.headers['x-auth-username'] === 'live-user' && req.headers['x-auth-password'] === 'live-pass'
          ? send(200, { token: 'http-token', expire_at: FAR_FUTURE })
          : send(401, { code: 401, message: 'Bad credentials' });
      }
      if (req.headers['x-auth-token'] !== 'http-token') return send(401, { code: 401, message: 'Invalid JWT Token' });
      if (url.pathname === '/api/client/services') return send(200, SERVICES);
      if (url.pathname === '/api/client/pickup-points') return send(200, PICKUP_POINTS);
      if (url.pathname === '/api/client/lockers') return send(200, LOCKERS[Number(url.searchParams.get('page')) - 1] ?? page([]));
      if (url.pathname === '/api/awb/estimate-cost') return send(200, { amount: 19.99, currency: 'RON', time: 24 });
      if (url.pathname === '/api/client/awb/1SDYHTTP/status') return send(200, { expeditionHistory: [history(1, 'AWB Emis', '2025-03-04T12:40:10+02:00')] });
      return send(404, { code: 404, message: 'Not Found' });
    });
    let apiBase = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('quotes and tracks with the configured account and base URL', async () => {
      const config = loadConfig({ ...base, COURIERS: 'sameday', SAMEDAY_API_BASE: `${apiBase}/`, SAMEDAY_USERNAME: 'live-user', SAMEDAY_PASSWORD: 'live-pass' });
      const sameday = courierNetworkFor(config, {} as Database);
      expect(sameday.name).toBe('sameday');
      expect(sameday.couriers()).toEqual([{ id: 'sameday', name: 'Sameday', logo: '/couriers/sameday.svg', formats: ['A4', 'A6'], scheduleType: 1 }]);
      const offers = await sameday.quote(QUOTE);
      expect(offers.map((o) => [o.serviceId, o.priceNoVatBani, o.priceBani])).toEqual([
        ['sameday:24', 1999, 2379],
        ['sameday:6H', 1999, 2379],
        ['sameday:LN', 1999, 2379],
      ]);
      expect((await sameday.track('1SDYHTTP')).map((e) => e.status)).toEqual(['created']);

      const wrong = courierNetworkFor(loadConfig({ ...base, COURIERS: 'sameday', SAMEDAY_API_BASE: apiBase, SAMEDAY_USERNAME: 'live-user', SAMEDAY_PASSWORD: 'nope' }), {} as Database);
      await expect(wrong.track('1SDYHTTP')).rejects.toMatchObject({ kind: 'unavailable' });
    });
  });
});
