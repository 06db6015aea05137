import { STORE_MUTATION_MESSAGES as M, locationMutationPath, messages, productMutationPath, storeOrderPath, type TAwaitingFulfillmentOrder, type TStoreOrderDetail } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, storeAccounts, storeLocationAssociations, storeProductDimensions } from '../src/db/schema.js';
import { associationsFor, connectDemoShop, dimensionsFor } from '../src/modules/store/index.js';
import { withSavedMutations } from '../src/modules/store/store-mutations.js';
import { as, createTestApp, twoUsers, type TestContext, type TestUser } from './helper.js';

/*
 * The order page's saved mutations (issue 13): a shop location's sender from the address book and a
 * variant's dimensions. Save, replace, delete; the validation's messages; another client's store,
 * saved row or address answers 404; parallel saves make one row; the order detail's look-ups.
 */

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let store: number;
let bobStore: number;
let home: number;
let warehouse: number;
let bobAddress: number;

const LOC = 'gid://shopify/Location/101';
const VARIANT = 'gid://shopify/ProductVariant/2001';

async function makeStore(userId: number, shop: string) {
  const [row] = await ctx.database.db.insert(storeAccounts).values({ userId, shop, name: shop, status: 'CONNECTED' }).returning();
  return row!.id;
}
async function makeAddress(userId: number, shortName: string, type = 1) {
  const [row] = await ctx.database.db
    .insert(addresses)
    .values({
      userId,
      shortName,
      contactName: 'Mihai Pop',
      contactPhone: '+40722123456',
      addressCountyCode: 'CJ',
      addressCounty: 'Cluj',
      addressCity: 'Cluj-Napoca',
      addressPostalCode: '400114',
      addressStreet: 'Strada Memorandumului',
      addressNumber: '28',
      type,
      searchText: shortName.toLowerCase(),
    })
    .returning();
  return row!.id;
}

const api = (p: string) => `/api/${p}`;
const associate = (u: TestUser, clientId: number, body: object) => as(ctx, u, { method: 'POST', url: api(locationMutationPath(clientId)), payload: body });
const saveDims = (u: TestUser, clientId: number, body: object) => as(ctx, u, { method: 'POST', url: api(productMutationPath(clientId)), payload: body });
const dims = (d: Partial<Record<'weight' | 'width' | 'length' | 'height', unknown>> = {}, variantId = VARIANT) => ({
  variantId,
  product: { type: 'default', identification: { id: 'gid://shopify/Product/20', sku: 'CANA-01', name: 'Cana ceramica' }, dimensions: { weight: 0.4, width: 10, length: 12, height: 9, ...d } },
});

beforeAll(async () => {
  ctx = await createTestApp();
  ({ alice, bob } = await twoUsers(ctx));
  store = await makeStore(alice.id, 'alice.myshopify.com');
  bobStore = await makeStore(bob.id, 'bob.myshopify.com');
  home = await makeAddress(alice.id, 'Acasa');
  warehouse = await makeAddress(alice.id, 'Depozit', 10);
  bobAddress = await makeAddress(bob.id, 'Bob');
}, 60_000);
afterAll(async () => ctx?.close());

describe('sender associations (location-mutation)', () => {
  it('saves, replaces in place and deletes an association; the order detail reads it', async () => {
    const first = await associate(alice, store, { shopifyLocationId: LOC, internalAddressId: home });
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json();
    expect(a).toMatchObject({ success: true, message: 'Adresa a fost salvata cu succes!', created: true, mutation: { shopifyLocationId: LOC, internalAddressId: home } });

    // The locked warehouse (the client's approved pick-up point) may send too; given by the legacy number, it is the same location.
    const second = await associate(alice, store, { shopifyLocationId: '101', internalAddressId: warehouse });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ message: 'Adresa a fost modificata cu succes!', created: false, mutation: { mutationId: a.mutation.mutationId, internalAddressId: warehouse } });

    const found = await associationsFor(ctx.database.db, store, [LOC, 'gid://shopify/Location/999']);
    expect([...found.keys()]).toEqual([LOC]);
    expect(found.get(LOC)).toMatchObject({ mutationId: a.mutation.mutationId, addressId: warehouse, shortName: 'Depozit', address: { contactName: 'Mihai Pop', addressCity: 'Cluj-Napoca' } });
    expect(found.get(LOC)!.fullAddress).toBe('Strada Memorandumului, Nr. 28');
    // Another store account of the same shop location id has none.
    expect((await associationsFor(ctx.database.db, bobStore, [LOC])).size).toBe(0);

    const del = await as(ctx, alice, { method: 'DELETE', url: api(locationMutationPath(a.mutation.mutationId)) });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true, message: M.associationDeleted });
    expect((await associationsFor(ctx.database.db, store, [LOC])).size).toBe(0);
    const again = await as(ctx, alice, { method: 'DELETE', url: api(locationMutationPath(a.mutation.mutationId)) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Asocierea adresei nu exista!');
  });

  it("another client's store, address or association answers 404", async () => {
    const bobs = await associate(bob, store, { shopifyLocationId: LOC, internalAddressId: bobAddress });
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json().message).toBe(messages.store.notFound);
    const foreignAddress = await associate(alice, store, { shopifyLocationId: LOC, internalAddressId: bobAddress });
    expect(foreignAddress.statusCode).toBe(404);
    expect(foreignAddress.json().message).toBe(messages.address.notFound);

    const own = (await associate(alice, store, { shopifyLocationId: 'gid://shopify/Location/102', internalAddressId: home })).json();
    const del = await as(ctx, bob, { method: 'DELETE', url: api(locationMutationPath(own.mutation.mutationId)) });
    expect(del.statusCode).toBe(404);
    expect((await associationsFor(ctx.database.db, store, ['gid://shopify/Location/102'])).size).toBe(1);
  });

  it('refuses a request without a location or address (400 with the field messages)', async () => {
    const res = await associate(alice, store, { shopifyLocationId: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ shopifyLocationId: 'Campul este obligatoriu!', internalAddressId: 'Campul este obligatoriu!' });
  });

  it('parallel saves of one location make one row', async () => {
    const loc = 'gid://shopify/Location/555';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => associate(alice, store, { shopifyLocationId: loc, internalAddressId: i % 2 ? home : warehouse })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((r) => r.json().created)).toHaveLength(1);
    expect(new Set(answers.map((r) => r.json().mutation.mutationId)).size).toBe(1);
    const rows = await ctx.database.db.select().from(storeLocationAssociations).where(eq(storeLocationAssociations.locationId, loc));
    expect(rows).toHaveLength(1);
  });

  it('deleting the address-book entry deletes its associations', async () => {
    const gone = await makeAddress(alice.id, 'Temporar');
    await associate(alice, store, { shopifyLocationId: 'gid://shopify/Location/777', internalAddressId: gone });
    await ctx.database.db.delete(addresses).where(eq(addresses.id, gone));
    expect((await associationsFor(ctx.database.db, store, ['gid://shopify/Location/777'])).size).toBe(0);
  });
});

describe('product dimensions (product-mutation)', () => {
  it('saves, replaces in place and deletes dimensions; the order detail reads them', async () => {
    const first = await saveDims(alice, store, dims());
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json();
    expect(a).toMatchObject({ success: true, message: 'Dimensiunile produsului au fost salvate cu succes!', created: true, mutation: { variantId: VARIANT, dimensions: { weight: 0.4, width: 10, length: 12, height: 9 } } });

    const second = await saveDims(alice, store, dims({ width: 15.5, weight: null }, '2001'));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ created: false, mutation: { mutationId: a.mutation.mutationId, dimensions: { weight: null, width: 15.5 } } });
    const [row] = await ctx.database.db.select().from(storeProductDimensions).where(eq(storeProductDimensions.id, a.mutation.mutationId));
    expect(row).toMatchObject({ productId: 'gid://shopify/Product/20', sku: 'CANA-01', name: 'Cana ceramica' });

    const found = await dimensionsFor(ctx.database.db, store, [VARIANT, 'gid://shopify/ProductVariant/1']);
    expect([...found.keys()]).toEqual([VARIANT]);
    expect(found.get(VARIANT)).toEqual({ mutationId: a.mutation.mutationId, variantId: VARIANT, dimensions: { weight: null, width: 15.5, length: 12, height: 9 } });
    expect((await dimensionsFor(ctx.database.db, bobStore, [VARIANT])).size).toBe(0);

    const del = await as(ctx, alice, { method: 'DELETE', url: api(productMutationPath(a.mutation.mutationId)) });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Dimensiunile produsului au fost sterse!' });
    expect((await dimensionsFor(ctx.database.db, store, [VARIANT])).size).toBe(0);
    expect((await as(ctx, alice, { method: 'DELETE', url: api(productMutationPath(a.mutation.mutationId)) })).json().message).toBe('Dimensiunile produsului nu exista!');
  });

  it('refuses missing, zero and oversized measures with their messages', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ width: 0, length: 0, height: 0 }, { 'product.dimensions.width': 'Latimea minima este 1 cm!', 'product.dimensions.length': 'Lungimea minima este 1 cm!', 'product.dimensions.height': 'Inaltimea minima este 1 cm!' }],
      [{ width: undefined, length: null, height: 'x' }, { 'product.dimensions.width': 'Latimea este obligatorie!', 'product.dimensions.length': 'Lungimea este obligatorie!', 'product.dimensions.height': 'Inaltimea este obligatorie!' }],
      [{ weight: 0.05, width: 601 }, { 'product.dimensions.weight': 'Greutatea minima este 0,1 kg!', 'product.dimensions.width': 'Latura maxima a unui colet este 600 cm!' }],
    ];
    for (const [d, errors] of cases) {
      const res = await saveDims(alice, store, dims(d));
      expect(res.statusCode, JSON.stringify(d)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const noType = await saveDims(alice, store, { ...dims(), product: { ...dims().product, type: 'other' } });
    expect(noType.statusCode).toBe(400);
    // A side of 1 cm is the minimum (the package's 3 cm height minimum does not apply to a product).
    expect((await saveDims(alice, store, dims({ width: 1, length: 1, height: 1 }, 'gid://shopify/ProductVariant/3001'))).statusCode).toBe(200);
  });

  it("another client's store or saved dimensions answer 404", async () => {
    const bobs = await saveDims(bob, store, dims());
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json().message).toBe(messages.store.notFound);
    const own = (await saveDims(alice, store, dims({}, 'gid://shopify/ProductVariant/4001'))).json();
    expect((await as(ctx, bob, { method: 'DELETE', url: api(productMutationPath(own.mutation.mutationId)) })).statusCode).toBe(404);
    expect((await dimensionsFor(ctx.database.db, store, ['gid://shopify/ProductVariant/4001'])).size).toBe(1);
    expect((await as(ctx, null, { method: 'POST', url: api(productMutationPath(store)), payload: dims() })).statusCode).toBe(401);
  });

  it('parallel saves of one variant make one row', async () => {
    const v = 'gid://shopify/ProductVariant/5001';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => saveDims(alice, store, dims({ width: 10 + i }, v))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((r) => r.json().created)).toHaveLength(1);
    const rows = await ctx.database.db.select().from(storeProductDimensions).where(eq(storeProductDimensions.variantId, v));
    expect(rows).toHaveLength(1);
  });
});

describe('the order detail pre-filled by the saved mutations', () => {
  let demo: number;
  const orderOf = async (number: number) => {
    const res = await as(ctx, alice, { method: 'GET', url: `/api/${storeOrderPath(demo, `gid://shopify/Order/${number}`)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { order: TStoreOrderDetail }).order.shippingOrders.awaitingFulfillment;
  };
  beforeAll(async () => {
    demo = await connectDemoShop(ctx.database.db, alice.id, ctx.config.tokenEncryptionKey);
  });

  it('an association saved on one order sends the next order of that location from the same address', async () => {
    const [first] = await orderOf(1001);
    const location = first!.fromLocation.shopifyAddress.location.id;
    // Another open order with a fulfillment order at the same location.
    let other: TAwaitingFulfillmentOrder | undefined;
    let otherNumber = 0;
    for (const n of [1003, 1006, 1009, 1011, 1013]) {
      other = (await orderOf(n)).find((fo) => fo.fromLocation.shopifyAddress.location.id === location);
      otherNumber = n;
      if (other) break;
    }
    expect(other, 'another order of the same location').toBeDefined();
    expect(other!.fromLocation.internalAddress?.validationStrategy).not.toBe('ASSOCIATION');

    const saved = (await associate(alice, demo, { shopifyLocationId: location, internalAddressId: warehouse })).json();
    const again = (await orderOf(1001))[0]!.fromLocation;
    const later = (await orderOf(otherNumber)).find((fo) => fo.fromLocation.shopifyAddress.location.id === location)!.fromLocation;
    for (const from of [again, later]) {
      expect(from.internalAddress).toMatchObject({ locationId: location, addressId: warehouse, mutationId: saved.mutation.mutationId, validationStrategy: 'ASSOCIATION', contact: { name: 'Mihai Pop', phone: '+40722123456' } });
      expect(from.internalAddress!.fullAddress).toBe('Strada Memorandumului, Nr. 28');
      expect(from.errors).toEqual([]);
    }
    // Removed: the orders go back to the default sender.
    await as(ctx, alice, { method: 'DELETE', url: api(locationMutationPath(saved.mutation.mutationId)) });
    expect((await orderOf(1001))[0]!.fromLocation.internalAddress?.validationStrategy).not.toBe('ASSOCIATION');
  });

  it('dimensions saved for a variant show on every order with that variant', async () => {
    const [fo] = await orderOf(1001);
    // A product without saved sizes (the demo seed saved the bulky ones').
    const variantId = Object.keys(fo!.products).find((v) => !fo!.products[v]!.productMutation)!;
    expect(variantId).toBeDefined();
    let other = 0;
    for (let n = 1002; n < 1040 && !other; n++) if ((await orderOf(n)).some((f) => !!f.products[variantId])) other = n;
    expect(other, 'another order with the same variant').toBeGreaterThan(0);

    const saved = (await saveDims(alice, demo, dims({ width: 11, length: 22, height: 33 }, variantId))).json();
    for (const n of [1001, other]) {
      const product = (await orderOf(n)).find((f) => !!f.products[variantId])!.products[variantId]!;
      expect(product.productMutation, `#${n}`).toEqual({ mutationId: saved.mutation.mutationId, product: { dimensions: { width: 11, length: 22, height: 33 } } });
    }
    // Another store account's saved dimensions are not this one's.
    const [foreign] = await withSavedMutations(ctx.database.db, store, [fo!]);
    expect(foreign!.products[variantId]!.productMutation).toBeNull();
    await as(ctx, alice, { method: 'DELETE', url: api(productMutationPath(saved.mutation.mutationId)) });
    expect((await orderOf(1001))[0]!.products[variantId]!.productMutation).toBeNull();
  });
});
