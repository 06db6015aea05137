import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAccounts, users } from '../src/db/schema.js';
import { seedDemo } from '../src/db/seed.js';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter, type FetchLike } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_SCOPES, SIM_APP_KEY, SIM_DEMO_SHOP, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { orderNodes } from '../src/integrations/store/simulator-orders.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { shopOrders, storeService, toBani, type ShopOrderSummary } from '../src/modules/store/index.js';
import { tokenCipher } from '../src/lib/token-cipher.js';
import { createTestApp, createUser, type TestContext } from './helper.js';
import { addressCorrectionService } from '../src/modules/geo/index.js';

/*
 * The shop's orders read through Admin GraphQL (issue 13): the simulator's demo shop (a few months
 * of deterministic orders, fulfillment orders, products) and the store module's typed reads
 * (a page by cursor with the query filter, one order with its fulfillment orders), throttle included.
 */

let ctx: TestContext;
let token: string;
let orders: ReturnType<typeof shopOrders>;
let adapter: ReturnType<typeof shopifyAdapter>;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await issueToken(ctx.database.db, { shop: SIM_DEMO_SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
  adapter = shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(ctx.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: simulatorFetch(ctx.app) });
  orders = shopOrders(adapter);
}, 60_000);
afterAll(async () => ctx?.close());

async function allOrders(query?: string) {
  const seen: ShopOrderSummary[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Awaited<ReturnType<typeof orders.page>> = await orders.page(SIM_DEMO_SHOP, token, { first: 25, after, query });
    seen.push(...page.orders);
    if (!page.pageInfo.hasNextPage) return seen;
    after = page.pageInfo.endCursor;
  }
}

describe('reading the demo shop’s orders', () => {
  it('pages through every order once, newest first', async () => {
    const all = await allOrders();
    expect(all).toHaveLength(96);
    expect(new Set(all.map((o) => o.id)).size).toBe(96);
    expect(all[0]!.name).toBe('#1096');
    expect(all.at(-1)!.name).toBe('#1001');
    const times = all.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A few months of orders.
    expect((times[0]! - times.at(-1)!) / 86_400_000).toBeGreaterThan(85);
  }, 30_000);

  it('a throttled answer is waited out and retried', async () => {
    // Its own shop with a slow bucket (900 points, 100 a second): pages of 427 points (2 + 25 orders x 17, each with its
    // fulfillment orders and holds) run dry by the third.
    const slow = await createTestApp({ storeSimBucket: { maximumAvailable: 900, restoreRate: 100 } });
    try {
      const seen: number[] = [];
      const inner = simulatorFetch(slow.app);
      const counting: FetchLike = async (input, init) => {
        const res = await inner(input, init);
        seen.push(res.status);
        return res;
      };
      const slowToken = await issueToken(slow.database.db, { shop: SIM_DEMO_SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
      const reader = shopOrders(shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(slow.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: counting }));
      const names: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: Awaited<ReturnType<typeof reader.page>> = await reader.page(SIM_DEMO_SHOP, slowToken, { first: 25, after });
        names.push(...page.orders.map((o) => o.name));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(new Set(names).size).toBe(96);
      expect(seen.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(seen.at(-1)).toBe(200);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it('is the same data at every start (seeded), with cash on delivery, card payments, cancelled orders and addresses to correct', async () => {
    const all = await allOrders();
    // Built again for another day (not from the cache): the same orders, only their dates moved by that day.
    const strip = (list: ReturnType<typeof orderNodes>) => list.map(({ createdAt: _c, updatedAt: _u, processedAt: _p, cancelledAt: _x, closedAt: _y, fulfillmentOrders: _f, ...o }) => o);
    expect(strip(orderNodes(SIM_DEMO_SHOP, Date.now() + 86_400_000))).toEqual(strip(orderNodes(SIM_DEMO_SHOP)));
    const cod = all.filter((o) => o.cashOnDelivery);
    expect(cod.length).toBeGreaterThan(10);
    expect(cod.filter((o) => !o.cancelledAt).every((o) => o.financialStatus === 'PENDING' && o.paymentGateways[0] === 'Cash on Delivery (COD)')).toBe(true);
    expect(all.some((o) => o.financialStatus === 'PAID' && o.paymentGateways[0] === 'shopify_payments')).toBe(true);
    expect(all.some((o) => o.cancelledAt && o.closed)).toBe(true);
    const addresses = all.map((o) => o.shippingAddress!);
    expect(addresses.some((a) => a.city === 'Sector 3')).toBe(true);
    expect(addresses.some((a) => a.city === 'Targu Mures')).toBe(true);
    expect(addresses.some((a) => a.province === 'Judetul Prahova' && a.provinceCode === null)).toBe(true);
    expect(addresses.some((a) => a.address1 === 'Strada Avram Iancu')).toBe(true);
    expect(addresses.some((a) => a.city === 'Brașov' && a.zip === '300001')).toBe(true);
    expect(all.every((o) => o.totalBani > 0 && o.currency === 'RON')).toBe(true);
  }, 30_000);

  it('filters with Shopify’s query syntax: status, financial and fulfillment status, name, date', async () => {
    const cancelled = await allOrders('status:cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o) => o.cancelledAt !== null)).toBe(true);
    const pending = await allOrders('financial_status:pending AND status:open');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((o) => o.financialStatus === 'PENDING' && o.cancelledAt === null)).toBe(true);
    const held = await allOrders('fulfillment_status:on_hold');
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((o) => o.fulfillmentStatus === 'ON_HOLD')).toBe(true);
    expect((await allOrders('name:#1004')).map((o) => o.name)).toEqual(['#1004']);
    const latest = await orders.page(SIM_DEMO_SHOP, token, { first: 3 });
    const since = latest.orders[2]!.createdAt;
    expect((await allOrders(`created_at:>=${since}`)).map((o) => o.name)).toEqual(latest.orders.map((o) => o.name));
  }, 30_000);

  it('a multi-location order has two fulfillment orders, one per location', async () => {
    const order = await orders.one(SIM_DEMO_SHOP, token, 'gid://shopify/Order/1002');
    expect(order!.fulfillmentOrders).toHaveLength(2);
    expect(order!.fulfillmentOrders.map((fo) => fo.location.name).sort()).toEqual(['Depozit Bucuresti', 'Depozit Cluj']);
    expect(order!.fulfillmentOrders.every((fo) => fo.status === 'OPEN' && fo.supportedActions.includes('CREATE_FULFILLMENT'))).toBe(true);
    // Each line item is in exactly one fulfillment order, with all of it remaining.
    const foLines = order!.fulfillmentOrders.flatMap((fo) => fo.lineItems);
    expect(foLines.map((l) => l.lineItemId).sort()).toEqual(order!.lineItems.map((l) => l.id).sort());
    expect(foLines.every((l) => l.remainingQuantity === l.totalQuantity && l.weightGrams! > 0)).toBe(true);
  });

  it('an order on hold shows its hold reason and notes; partly fulfilled, fulfilled elsewhere and cancelled orders show what is left', async () => {
    const held = await orders.one(SIM_DEMO_SHOP, token, 'gid://shopify/Order/1004');
    const [fo] = held!.fulfillmentOrders;
    expect(held!.fulfillmentStatus).toBe('ON_HOLD');
    expect(fo!.status).toBe('ON_HOLD');
    expect(fo!.holds).toEqual([{ id: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentHold\/\d+$/), reason: 'OTHER', reasonNotes: 'Clientul a cerut livrarea dupa data de 15.', handle: null }]);
    expect(fo!.supportedActions).toContain('RELEASE_HOLD');

    const partly = await orders.one(SIM_DEMO_SHOP, token, 'gid://shopify/Order/1005');
    expect(partly!.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(partly!.fulfillmentOrders[0]!.status).toBe('IN_PROGRESS');
    expect(partly!.fulfillmentOrders[0]!.lineItems.map((l) => l.remainingQuantity === 0)).toEqual([true, false]);

    const elsewhere = await orders.one(SIM_DEMO_SHOP, token, 'gid://shopify/Order/1007');
    expect(elsewhere!.fulfillmentStatus).toBe('FULFILLED');
    expect(elsewhere!.fulfillmentOrders.every((f) => f.status === 'CLOSED' && f.supportedActions.length === 0 && f.lineItems.every((l) => l.remainingQuantity === 0))).toBe(true);

    const cancelled = await orders.one(SIM_DEMO_SHOP, token, 'gid://shopify/Order/1008');
    expect(cancelled!.cancelledAt).not.toBeNull();
    expect(cancelled!.lineItems.every((l) => l.currentQuantity === 0)).toBe(true);
  });

  it('an unknown order answers null; an id that is not an order’s is a GraphQL error', async () => {
    expect(await orders.one(SIM_DEMO_SHOP, token, 'gid://shopify/Order/999999')).toBeNull();
    await expect(orders.one(SIM_DEMO_SHOP, token, 'gid://shopify/Product/9001')).rejects.toThrow(/Invalid global id/);
  });

  it('products have variants with SKU, weight and unit, and an image', async () => {
    type Products = { products: { nodes: { title: string; featuredImage: { url: string }; variants: { nodes: { sku: string; image: { url: string }; inventoryItem: { measurement: { weight: { unit: string; value: number } } } }[] } }[] } };
    const answer = await adapter.graphql<Products>(SIM_DEMO_SHOP, token, '{ products(first: 10) { nodes { title featuredImage { url } variants(first: 5) { nodes { sku image { url } inventoryItem { measurement { weight { unit value } } } } } } } }');
    const products = answer.data.products.nodes;
    expect(products.length).toBeGreaterThanOrEqual(8);
    expect(products.some((p) => p.variants.nodes.length > 1)).toBe(true);
    const variants = products.flatMap((p) => p.variants.nodes);
    expect(variants.every((v) => /^[A-Z0-9-]+$/.test(v.sku) && v.inventoryItem.measurement.weight.value > 0 && ['GRAMS', 'KILOGRAMS'].includes(v.inventoryItem.measurement.weight.unit))).toBe(true);
    expect(products.every((p) => p.featuredImage.url.startsWith('data:image/svg+xml'))).toBe(true);
    expect(JSON.stringify(answer.data)).not.toContain('stockedAt');
  });

  it('reads money in bani without drift', () => {
    expect([toBani('39.90'), toBani('1199.93'), toBani('0.1'), toBani('250')]).toEqual([3990, 119993, 10, 25000]);
  });
});

describe('the store service reads orders of the client’s own store only', () => {
  it('answers the owner’s store; another client’s store is 404, a disconnected one refused', async () => {
    const owner = await createUser(ctx, { name: 'Magazin Comenzi SRL' });
    const other = await createUser(ctx, { name: 'Alt Client SRL' });
    const cipher = tokenCipher(ctx.config.tokenEncryptionKey);
    const [row] = await ctx.database.db.insert(storeAccounts).values({ userId: owner.id, shop: SIM_DEMO_SHOP, name: 'Colete Demo', status: 'CONNECTED', scopes: SHOPIFY_SCOPES.join(',') }).returning();
    await ctx.database.db.update(storeAccounts).set({ accessTokenEnc: cipher.encrypt(token, `store_accounts:${row!.id}:access`) }).where(eq(storeAccounts.id, row!.id));
    const service = storeService({ database: ctx.database, app: adapter, tokenKey: ctx.config.tokenEncryptionKey, corrector: addressCorrectionService({ database: ctx.database }), readiness: { hasActiveBilling: async () => true, balanceBani: async () => 0 } });
    const page = await service.orders(owner.id, row!.id, { first: 5 });
    expect(page.orders.map((o) => o.name)).toEqual(['#1096', '#1095', '#1094', '#1093', '#1092']);
    expect((await service.order(owner.id, row!.id, 'gid://shopify/Order/1002'))!.fulfillmentOrders).toHaveLength(2);
    await expect(service.orders(other.id, row!.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.order(other.id, row!.id, 'gid://shopify/Order/1002')).rejects.toMatchObject({ statusCode: 404 });
    await ctx.database.db.update(storeAccounts).set({ status: 'DISCONNECTED', accessTokenEnc: null }).where(eq(storeAccounts.id, row!.id));
    await expect(service.orders(owner.id, row!.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the demo seed', () => {
  it('connects the demo client’s store to the simulator’s demo shop, whose orders it reads', async () => {
    expect(await seedDemo(ctx.database, undefined, { storeSimulatorKey: ctx.config.tokenEncryptionKey })).toBe(true);
    const [client] = await ctx.database.db.select().from(users).where(eq(users.email, 'client@demo.ro'));
    const accounts = await ctx.database.db.select().from(storeAccounts).where(eq(storeAccounts.userId, client!.id));
    expect(accounts).toMatchObject([{ shop: SIM_DEMO_SHOP, name: 'Colete Demo', status: 'CONNECTED', scopes: SHOPIFY_SCOPES.join(',') }]);
    const service = storeService({ database: ctx.database, app: adapter, tokenKey: ctx.config.tokenEncryptionKey, corrector: addressCorrectionService({ database: ctx.database }), readiness: { hasActiveBilling: async () => true, balanceBani: async () => 0 } });
    const page = await service.orders(client!.id, accounts[0]!.id, { first: 2 });
    expect(page.orders.map((o) => o.name)).toEqual(['#1096', '#1095']);
  }, 60_000);
});
