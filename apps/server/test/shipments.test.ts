import { randomUUID } from 'node:crypto';
import { USER_TYPE, messages, type TShipmentDraft } from '@colete/contract';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableCharges, ledgerEntries, mailOutbox, pickupPoints, shipments, users } from '../src/db/schema.js';
import { CourierError } from '../src/integrations/couriers/courier-network.js';
import { POINTS_PER_OFFER, simulatedCourierNetwork } from '../src/integrations/couriers/simulator.js';
import { SIM_COURIERS } from '../src/integrations/couriers/simulator-catalogue.js';
import { loadConfig } from '../src/config.js';
import { seedDemo } from '../src/db/seed.js';
import { seedDemoShipments } from '../src/db/seed-shipments.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { bucharestDayStart, isFridayInBucharest } from '../src/lib/dates.js';
import { invoicingDepsOf, shipmentBilling } from '../src/modules/invoicing/index.js';
import { shipmentsService } from '../src/modules/shipments/index.js';
import { invoicingService } from '../src/modules/invoicing/invoicing-service.js';
import { as, createTestApp, createUser, twoUsers, type TestContext, type TestUser } from './helper.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './support/parties.js';

const m = messages.shipments;
let ctx: TestContext;
/** The app's shipping clock: the real one, except where a test sets a day (and puts it back). */
let clock: (() => Date) | null = null;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => (clock ? clock() : new Date()) });
  await loadNomenclature(ctx.database);
});
afterAll(async () => ctx?.close());

const sender = SENDER;
const recipient = RECIPIENT;
const noOptions = NO_OPTIONS;
const draft = (over: Partial<TShipmentDraft> = {}): TShipmentDraft => ({
  sender,
  recipient,
  packages: [
    { type: 'parcel', weight: 2.5, length: 30, width: 20, height: 15 },
    { type: 'parcel', weight: 1, length: 20, width: 20, height: 10 },
  ],
  content: 'Carti',
  clientReference: 'CMD-1001',
  options: { ...noOptions, cod: { active: true, amount: 150.5 } },
  ...over,
});

const topUp = (u: TestUser, bani: number) =>
  ctx.database.db.insert(ledgerEntries).values({ userId: u.id, kind: 'topup', amountBani: bani, description: 'Reincarcare test', reference: randomUUID() });
const balance = async (u: TestUser) => (await as(ctx, u, { method: 'GET', url: '/api/user/prepay/balance' })).json().balance as string;
const offers = (u: TestUser, body: object) => as(ctx, u, { method: 'POST', url: '/api/shipments/offers', payload: body });
const create = (u: TestUser, body: object) => as(ctx, u, { method: 'POST', url: '/api/shipments', payload: body });
const key = () => randomUUID().replace(/-/g, '');

/** A standard offer without errors from the first courier that has one. */
async function standardOffer(u: TestUser, body: object = draft()) {
  const res = await offers(u, body);
  expect(res.statusCode, res.body).toBe(200);
  const offer = res.json().offers.find((o: { type: string; errors: string[] }) => o.type === 'standard' && o.errors.length === 0);
  expect(offer).toBeDefined();
  return offer as { serviceId: string; price: string; courierId: string };
}
async function activeShipment(u: TestUser) {
  const offer = await standardOffer(u);
  const res = await create(u, { ...draft(), serviceId: offer.serviceId, requestKey: key(), activate: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipment as { uniqueId: string; awb: string; price: string; status: { code: string }; labelFormats: string[]; canCancel: boolean };
}

describe('offers (POST /api/shipments/offers)', () => {
  it('answers offers of several couriers and types, priced with and without VAT, lockers with distances', async () => {
    const alice = await createUser(ctx);
    const res = await offers(alice, draft());
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().offers as { type: string; price: string; priceNoVat: string; courierId: string; points: { distanceKm: number | null }[] }[];
    // Every simulated courier, with every service but Saturday delivery (not asked for).
    expect([...new Set(list.map((o) => o.courierId))]).toEqual(SIM_COURIERS.map((c) => c.info.id));
    const types = new Set(SIM_COURIERS.flatMap((c) => c.services.map((s) => s.type)).filter((t) => t !== 'saturday'));
    expect(new Set(list.map((o) => o.type))).toEqual(types);
    expect(list).toHaveLength(SIM_COURIERS.flatMap((c) => c.services.filter((s) => s.type !== 'saturday')).length);
    for (const o of list) {
      expect(o.price).toMatch(/^\d+\.\d{2}$/);
      // Today's VAT, 21%, added to the price without VAT, half up to the ban.
      expect(Math.round(Number(o.price) * 100)).toBe(Math.round((Math.round(Number(o.priceNoVat) * 100) * 121) / 100));
    }
    const locker = list.find((o) => o.type === 'locker');
    // Cluj-Napoca has lockers enough: as many as an offer lists.
    expect(locker?.points).toHaveLength(POINTS_PER_OFFER);
    const distances = locker!.points.map((p) => p.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('refuses bad packages with the spec’s limits (400, field messages)', async () => {
    const alice = await createUser(ctx);
    const cases: [object[], Record<string, string>][] = [
      [[{ type: 'parcel', weight: 0, length: 10, width: 10, height: 10 }], { 'packages.0.weight': m.weightMin }],
      [[{ type: 'parcel', weight: 1, length: 10, width: 10, height: 2 }], { 'packages.0.height': m.heightMin }],
      [[{ type: 'envelope', weight: 1.5, length: 20, width: 20, height: 1 }], { 'packages.0.weight': m.envelopeWeight }],
      [[{ type: 'envelope', weight: 0.5, length: 30, width: 20, height: 7 }], { 'packages.0.length': m.envelopeSize, 'packages.0.height': m.envelopeHeight }],
      [
        [
          { type: 'envelope', weight: 0.5, length: 20, width: 20, height: 3 },
          { type: 'parcel', weight: 1, length: 10, width: 10, height: 10 },
        ],
        { packages: m.envelopeSingle },
      ],
      [[], { packages: m.packagesRequired }],
    ];
    for (const [packages, errors] of cases) {
      const res = await offers(alice, draft({ packages: packages as TShipmentDraft['packages'] }));
      expect(res.statusCode, JSON.stringify(packages)).toBe(400);
      expect(res.json().errors).toMatchObject(errors);
    }
  });

  it('checks addresses against the nomenclature and names the party in the error', async () => {
    const alice = await createUser(ctx);
    const res = await offers(alice, draft({ recipient: { ...recipient, postalCode: '400114' } }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['recipient.postalCode']);
    const bad = await offers(alice, draft({ recipient: { ...recipient, contactPhone: '12' } }));
    expect(bad.json().errors).toMatchObject({ 'recipient.contactPhone': messages.common.fieldInvalid });
  });

  it('offers Saturday delivery only on Fridays in Bucharest', async () => {
    // Friday 20 November 2026: 23:30 in Bucharest is still Friday, 00:30 is Saturday.
    expect(isFridayInBucharest(new Date('2026-11-20T21:30:00Z'))).toBe(true);
    expect(isFridayInBucharest(new Date('2026-11-20T22:30:00Z'))).toBe(false);
    expect(isFridayInBucharest(new Date('2026-11-19T21:30:00Z'))).toBe(false);
    const alice = await createUser(ctx);
    const saturday = draft({ options: { ...noOptions, saturdayDelivery: true } });
    // Every courier with a Saturday service offers it (09:00 is before every cut-off)...
    const withSaturday = SIM_COURIERS.filter((c) => c.services.some((s) => s.code === 'saturday')).map((c) => c.info.id);
    try {
      clock = () => new Date('2026-11-20T07:00:00Z'); // Friday 09:00 in Bucharest
      const friday = await offers(alice, saturday);
      expect(friday.statusCode, friday.body).toBe(200);
      const offered = (friday.json().offers as { type: string; courierId: string; errors: string[] }[]).filter((o) => o.type === 'saturday');
      expect(offered.map((o) => o.courierId)).toEqual(withSaturday);
      expect(offered.every((o) => o.errors.length === 0)).toBe(true);
      // ...and none without the option.
      const without = await offers(alice, draft({ options: noOptions }));
      expect((without.json().offers as { type: string }[]).filter((o) => o.type === 'saturday')).toEqual([]);

      clock = () => new Date('2026-11-19T07:00:00Z'); // Thursday 09:00 in Bucharest
      const thursday = await offers(alice, saturday);
      expect(thursday.statusCode).toBe(400);
      expect(thursday.json().errors).toEqual({ 'options.saturdayDelivery': m.saturdayOnlyFriday });
    } finally {
      clock = null;
    }
  });
});

describe('the shipping clock of a test server (TEST_CLOCK)', () => {
  it('is accepted only with NODE_ENV=test, and starts at its instant and runs on', () => {
    for (const env of ['development', 'production'] as const) expect(() => loadConfig({ NODE_ENV: env, TEST_CLOCK: '2026-11-20T07:00:00Z' })).toThrow(/TEST_CLOCK: is accepted only with NODE_ENV=test/);
    expect(loadConfig({ NODE_ENV: 'test' }).now).toBeUndefined();
    const now = loadConfig({ NODE_ENV: 'test', TEST_CLOCK: '2026-11-20T07:00:00Z' }).now!;
    const read = now().getTime() - Date.parse('2026-11-20T07:00:00Z');
    expect(read).toBeGreaterThanOrEqual(0);
    expect(read).toBeLessThan(5_000);
    expect(isFridayInBucharest(now())).toBe(true);
  });
});

describe('saving and activating', () => {
  it('activates once: AWB, charge to the balance, history, the list and the details', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const s = await activeShipment(alice);
    expect(s.status.code).toBe('created');
    expect(s.awb).toBeTruthy();
    expect(s.canCancel).toBe(true);
    expect(await balance(alice)).toBe((1000 - Number(s.price)).toFixed(2));
    const charges = await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(1);

    const detail = await as(ctx, alice, { method: 'GET', url: `/api/shipments/${s.uniqueId}` });
    expect(detail.json().shipment).toMatchObject({ awb: s.awb, parcelCount: 2, cod: '150.50', clientReference: 'CMD-1001', paymentType: 'prepaid' });
    expect(detail.json().shipment.history[0]).toMatchObject({ status: 'created' });

    const list = await as(ctx, alice, { method: 'GET', url: `/api/shipments?q=${s.awb}` });
    expect(list.json()).toMatchObject({ total: 1, list: [{ uniqueId: s.uniqueId, awb: s.awb }] });
    const byRef = await as(ctx, alice, { method: 'GET', url: '/api/shipments?q=cmd-1001&status=created' });
    expect(byRef.json().total).toBe(1);
    const none = await as(ctx, alice, { method: 'GET', url: '/api/shipments?status=delivered' });
    expect(none.json().total).toBe(0);
  });

  it('an AWB or a reference finds the shipment at any date; the date range applies to browsing', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const offer = await standardOffer(alice);
    const made = await create(alice, { ...draft({ clientReference: 'REF-VECHE-77' }), serviceId: offer.serviceId, requestKey: key(), activate: true });
    expect(made.statusCode, made.body).toBe(200);
    const s = made.json().shipment as { uniqueId: string; awb: string };
    // Sent four months ago: outside the list's default month.
    await ctx.database.db.update(shipments).set({ createdAt: new Date(Date.now() - 120 * 86_400_000) }).where(eq(shipments.uniqueId, s.uniqueId));
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const search = (q: string) => as(ctx, alice, { method: 'GET', url: `/api/shipments?from=${monthAgo}&to=${today}&q=${encodeURIComponent(q)}` });

    for (const q of [s.awb, 'REF-VECHE-77', 'ref-veche-77']) {
      const res = await search(q);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), q).toMatchObject({ count: 1, list: [{ uniqueId: s.uniqueId }] });
    }
    // A part of it, or the recipient's name, is browsing: the range applies.
    expect((await search(s.awb.slice(0, -2))).json().count).toBe(0);
    expect((await search('REF-VECHE')).json().count).toBe(0);
    expect((await search('Ion Destinatar')).json().count).toBe(0);
    // The status filter still applies to an exact match.
    const delivered = await as(ctx, alice, { method: 'GET', url: `/api/shipments?from=${monthAgo}&to=${today}&status=delivered&q=${s.awb}` });
    expect(delivered.json().count).toBe(0);
  });

  it('a start date after the end date is refused with a field error', async () => {
    const alice = await createUser(ctx);
    const res = await as(ctx, alice, { method: 'GET', url: '/api/shipments?from=2026-03-10&to=2026-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ from: messages.shipments.dateRangeInvalid });
    expect((await as(ctx, alice, { method: 'GET', url: '/api/shipments?from=2026-03-01&to=2026-03-01' })).statusCode).toBe(200);
  });

  it('20 parallel activations of one saved shipment make one AWB and one charge', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const offer = await standardOffer(alice);
    const saved = await create(alice, { ...draft(), serviceId: offer.serviceId, requestKey: key(), activate: false });
    expect(saved.statusCode, saved.body).toBe(200);
    const { uniqueId } = saved.json().shipment;
    expect(saved.json().shipment.status.code).toBe('draft');
    const results = await Promise.all(Array.from({ length: 20 }, () => as(ctx, alice, { method: 'POST', url: `/api/shipments/${uniqueId}/activate` })));
    const awbs = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.json().shipment.awb));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(awbs.size).toBe(1);
    const charges = await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(1);
  });

  it('a double click or a second tab with the same request key makes one shipment', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const offer = await standardOffer(alice);
    const body = { ...draft(), serviceId: offer.serviceId, requestKey: key(), activate: true };
    const [a, b] = await Promise.all([create(alice, body), create(alice, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().shipment.uniqueId).toBe(b.json().shipment.uniqueId);
    expect(await ctx.database.db.select().from(shipments).where(eq(shipments.userId, alice.id))).toHaveLength(1);
  });

  it('refuses activation when the prepaid balance is too low, and keeps the draft', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100);
    const offer = await standardOffer(alice);
    const res = await create(alice, { ...draft(), serviceId: offer.serviceId, requestKey: key(), activate: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficientBalance', message: m.insufficientBalance });
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.userId, alice.id));
    expect(row!.status).toBe('draft');
    expect(await balance(alice)).toBe('1.00');
  });

  it('records a postpaid client’s shipment as not invoiced, without touching the balance', async () => {
    const bob = await createUser(ctx);
    await ctx.database.db.update(users).set({ paymentType: 'postpaid' }).where(eq(users.id, bob.id));
    const s = await activeShipment(bob);
    expect(await balance(bob)).toBe('0.00');
    const [charge] = await ctx.database.db.select().from(billableCharges).where(eq(billableCharges.userId, bob.id));
    expect(charge).toMatchObject({ amountBani: Math.round(Number(s.price) * 100), invoiceId: null });
    const profile = (await as(ctx, bob, { method: 'GET', url: '/api/user/profile' })).json().profile;
    expect(profile.amountNotInvoicedSum).toBe(s.price);
  });

  it('keeps a typed address in the address book when asked, with the nomenclature’s names and the phone in E.164', async () => {
    const alice = await createUser(ctx);
    const res = await create(alice, { ...draft({ recipient: { ...recipient, city: 'sectorul 1', contactPhone: '0733000002', saveAs: 'Ion' } }), requestKey: key() });
    expect(res.statusCode, res.body).toBe(200);
    const book = (await as(ctx, alice, { method: 'POST', url: '/api/address/all', payload: {} })).json();
    const entries = (book.list ?? book.addresses) as { shortName: string; addressCity: string; contactPhone: string }[];
    expect(entries).toEqual([expect.objectContaining({ shortName: 'Ion', addressCity: 'Sectorul 1', contactPhone: '+40733000002' })]);
    expect(res.json().shipment.recipientAddress.phone).toBe('+40733000002');
  });

  it('needs a service to activate, and refuses one that is not offered', async () => {
    const alice = await createUser(ctx);
    const missing = await create(alice, { ...draft(), requestKey: key(), activate: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ serviceId: m.serviceRequired });
    const unknown = await create(alice, { ...draft(), serviceId: 'nobody:nothing', requestKey: key(), activate: true });
    expect(unknown.statusCode).toBe(409);
  });
});

describe('money of an activation the courier refused', () => {
  it('reverses the charge, charges the next attempt under its own reference, and a cancellation refunds that one', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const offer = await standardOffer(alice);
    const saved = await create(alice, { ...draft(), serviceId: offer.serviceId, requestKey: key(), activate: false });
    const { uniqueId } = saved.json().shipment;
    const [client] = await ctx.database.db.select().from(users).where(eq(users.id, alice.id));
    const network = simulatedCourierNetwork(ctx.database);
    const refusing = shipmentsService({
      database: ctx.database,
      network: { ...network, couriers: () => network.couriers(), quote: (r) => network.quote(r), createAwb: async () => Promise.reject(new CourierError('Adresa refuzata', 'invalid')) },
      billing: shipmentBilling(invoicingDepsOf(ctx.config)),
    });
    await expect(refusing.activate(client!, uniqueId)).rejects.toMatchObject({ code: 'courierRefused' });
    expect(await balance(alice)).toBe('1000.00');
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, uniqueId));
    expect(row!.status).toBe('draft');
    const movements = async () =>
      (await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), sql`${ledgerEntries.kind} <> 'topup'`)).orderBy(ledgerEntries.id)).map((e) => [e.kind, e.reference, e.amountBani]);
    const price = Math.round(Number(offer.price) * 100);
    expect(await movements()).toEqual([['charge', `shipment:${row!.id}`, -price], ['reversal', `shipment:${row!.id}`, price]]);

    const again = await as(ctx, alice, { method: 'POST', url: `/api/shipments/${uniqueId}/activate` });
    expect(again.statusCode, again.body).toBe(200);
    expect(await balance(alice)).toBe((1000 - Number(offer.price)).toFixed(2));
    expect((await as(ctx, alice, { method: 'POST', url: `/api/shipments/${uniqueId}/cancel` })).statusCode).toBe(200);
    expect(await balance(alice)).toBe('1000.00');
    expect((await movements()).slice(2)).toEqual([['charge', `shipment:${row!.id}#2`, -price], ['refund', `shipment:${row!.id}#2`, price]]);
  });
});

describe('labels, cancelling and tracking', () => {
  it('downloads the label in each format the courier prints, one page per parcel', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const s = await activeShipment(alice);
    for (const format of s.labelFormats) {
      const res = await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/${format}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Eticheta-${s.awb}-ion-destinatar-${format}.pdf"`);
      expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(2);
    }
    expect((await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/A5` })).statusCode).toBe(400);
  });

  it('cancels before pick-up and refunds the charge; not after the courier took it', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const s = await activeShipment(alice);
    const res = await as(ctx, alice, { method: 'POST', url: `/api/shipments/${s.uniqueId}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipment.status.code).toBe('cancelled');
    expect(await balance(alice)).toBe('1000.00');
    expect((await as(ctx, alice, { method: 'POST', url: `/api/shipments/${s.uniqueId}/cancel` })).statusCode).toBe(409);
  });

  it('a cancelled shipment offers no label and its label answers 409, as does a draft’s; never a 5xx', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const s = await activeShipment(alice);
    expect(s.labelFormats.length).toBeGreaterThan(0);
    const cancelled = await as(ctx, alice, { method: 'POST', url: `/api/shipments/${s.uniqueId}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().shipment.labelFormats).toEqual([]);
    expect((await as(ctx, alice, { method: 'GET', url: `/api/shipments/${s.uniqueId}` })).json().shipment.labelFormats).toEqual([]);
    for (const format of ['A4', 'A6']) {
      const res = await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/${format}` });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(messages.shipments.labelCancelled);
    }

    const offer = await standardOffer(alice);
    const saved = await create(alice, { ...draft(), serviceId: offer.serviceId, requestKey: key(), activate: false });
    expect(saved.json().shipment.labelFormats).toEqual([]);
    const draftLabel = await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${saved.json().shipment.uniqueId}/A4` });
    expect(draftLabel.statusCode, draftLabel.body).toBe(409);
    expect(draftLabel.json().message).toBe(messages.shipments.labelNotActivated);
  });

  it('a label the courier refuses answers 409 with the courier’s reason, not 503', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const s = await activeShipment(alice);
    // The AWB cancelled at the courier behind our back: the courier refuses to print it.
    await simulatedCourierNetwork(ctx.database).cancel(s.awb);
    const res = await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/${s.labelFormats[0]}` });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('AWB-ul a fost anulat.');
  });

  it('follows the courier: the job moves shipments forward and mails the delivery alert', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const s = await activeShipment(alice);
    const at = new Date(Date.now() + 10 * 86_400_000);
    const later = shipmentsService({
      database: ctx.database,
      network: simulatedCourierNetwork(ctx.database),
      billing: shipmentBilling(invoicingDepsOf(ctx.config)),
      now: () => at,
    });
    await later.trackOpen();
    // The notifications follow the lifecycle events, delivered after the commit.
    await deliverLifecycleEvents(ctx.database);
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, s.uniqueId));
    expect(['delivered', 'returned', 'refused']).toContain(row!.status);
    const detail = (await as(ctx, alice, { method: 'GET', url: `/api/shipments/${s.uniqueId}` })).json().shipment;
    // The courier's whole journey by then, each step once (its 'created' is the activation's).
    const journey = await simulatedCourierNetwork(ctx.database).track(s.awb, at);
    expect(detail.history).toHaveLength(journey.length);
    // One 'created' entry: the activation's, not the courier's again.
    expect(detail.history.filter((e: { status: string }) => e.status === 'created')).toHaveLength(1);
    expect(detail.canCancel).toBe(false);
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, alice.id));
    expect(mails.map((x) => x.kind)).toEqual(expect.arrayContaining(['sendOrderConfirmationToSender']));
    expect(mails.some((x) => x.kind === 'sendOrderDeliveryAlerts' || x.kind === 'sendOrderReturn')).toBe(true);
  });
});

describe('a draft saved without a service (a return) is activated with a service chosen on its page', () => {
  it('answers its offers, activates with the chosen one; another client gets 404', async () => {
    const { alice, bob } = await twoUsers(ctx);
    await topUp(alice, 100_000);
    const saved = await create(alice, { ...draft(), requestKey: key() });
    expect(saved.statusCode, saved.body).toBe(200);
    const s = saved.json().shipment;
    expect(s).toMatchObject({ canActivate: false, chooseService: true, awb: null });
    expect((await as(ctx, alice, { method: 'POST', url: `/api/shipments/${s.uniqueId}/activate`, payload: {} })).statusCode).toBe(400);

    const res = await as(ctx, alice, { method: 'GET', url: `/api/shipments/${s.uniqueId}/offers` });
    expect(res.statusCode, res.body).toBe(200);
    const offer = res.json().offers.find((o: { type: string; errors: string[] }) => o.type === 'standard' && o.errors.length === 0);
    expect(offer.courierLogo).toMatch(/^\/couriers\/.+\.svg$/);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/shipments/${s.uniqueId}/offers` })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'POST', url: `/api/shipments/${s.uniqueId}/activate`, payload: { serviceId: offer.serviceId } })).statusCode).toBe(404);
    const unknown = await as(ctx, alice, { method: 'POST', url: `/api/shipments/${s.uniqueId}/activate`, payload: { serviceId: 'no-such-service' } });
    expect(unknown.statusCode).toBe(409);

    const activated = await as(ctx, alice, { method: 'POST', url: `/api/shipments/${s.uniqueId}/activate`, payload: { serviceId: offer.serviceId } });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().shipment).toMatchObject({ serviceName: offer.serviceName, chooseService: false, canActivate: false, price: offer.price });
    expect(activated.json().shipment.awb).toBeTruthy();
    expect(await balance(alice)).toBe((1000 - Number(offer.price)).toFixed(2));
    // Activated: no offers to choose any more.
    expect((await as(ctx, alice, { method: 'GET', url: `/api/shipments/${s.uniqueId}/offers` })).statusCode).toBe(409);
  });
});

describe('saved drafts are changed and deleted before activation (Defects 10)', () => {
  const put = (u: TestUser, uniqueId: string, payload: object) => as(ctx, u, { method: 'PUT', url: `/api/shipments/${uniqueId}`, payload });
  const del = (u: TestUser, uniqueId: string) => as(ctx, u, { method: 'DELETE', url: `/api/shipments/${uniqueId}` });
  const parcels = { packages: [{ type: 'parcel', weight: 4.2, length: 50, width: 40, height: 30 }, { type: 'parcel', weight: 0.5, length: 20, width: 15, height: 5 }], content: 'Pantofi' };

  it('changes a draft’s parcels and content; its priced service is dropped and offered again', async () => {
    const { alice } = await twoUsers(ctx);
    const offer = await standardOffer(alice);
    const saved = (await create(alice, { ...draft(), serviceId: offer.serviceId, requestKey: key() })).json().shipment;
    expect(saved).toMatchObject({ canActivate: true, serviceName: expect.any(String), price: offer.price });

    const res = await put(alice, saved.uniqueId, parcels);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: m.draftUpdated });
    expect(res.json().shipment).toMatchObject({
      packages: parcels.packages,
      content: 'Pantofi',
      parcelCount: 2,
      serviceName: null,
      price: null,
      canActivate: false,
      chooseService: true,
      status: { code: 'draft' },
      clientReference: 'CMD-1001',
    });
    const again = await as(ctx, alice, { method: 'GET', url: `/api/shipments/${saved.uniqueId}/offers` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().offers.length).toBeGreaterThan(0);
  });

  it('validates the parcels and the content with field messages', async () => {
    const { alice } = await twoUsers(ctx);
    const saved = (await create(alice, { ...draft(), requestKey: key() })).json().shipment;
    const bad = await put(alice, saved.uniqueId, { packages: [{ type: 'parcel', weight: 0, length: 30, width: 20, height: 1 }], content: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ 'packages.0.weight': m.weightMin, 'packages.0.height': m.heightMin, content: m.contentRequired });
    const none = await put(alice, saved.uniqueId, { packages: [], content: 'Carti' });
    expect(none.json().errors).toMatchObject({ packages: m.packagesRequired });
    const twoEnvelopes = await put(alice, saved.uniqueId, { packages: [{ type: 'envelope', weight: 0.2, length: 20, width: 20, height: 3 }, { type: 'envelope', weight: 0.2, length: 20, width: 20, height: 3 }], content: 'Acte' });
    expect(twoEnvelopes.json().errors).toMatchObject({ packages: m.envelopeSingle });
    // Nothing was changed by the refused calls.
    const detail = (await as(ctx, alice, { method: 'GET', url: `/api/shipments/${saved.uniqueId}` })).json().shipment;
    expect(detail).toMatchObject({ packages: draft().packages, content: 'Carti' });
  });

  const detailOf = async (u: TestUser, uniqueId: string) => (await as(ctx, u, { method: 'GET', url: `/api/shipments/${uniqueId}` })).json().shipment;
  const moved = { ...recipient, contactName: 'Ioana Noua', contactPhone: '+40744555666', number: '155' };

  it('changes the whole draft as the new-shipment page sends it: the recipient, cash on delivery, its kept service priced again', async () => {
    const { alice } = await twoUsers(ctx);
    const offer = await standardOffer(alice);
    const saved = (await create(alice, { ...draft(), serviceId: offer.serviceId, requestKey: key() })).json().shipment;
    const edited = draft({ recipient: moved, options: { ...noOptions, cod: { active: true, amount: 275.4 }, openAtDelivery: true }, clientReference: 'CMD-2002' });
    const res = await put(alice, saved.uniqueId, { ...edited, serviceId: offer.serviceId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: m.draftEdited });
    const after = await detailOf(alice, saved.uniqueId);
    expect(after).toMatchObject({
      uniqueId: saved.uniqueId,
      status: { code: 'draft' },
      recipientAddress: { contactName: 'Ioana Noua', phone: '+40744555666', line: expect.stringContaining('155') },
      senderAddress: { contactName: 'Ana Expeditor' },
      options: { cod: '275.40', openAtDelivery: true },
      clientReference: 'CMD-2002',
      // Still offered for the changed draft: kept, and ready to activate.
      serviceName: expect.any(String),
      canActivate: true,
    });
    // One shipment: the draft changed in place, found under its new recipient's name.
    const list = (await as(ctx, alice, { method: 'GET', url: '/api/shipments?q=Ioana%20Noua' })).json().list as { uniqueId: string }[];
    expect(list.map((s) => s.uniqueId)).toEqual([saved.uniqueId]);
    // The new-shipment page's edit mode reads it back as its form holds it.
    const form = await as(ctx, alice, { method: 'GET', url: `/api/shipments/${saved.uniqueId}/draft` });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({
      kind: 'shipment',
      serviceId: offer.serviceId,
      draft: { recipient: { contactName: 'Ioana Noua', contactPhone: '+40744555666', number: '155', city: 'Sectorul 1' }, options: { cod: { active: true, amount: 275.4 }, openAtDelivery: true }, clientReference: 'CMD-2002', packages: edited.packages },
    });
    // A service the changed draft is not offered is dropped: the page asks for one again.
    const dropped = await put(alice, saved.uniqueId, { ...edited, serviceId: 'nu-exista' });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().shipment).toMatchObject({ serviceName: null, price: null, canActivate: false, chooseService: true });
  });

  it('checks the whole draft like a new shipment: the same field messages, and nothing changes', async () => {
    const { alice } = await twoUsers(ctx);
    const saved = (await create(alice, { ...draft(), requestKey: key() })).json().shipment;
    const before = await detailOf(alice, saved.uniqueId);
    const bad = draft({ recipient: { ...recipient, contactPhone: '12' }, options: { ...noOptions, cod: { active: true, amount: -5 } } });
    const res = await put(alice, saved.uniqueId, bad);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string>;
    expect(errors).toMatchObject({ 'recipient.contactPhone': expect.any(String), 'options.cod.amount': m.amountInvalid });
    // The new-shipment page's own answer for the same draft.
    expect(errors).toEqual((await offers(alice, bad)).json().errors);
    const nowhere = await put(alice, saved.uniqueId, draft({ recipient: { ...recipient, city: 'Nicaieri' } }));
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toMatchObject({ 'recipient.city': messages.address.cityInvalid });
    expect(await detailOf(alice, saved.uniqueId)).toEqual(before);
  });

  it('corrects a return’s sender (the customer); another client’s draft is 404, an activated one 409', async () => {
    const { alice, bob } = await twoUsers(ctx);
    await topUp(alice, 100_000);
    const saved = (await create(alice, { ...draft(), requestKey: key() })).json().shipment;
    await ctx.database.db.update(shipments).set({ kind: 'return' }).where(eq(shipments.uniqueId, saved.uniqueId));
    const customer = { ...sender, contactName: 'Maria Clienta', contactPhone: '+40755111222', contactEmail: 'maria@example.com' };
    expect((await put(bob, saved.uniqueId, draft({ sender: customer }))).statusCode).toBe(404);
    const res = await put(alice, saved.uniqueId, draft({ sender: customer }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await detailOf(alice, saved.uniqueId)).toMatchObject({ senderAddress: { contactName: 'Maria Clienta', phone: '+40755111222', email: 'maria@example.com' } });
    // The merchant finds the return by its customer's corrected name.
    const found = (await as(ctx, alice, { method: 'GET', url: '/api/shipments?q=Maria%20Clienta' })).json().list as { uniqueId: string }[];
    expect(found.map((s) => s.uniqueId)).toEqual([saved.uniqueId]);

    const active = await activeShipment(alice);
    const refused = await put(alice, active.uniqueId, draft({ recipient: moved }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: m.notEditable, code: 'notDraft' });
    expect((await as(ctx, alice, { method: 'GET', url: `/api/shipments/${active.uniqueId}/draft` })).statusCode).toBe(409);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/shipments/${saved.uniqueId}/draft` })).statusCode).toBe(404);
  });

  it('keeps a sender from the address book (and its pick-up point discount) when the edited draft sends it back unchanged', async () => {
    const alice = await createUser(ctx);
    const book = await as(ctx, alice, { method: 'POST', url: '/api/address', payload: { ...sender, shortName: 'Depozit' } });
    const addressId = book.json().address.id as number;
    const plain = (await offers(alice, draft())).json().offers as { serviceId: string; courierId: string; type: string; price: string }[];
    const choice = plain.find((o) => o.type === 'standard')!;
    await ctx.database.db.insert(pickupPoints).values({ userId: alice.id, addressId, courierId: choice.courierId, enabled: true, printerAvailable: true, estimatedOrdersCount: 10, discountPercent: 10, approvedAt: new Date() });
    const saved = (await create(alice, { ...draft({ sender: { addressId } }), requestKey: key() })).json().shipment;
    // The edit page sends the sender back as its form holds it (typed), the recipient changed.
    const form = (await as(ctx, alice, { method: 'GET', url: `/api/shipments/${saved.uniqueId}/draft` })).json();
    const res = await put(alice, saved.uniqueId, { ...form.draft, sender: { ...form.draft.sender, saveAs: null }, recipient: moved, serviceId: choice.serviceId });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.json().shipment.price)).toBeCloseTo(Number(choice.price) * 0.9, 1);
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, saved.uniqueId));
    expect(row!.sender.addressId).toBe(addressId);
    // A sender changed on the page is a typed address of its own.
    const changed = await put(alice, saved.uniqueId, { ...form.draft, sender: { ...form.draft.sender, contactName: 'Alt Expeditor' }, recipient: moved });
    expect(changed.statusCode, changed.body).toBe(200);
    const [after] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, saved.uniqueId));
    expect(after!.sender).toMatchObject({ addressId: null, contactName: 'Alt Expeditor' });
  });

  it('deletes a draft; another client’s draft is 404; an activated shipment is neither changed nor deleted (409)', async () => {
    const { alice, bob } = await twoUsers(ctx);
    await topUp(alice, 100_000);
    const saved = (await create(alice, { ...draft(), requestKey: key() })).json().shipment;
    expect((await put(bob, saved.uniqueId, parcels)).statusCode).toBe(404);
    expect((await del(bob, saved.uniqueId)).statusCode).toBe(404);
    expect((await del(alice, 'NUEXISTA1234')).statusCode).toBe(404);

    const offer = await standardOffer(alice);
    const active = (await create(alice, { ...draft(), serviceId: offer.serviceId, activate: true, requestKey: key() })).json().shipment;
    expect(active.status.code).toBe('created');
    for (const res of [await put(alice, active.uniqueId, parcels), await del(alice, active.uniqueId)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: m.notEditable, code: 'notDraft' });
    }

    const removed = await del(alice, saved.uniqueId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: m.draftDeleted });
    expect((await as(ctx, alice, { method: 'GET', url: `/api/shipments/${saved.uniqueId}` })).statusCode).toBe(404);
    expect((await del(alice, saved.uniqueId)).statusCode).toBe(404);
    const list = (await as(ctx, alice, { method: 'GET', url: '/api/shipments' })).json().list as { uniqueId: string }[];
    expect(list.map((s) => s.uniqueId)).toEqual([active.uniqueId]);
  });
});

describe('SMS to the recipient at pick-up (spec 000 pickUpRecipientNotify)', () => {
  const later = () =>
    shipmentsService({
      database: ctx.database,
      network: simulatedCourierNetwork(ctx.database),
      billing: shipmentBilling(invoicingDepsOf(ctx.config)),
      now: () => new Date(Date.now() + 10 * 86_400_000),
    });
  const smsOf = async (u: TestUser) =>
    (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, u.id))).filter((r) => r.channel === 'sms');
  const withSecondPhone = async (u: TestUser) => {
    const offer = await standardOffer(u);
    const res = await create(u, { ...draft({ recipient: { ...recipient, contactPhone2: '+40744000003' } }), serviceId: offer.serviceId, requestKey: key(), activate: true });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('queues one SMS to the recipient once the courier picked the parcel up, and lists it in the outbox', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    await withSecondPhone(alice);
    expect(await smsOf(alice)).toHaveLength(0);
    await later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    await later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    const sms = await smsOf(alice);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.kind).toBe('pickUpRecipientNotify');
    // The default settings: the first phone only.
    expect(sms[0]!.to).toEqual(['+40733000002']);
    expect(sms[0]!.text).toMatch(/^Colete Online: coletul de la Ana Expeditor a fost preluat de .+, AWB \S+\. Va fi livrat in Sectorul 1\.$/);
    expect(sms[0]!.text.length).toBeLessThanOrEqual(160);
    const outbox = (await as(ctx, alice, { method: 'GET', url: '/api/user/mail/outbox' })).json();
    const listed = outbox.list.find((x: { channel: string }) => x.channel === 'sms');
    expect(listed).toMatchObject({ kind: 'pickUpRecipientNotify', to: ['+40733000002'], subject: expect.stringMatching(/^Colete Online: coletul de la Ana Expeditor/) });
  });

  it('follows the SMS settings: the second phone too when asked, nothing when switched off', async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    await topUp(alice, 100_000);
    await topUp(bob, 100_000);
    const settings = (enabled: boolean, secondPhoneAlso: boolean) => ({ settings: { pickUpRecipientNotify: { enabled: { value: enabled }, secondPhoneAlso: { value: secondPhoneAlso } } } });
    expect((await as(ctx, alice, { method: 'POST', url: '/api/user/settings/sms', payload: settings(true, true) })).statusCode).toBe(200);
    expect((await as(ctx, bob, { method: 'POST', url: '/api/user/settings/sms', payload: settings(false, false) })).statusCode).toBe(200);
    await withSecondPhone(alice);
    await withSecondPhone(bob);
    await later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    const sms = await smsOf(alice);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toEqual(['+40733000002', '+40744000003']);
    expect(await smsOf(bob)).toHaveLength(0);
  });
});

describe('who sees what', () => {
  it('another client gets 404 on the shipment, its label, tracking, cancel and activation', async () => {
    const { alice, bob } = await twoUsers(ctx);
    await topUp(alice, 100_000);
    const s = await activeShipment(alice);
    for (const [method, url] of [
      ['GET', `/api/shipments/${s.uniqueId}`],
      ['GET', `/api/shipments/${s.uniqueId}/tracking`],
      ['GET', `/api/order-auth/print/${s.uniqueId}/A4`],
      ['POST', `/api/shipments/${s.uniqueId}/cancel`],
      ['POST', `/api/shipments/${s.uniqueId}/activate`],
    ] as const) {
      expect((await as(ctx, bob, { method, url })).statusCode, url).toBe(404);
    }
    expect((await as(ctx, bob, { method: 'GET', url: '/api/shipments' })).json().total).toBe(0);
    expect((await as(ctx, null, { method: 'GET', url: '/api/shipments' })).statusCode).toBe(401);
  });

  it('uses only the client’s own address book entries', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const saved = await as(ctx, alice, { method: 'POST', url: '/api/address', payload: { ...sender, shortName: 'Depozit' } });
    const id = saved.json().address?.id;
    expect(id, saved.body).toBeTruthy();
    expect((await offers(alice, draft({ sender: { addressId: id } }))).statusCode).toBe(200);
    expect((await offers(bob, draft({ sender: { addressId: id } }))).statusCode).toBe(404);
  });

  it('gives an approved pick-up point’s discount on offers sent from its address, and records its use', async () => {
    const alice = await createUser(ctx);
    await topUp(alice, 100_000);
    const saved = await as(ctx, alice, { method: 'POST', url: '/api/address', payload: { ...sender, shortName: 'Depozit' } });
    const addressId = saved.json().address.id as number;
    const plain = (await offers(alice, draft())).json().offers as { serviceId: string; courierId: string; type: string; price: string; discountPercent: number }[];
    const courierId = plain[0]!.courierId;
    await ctx.database.db.insert(pickupPoints).values({ userId: alice.id, addressId, courierId, enabled: true, printerAvailable: true, estimatedOrdersCount: 10, discountPercent: 10, approvedAt: new Date() });
    const withPoint = (await offers(alice, draft({ sender: { addressId } }))).json().offers as typeof plain;
    for (const o of withPoint) {
      const before = plain.find((p) => p.serviceId === o.serviceId)!;
      if (o.courierId === courierId) {
        expect(o.discountPercent).toBe(10);
        expect(Number(o.price)).toBeCloseTo(Number(before.price) * 0.9, 1);
      } else expect(o).toMatchObject({ discountPercent: 0, price: before.price });
    }
    const choice = withPoint.find((o) => o.courierId === courierId && o.type === 'standard')!;
    const res = await create(alice, { ...draft({ sender: { addressId } }), serviceId: choice.serviceId, requestKey: key(), activate: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipment.price).toBe(choice.price);
    const [point] = await ctx.database.db.select().from(pickupPoints).where(eq(pickupPoints.userId, alice.id));
    expect(point!.lastUsedAt).not.toBeNull();
  });

  it('lets an admin create and list a selected client’s shipments', async () => {
    const client = await createUser(ctx);
    await topUp(client, 100_000);
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const offer = await standardOffer(client);
    const res = await as(ctx, admin, {
      method: 'POST',
      url: `/api/shipments?selectedClient=${client.id}`,
      payload: { ...draft(), serviceId: offer.serviceId, requestKey: key(), activate: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(ctx, client, { method: 'GET', url: '/api/shipments' })).json().total).toBe(1);
    expect((await as(ctx, admin, { method: 'GET', url: '/api/shipments' })).json().total).toBe(0);
  });

  it('reads list dates as Bucharest days', () => {
    expect(bucharestDayStart('2026-11-22').toISOString()).toBe('2026-11-21T22:00:00.000Z');
    expect(bucharestDayStart('2026-07-01').toISOString()).toBe('2026-06-30T21:00:00.000Z');
  });
});

describe('demo shipments', () => {
  it('gives the demo client months of shipments in every state, some with cash on delivery, once', async () => {
    const demo = await createTestApp();
    try {
      await loadNomenclature(demo.database);
      await seedDemo(demo.database, { invoicing: invoicingService({ database: demo.database, ...invoicingDepsOf(demo.config) }) });
      const network = simulatedCourierNetwork(demo.database);
      const count = 30;
      const made = await seedDemoShipments(demo.database, { shipments: shipmentsService({ database: demo.database, network, billing: shipmentBilling(invoicingDepsOf(demo.config)) }) }, count);
      // Every demo shipment the seed asks for is made: none is refused by the simulator.
      expect(made).toBe(count);
      expect(await seedDemoShipments(demo.database, demo.app.services)).toBe(0);
      const rows = await demo.database.db.select().from(shipments);
      const statuses = new Set(rows.map((r) => r.status));
      for (const s of ['draft', 'delivered', 'cancelled']) expect(statuses).toContain(s);
      expect(rows.some((r) => ['created', 'picked_up', 'in_transit', 'out_for_delivery'].includes(r.status))).toBe(true);
      expect(rows.filter((r) => r.options.codBani !== null).length).toBeGreaterThan(10);
      const oldest = Math.min(...rows.map((r) => r.createdAt.getTime()));
      expect(Date.now() - oldest).toBeGreaterThan(60 * 86_400_000);
      // Seeded quietly: no notification mail besides the demo outbox (its lifecycle events tell nobody).
      await deliverLifecycleEvents(demo.database);
      const mails = await demo.database.db.select().from(mailOutbox);
      expect(mails.every((x) => x.kind !== 'sendOrderConfirmationToSender')).toBe(true);
      // The balance stays above the demo subscription's trigger (200 lei).
      const [client] = await demo.database.db.select().from(users).where(eq(users.email, 'client@demo.ro'));
      const [sum] = await demo.database.db.select({ total: sql<string>`sum(${ledgerEntries.amountBani})` }).from(ledgerEntries).where(eq(ledgerEntries.userId, client!.id));
      expect(Number(sum!.total)).toBeGreaterThan(20_000);
    } finally {
      await demo.close();
    }
  });
});
