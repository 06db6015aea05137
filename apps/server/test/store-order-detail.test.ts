import { randomUUID } from 'node:crypto';
import { storeOrderPath, type TStoreOrderDetail } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments, storeAccounts, storeShopOrders } from '../src/db/schema.js';
import { SIM_DEMO_SHOP as SHOP } from '../src/integrations/store/shopify-app.js';
import { betterLocationsOf, locationsForMoveOf, moveOptionsOf } from '../src/modules/store/store-order-locations.js';
import { splitAdditionalInfo } from '../src/modules/store/store-recipient.js';
import type { ShopFulfillmentOrder } from '../src/modules/store/index.js';
import { connectDemoShop } from '../src/modules/store/index.js';
import { as, createUser, type TestContext, type TestUser } from './helper.js';
import { storeTestApp, type StoreTestApp } from './support/store-app.js';

/*
 * The store order page's data (issue 13, spec 002 section 3 "Store order (detail)"): the demo shop's
 * orders as the page shows them (several locations, holds, partly fulfilled, fulfilled elsewhere,
 * a shipment made here), the recipient corrected through the nomenclature, the sender, the first
 * packing, and who may read an order.
 */

let app: StoreTestApp;
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let account: number;

beforeAll(async () => {
  app = await storeTestApp();
  ({ ctx, alice, bob, account } = app);
}, 60_000);
afterAll(async () => app?.close());

const gid = (n: number) => `gid://shopify/Order/${n}`;
const get = (user: TestUser, number: number | string, clientId = account) =>
  as(ctx, user, { method: 'GET', url: `/api/${storeOrderPath(clientId, typeof number === 'number' ? gid(number) : number)}` });
async function orderOf(number: number, user = alice) {
  const res = await get(user, number);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { order: TStoreOrderDetail }).order;
}

describe('an order’s awaiting parts', () => {
  it('#1002 leaves from two locations: two cards, both locations used (the warning)', async () => {
    const order = await orderOf(1002);
    expect(order.shopifyGraphQLId).toBe(gid(1002));
    expect(order.orderDisplayName).toBe('#1002');
    const awaiting = order.shippingOrders.awaitingFulfillment;
    expect(awaiting.map((fo) => fo.fromLocation.shopifyAddress.name)).toEqual(['Depozit Bucuresti', 'Depozit Cluj']);
    expect(order.shippingLocations.usedLocationIds).toEqual(['gid://shopify/Location/1', 'gid://shopify/Location/2']);
    // Each location lacks the other's product: no single location sends it all.
    expect(order.shippingLocations.betterLocations).toEqual([]);
    expect(order.shippingOrders.fulfilled).toEqual([]);

    const first = awaiting[0]!;
    expect(first.fromLocation.shopifyAddress.location).toEqual({ id: 'gid://shopify/Location/1', legacyResourceId: '1', address: { formatted: ['Strada Fabrica de Glucoza 5', '020331 Bucuresti', 'Romania'] } });
    // No address book: the location's own address, read through the nomenclature.
    expect(first.fromLocation.internalAddress).toMatchObject({ addressId: null, mutationId: null, validationStrategy: 'LOCATION', contact: { name: 'Depozit Bucuresti', phone: '+40722100200' } });
    expect(first.fromLocation.internalAddress!.address).toMatchObject({ addressCity: 'Sectorul 2', addressCountyCode: 'B', addressStreet: 'Șoseaua Fabrica de Glucoză', addressNumber: '5' });
    // Products by variant, weights in kilograms; one package with every line (2 x 1.1 kg), 10 x 10 x 10 cm.
    const line = first.lineItems[0]!;
    expect(line).toMatchObject({ title: 'Set cutite', quantity: 2, variantId: 'gid://shopify/ProductVariant/90041', legacyVariantId: '90041' });
    expect(first.products[line.variantId!]).toMatchObject({ name: 'Set cutite', sku: 'CUTITE-5', weight: 1.1, priceBani: 24900, productId: 'gid://shopify/Product/9004', productMutation: null });
    expect(first.packing).toMatchObject({
      type: 'parcel',
      valid: true,
      content: 'Set cutite',
      postponedProducts: [],
      list: [{ weight: 2.2, width: 10, length: 10, height: 10, metadata: [{ product: { id: line.variantId }, quantity: 2 }], manuallyAdded: false, calculatedAutomatically: true }],
    });
    expect(first.extraOptions.insurance).toEqual({ active: false, amount: 0 });
  });

  it('#1004 is on hold: the hold and its note come with the card', async () => {
    const order = await orderOf(1004);
    const [fo] = order.shippingOrders.awaitingFulfillment;
    expect(fo!.status).toBe('ON_HOLD');
    expect(fo!.fulfillmentHolds).toEqual([{ reason: 'OTHER', reasonNotes: 'Clientul a cerut livrarea dupa data de 15.' }]);
    // Cash on delivery collects the order's total.
    expect(order.payment.hasCashOnDelivery).toBe(true);
    expect(fo!.extraOptions.repayment.account).toEqual({ active: true, amount: order.price.totalBani });
  });

  it('#1005 is partly fulfilled: the rest awaits, the sent line is a fulfilled part made elsewhere', async () => {
    const order = await orderOf(1005);
    const [fo] = order.shippingOrders.awaitingFulfillment;
    expect(fo!.status).toBe('IN_PROGRESS');
    expect(fo!.lineItems.map((l) => l.title)).toEqual(['Cana ceramica - Albastra']);
    expect(order.shippingOrders.fulfilled).toMatchObject([{ name: '#1005-F1', lineItems: [{ title: 'Rucsac oras - Negru', quantity: 1 }], internalOrder: null, status: 'PARTIALLY_FULFILLED' }]);
  });

  it('#1007 was fulfilled elsewhere: nothing awaits, the part has no platform shipment', async () => {
    const order = await orderOf(1007);
    expect(order.shippingOrders.awaitingFulfillment).toEqual([]);
    expect(order.shippingLocations.usedLocationIds).toEqual([]);
    const [part] = order.shippingOrders.fulfilled;
    expect(part).toMatchObject({ name: '#1007-F1', internalOrder: null, status: 'FULFILLED' });
    expect(part!.lineItems.length).toBeGreaterThan(0);
    expect(part!.dateTime).not.toBeNull();
  });

  it('#1008 was cancelled: nothing awaits and nothing was sent', async () => {
    const order = await orderOf(1008);
    expect(order.cancelled).toBe(true);
    expect(order.shippingOrders).toEqual({ awaitingFulfillment: [], fulfilled: [] });
  });

  it('a shipment made here from the fulfillment order fills the part’s internalOrder', async () => {
    const party = { contactName: 'Depozit Bucuresti', contactCompany: null, contactPhone: '+40722100200', contactPhone2: null, contactEmail: null, addressCountryCode: 'RO', addressCountyCode: 'B', addressCounty: 'Bucuresti', addressCity: 'Sectorul 2', addressPostalCode: '020331', addressStreet: 'Strada Fabrica de Glucoza', addressNumber: '5', addressBlock: null, addressEntrance: null, addressIntercom: null, addressFloor: null, addressApartment: null, addressAdditionalInfo: null, addressId: null };
    const uniqueId = randomUUID().replace(/-/g, '').slice(0, 12);
    await ctx.database.db.insert(shipments).values({
      uniqueId,
      userId: alice.id,
      status: 'in_transit',
      sender: party,
      recipient: { ...party, contactName: 'Vlad Georgescu', addressCity: 'Brașov', addressCountyCode: 'BV', addressCounty: 'Brasov', addressPostalCode: '500059' },
      packages: [{ type: 'parcel', weightGrams: 2000, lengthCm: 10, widthCm: 10, heightCm: 10 }],
      content: 'Lampa de birou',
      options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
      courierId: 'rapidcarpati',
      serviceId: 'rapidcarpati:standard',
      serviceName: 'Standard',
      awb: `RC${Date.now()}`,
      storeAccountId: account,
      storeOrderId: gid(1007),
      storeOrderName: '#1007',
      storeFulfillmentOrderId: 'gid://shopify/FulfillmentOrder/10071',
      activatedAt: new Date(),
    });
    const order = await orderOf(1007);
    const [part] = order.shippingOrders.fulfilled;
    expect(part!.internalOrder).toMatchObject({
      uniqueId,
      awb: { main: expect.stringMatching(/^RC/) },
      status: { text: 'In tranzit', color: 'info' },
      addresses: { from: { contactName: 'Depozit Bucuresti', addressCity: 'Sectorul 2' }, to: { contactName: 'Vlad Georgescu', addressCity: 'Brașov' } },
      forwarder: { name: 'Rapid Carpati', serviceName: { firstPart: 'Standard' } },
    });
    expect(part!.internalOrder!.labelFormats.length).toBeGreaterThan(0);
    // Another client with the same shop does not see Alice's shipment: the rows are the client's own.
    const erin = await createUser(ctx);
    const erinAccount = await connectDemoShop(ctx.database.db, erin.id, ctx.config.tokenEncryptionKey);
    const theirs = (await get(erin, 1007, erinAccount)).json() as { order: TStoreOrderDetail };
    expect(theirs.order.shippingOrders.fulfilled[0]!.internalOrder).toBeNull();
    await ctx.database.db.delete(shipments).where(eq(shipments.uniqueId, uniqueId));
  });
});

describe('the recipient', () => {
  it('is corrected through the nomenclature, with what was corrected and what is still wrong', async () => {
    // #1007: Brasov with Timisoara's postal code.
    const brasov = (await orderOf(1007)).shippingTo;
    expect(brasov.shopifyAddress).toMatchObject({ city: 'Brașov', zip: '300001', provinceCode: 'BV', address1: 'Strada Lungă 150' });
    expect(brasov.internalAddress.address).toMatchObject({ city: 'Brașov', countyCode: 'BV', postalCode: '500059', street: 'Strada Lungă', number: '150', countryCode: 'RO' });
    expect(brasov.internalAddress.contact).toEqual({ name: 'Vlad Georgescu', phone: '+40722111007', email: 'vlad.georgescu@exemplu.ro', company: '' });
    expect(brasov.errors[0]!.type).toBe('CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR');
    expect(brasov.errors[0]!.suggestions[0]).toMatchObject({ type: 'CHANGE_DEFAULT', values: { city: 'Brașov', county: 'BV' } });
    // #1002: a street without a number.
    const sibiu = (await orderOf(1002)).shippingTo;
    expect(sibiu.errors).toEqual([{ type: 'NUMBER_ERROR', suggestions: [] }]);
    // #1004: 'Sector 3' as the city; the block, staircase and flat go to their own fields.
    const sector = (await orderOf(1004)).shippingTo;
    expect(sector.errors).toEqual([]);
    expect(sector.info.map((i) => i.message)).toContain('Localitatea a fost corectata in Sectorul 3.');
    expect(sector.internalAddress.address).toMatchObject({ city: 'Sectorul 3', countyCode: 'B', number: '14', building: 'M3', entrance: '1', apartment: '22', additionalInfo: '' });
  });

  it('is corrected once per order version and kept in the store’s copy with the list’s verdict; an order the shop changed is corrected again', async () => {
    const where = and(eq(storeShopOrders.shop, SHOP), eq(storeShopOrders.orderId, gid(1003)));
    const kept = async () => (await ctx.database.db.select().from(storeShopOrders).where(where))[0];
    const first = await orderOf(1003);
    const row = await kept();
    expect(row?.recipient).toEqual(first.shippingTo);
    expect(row).toMatchObject({ needsAddressFix: first.shippingTo.errors.length > 0, detailVersion: row!.version, stale: false });
    // The second read answers the copy (its recipient marked here), without reading the shop or correcting again.
    const marked = structuredClone(first.shippingTo);
    marked.internalAddress.contact.name = 'Corectat o data';
    await ctx.database.db.update(storeShopOrders).set({ recipient: marked }).where(where);
    expect((await orderOf(1003)).shippingTo).toEqual(marked);
    expect((await kept())?.syncedAt).toEqual(row!.syncedAt);
    // The shop changed it (a webhook marked it): read again, corrected again and replaced.
    await ctx.database.db.update(storeShopOrders).set({ stale: true }).where(where);
    expect((await orderOf(1003)).shippingTo).toEqual(first.shippingTo);
    expect(await kept()).toMatchObject({ stale: false, recipient: first.shippingTo });
    // A copy of an older version of the order (only its summary was read again since) is read whole again.
    await ctx.database.db.update(storeShopOrders).set({ recipient: marked, detailVersion: '2000-01-01T00:00:00Z' }).where(where);
    expect((await orderOf(1003)).shippingTo).toEqual(first.shippingTo);
    expect((await kept())?.detailVersion).toBe(row!.version);
  });

  it('reads block, staircase, floor and flat out of the additional information', () => {
    expect(splitAdditionalInfo('Bl. A2, Sc. B, Et. 3, Ap. 14, langa scoala')).toEqual({ building: 'A2', entrance: 'B', floor: '3', apartment: '14', intercom: '', additionalInfo: 'langa scoala' });
    expect(splitAdditionalInfo('')).toMatchObject({ building: '', additionalInfo: '' });
  });
});

describe('the sender', () => {
  it('is the client’s default address-book entry when there is one (DEFAULT_ADDRESS)', async () => {
    const carol = await createUser(ctx, { name: 'Carol Magazin SRL' });
    const carolAccount = await connectDemoShop(ctx.database.db, carol.id, ctx.config.tokenEncryptionKey);
    const made = await as(ctx, carol, {
      method: 'POST',
      url: '/api/address',
      payload: { shortName: 'Depozit Cluj', contactName: 'Mihai Pop', contactPhone: '0722123456', countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '28' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = (made.json() as { address: { id: number } }).address.id;
    const res = await get(carol, 1002, carolAccount);
    expect(res.statusCode, res.body).toBe(200);
    const [fo] = (res.json() as { order: TStoreOrderDetail }).order.shippingOrders.awaitingFulfillment;
    expect(fo!.fromLocation.internalAddress).toMatchObject({ addressId: id, validationStrategy: 'DEFAULT_ADDRESS', locationId: 'gid://shopify/Location/1', contact: { name: 'Mihai Pop' }, address: { addressCity: 'Cluj-Napoca' } });
    expect(fo!.fromLocation.errors).toEqual([]);
  });
});

describe('who may read an order', () => {
  it('another client’s store, or an unknown one, is not found', async () => {
    for (const res of [await get(bob, 1002), await get(alice, 1002, 2_000_000)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Magazinul nu a fost gasit!' });
    }
  });

  it('an order the shop does not have is not found, with its own message', async () => {
    const res = await get(alice, 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Comanda nu a fost gasita in magazin!' });
  });

  it('a disconnected store answers 400 with the store check message', async () => {
    const dan = await createUser(ctx);
    const danAccount = await connectDemoShop(ctx.database.db, dan.id, ctx.config.tokenEncryptionKey);
    await ctx.database.db.update(storeAccounts).set({ status: 'DISCONNECTED', accessTokenEnc: null }).where(eq(storeAccounts.id, danAccount));
    const res = await get(dan, 1002, danAccount);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Magazinul nu este conectat. Conectati-l din nou din pagina Magazine online.' });
  });

  it('the id may come encoded once too', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: `/api/user/integration/shopify/order/${account}/${encodeURIComponent(gid(1001))}` });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('moving and better locations (from Shopify’s locationsForMove)', () => {
  const L = (n: number) => `gid://shopify/Location/${n}`;
  const names: Record<number, string> = { 1: 'Depozit Bucuresti', 2: 'Depozit Cluj', 3: 'Magazin Iasi' };
  const fo = (at: number, movableTo: number[], actions = ['CREATE_FULFILLMENT', 'MOVE']): ShopFulfillmentOrder => ({
    id: `gid://shopify/FulfillmentOrder/${at}`,
    status: 'OPEN',
    requestStatus: 'UNSUBMITTED',
    fulfillAt: null,
    updatedAt: '2026-11-01T00:00:00Z',
    location: { id: L(at), name: names[at]! },
    lineItems: [],
    holds: [],
    supportedActions: actions,
    locationsForMove: [1, 2, 3].map((n) => ({ id: L(n), name: names[n]!, movable: movableTo.includes(n), message: n === at ? 'Current location.' : movableTo.includes(n) ? null : 'No inventory at this location.' })),
  });

  it('a location that stocks everything would send the order from one place', () => {
    const better = betterLocationsOf([fo(1, [2]), fo(2, [])]);
    expect(better).toEqual([{ locationId: L(2), name: 'Depozit Cluj', newLocationsCount: 1, canFulfillAllOrders: true }]);
    expect(betterLocationsOf([fo(1, []), fo(2, [])])).toEqual([]);
    // One location is never improved on.
    expect(betterLocationsOf([fo(1, [2])])).toEqual([]);
  });

  it('the card offers the other locations, and moving when one is movable and Shopify allows it', () => {
    expect(moveOptionsOf(fo(1, [2]))).toEqual({
      hasViableLocationsForMove: true,
      possibleLocationsForMove: [
        { locationId: L(2), name: 'Depozit Cluj', movable: true, message: null },
        // Shopify's reason, as the page shows it (moveReason).
        { locationId: L(3), name: 'Magazin Iasi', movable: false, message: 'Locatia nu are in stoc toate produsele.' },
      ],
    });
    expect(moveOptionsOf(fo(1, [])).hasViableLocationsForMove).toBe(false);
    expect(moveOptionsOf(fo(1, [2], ['CREATE_FULFILLMENT']))).toEqual({ hasViableLocationsForMove: false, possibleLocationsForMove: [] });
    expect(locationsForMoveOf([fo(1, [2]), fo(2, [])])).toEqual({ [L(1)]: { name: 'Depozit Bucuresti' }, [L(2)]: { name: 'Depozit Cluj' }, [L(3)]: { name: 'Magazin Iasi' } });
  });
});
