import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAccounts, users } from '../src/db/schema.js';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { SHOPIFY_API_VERSION, SHOPIFY_SCOPES, SIM_APP_KEY } from '../src/integrations/store/shopify-app.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { tokenCipher } from '../src/lib/token-cipher.js';
import { addressCorrectionService, loadNomenclature } from '../src/modules/geo/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';

/*
 * check-account-configuration's location check (issue 13): a location an order leaves from must be
 * whole (street, city, county code, six-digit postal code) and placed in the nomenclature (the address
 * correction makes it whole without an error: county, locality, postal code, street and number agree).
 * The simulator's warehouses (Bucuresti, Cluj-Napoca) pass; a test shop named *-cod-gresit has their
 * postal codes swapped, and fails.
 */

let ctx: TestContext;
let carol: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  carol = await createUser(ctx, { name: 'Carol Depozite SRL' });
  // Billing and a way to pay are there: the location is the only thing the check can report.
  await activeCompany(ctx, carol);
  await ctx.database.db.update(users).set({ paymentType: 'postpaid' }).where(eq(users.id, carol.id));
}, 120_000);
afterAll(async () => ctx?.close());

/** A store account connected as the callback leaves it, with the simulator's token for the shop. */
async function connected(user: TestUser, shop: string) {
  const { db } = ctx.database;
  const token = await issueToken(db, { shop, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
  const [row] = await db.insert(storeAccounts).values({ userId: user.id, shop, name: shop, status: 'CONNECTED', scopes: SHOPIFY_SCOPES.join(',') }).returning();
  await db
    .update(storeAccounts)
    .set({ accessTokenEnc: tokenCipher(ctx.config.tokenEncryptionKey).encrypt(token, `store_accounts:${row!.id}:access`) })
    .where(eq(storeAccounts.id, row!.id));
  return { id: row!.id, token };
}

type Location = { name: string; fulfillsOnlineOrders: boolean; address: { address1: string; address2: string | null; city: string; provinceCode: string; zip: string; countryCode: string } };
async function locationsOf(shop: string, token: string) {
  const res = await simulatorFetch(ctx.app)(`https://${shop}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query: '{ locations(first: 10) { nodes { name fulfillsOnlineOrders address { address1 address2 city provinceCode zip countryCode } } } }' }),
  });
  return ((await res.json()) as { data: { locations: { nodes: Location[] } } }).data.locations.nodes;
}

const check = async (id: number) => {
  const res = await as(ctx, carol, { method: 'GET', url: `/api/user/integration/shopify/check-account-configuration/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: { code: string; message: string; documentationUrl: string | null; allowTesting: boolean }[]; allowTesting: boolean };
};

describe('the location check against the nomenclature', () => {
  it("the simulator's warehouses are real nomenclature addresses: the correction finds no error", async () => {
    const shop = 'carol-depozite.myshopify.com';
    const { token } = await connected(carol, shop);
    const { correct } = addressCorrectionService({ database: ctx.database });
    const online = (await locationsOf(shop, token)).filter((l) => l.fulfillsOnlineOrders);
    expect(online.map((l) => l.name)).toEqual(['Depozit Bucuresti', 'Depozit Cluj']);
    const placed = await Promise.all(online.map(async (l) => (await correct({ ...l.address, province: l.address.provinceCode, address2: undefined })).internalAddress));
    expect(placed).toMatchObject([
      { countyCode: 'B', city: 'Sectorul 2', postalCode: '020331', street: 'Șoseaua Fabrica de Glucoză', number: '5' },
      { countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Strada Memorandumului', number: '28' },
    ]);
  });

  it('a shop whose warehouses pass: no location error', async () => {
    const { id } = await connected(carol, 'carol-bun.myshopify.com');
    expect(await check(id)).toMatchObject({ list: [], allowTesting: true });
  });

  it('postal codes that do not match their cities: noValidLocation (the shape alone would pass), testing still allowed', async () => {
    const shop = 'carol-cod-gresit.myshopify.com';
    const { id, token } = await connected(carol, shop);
    const online = (await locationsOf(shop, token)).filter((l) => l.fulfillsOnlineOrders);
    // Whole addresses by their shape: six-digit codes, a street, a city, a county code.
    expect(online.map((l) => [l.address.city, l.address.zip])).toEqual([
      ['Bucuresti', '400114'],
      ['Cluj-Napoca', '020331'],
    ]);
    const result = await check(id);
    expect(result.list).toEqual([
      {
        code: 'noValidLocation',
        message: 'Magazinul nu are nicio locatie activa cu o adresa valida din Romania (strada si numar, localitate, judet si cod postal care se potrivesc intre ele).',
        documentationUrl: 'https://help.shopify.com/en/manual/locations/setting-up-your-locations',
        allowTesting: true,
      },
    ]);
    expect(result.allowTesting).toBe(true);
  });
});
