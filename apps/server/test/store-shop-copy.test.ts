import { messages, storeMovePath, type TStoreListOrder, type TStoreOrdersListResponse } from '@colete/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shopifySimBuckets, storeShopOrders, storeShopSyncs } from '../src/db/schema.js';
import { simulatedShopOrders } from '../src/integrations/store/index.js';
import { SIM_DEMO_SHOP as SHOP } from '../src/integrations/store/shopify-app.js';
import { replaceOrder, currentOrder } from '../src/integrations/store/simulator-state.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { STORE_SHOP_SYNC_QUEUE } from '../src/jobs/store-shop-sync.js';
import { copiedAwaitingPage, copiedSummaries } from '../src/modules/store/store-copy-queries.js';
import { as, type TestContext, type TestUser } from './helper.js';
import { runJob } from './jobs-helper.js';
import { storeTestApp, type StoreTestApp } from './support/store-app.js';

/*
 * Issue 28 §4: the store keeps its own copy of each connected shop. Before the first backfill the
 * list reads the shop and tells the progress; the sync job (through its queue) copies the orders
 * left to fulfil with their verdicts; then the list answers, for every filter, exactly what the
 * shop's own reading answered, without asking the shop; a webhook, a write of ours and the
 * reconciliation keep it current; a throttled shop slows no page that the copy can answer.
 */

let app: StoreTestApp;
let ctx: TestContext;
let alice: TestUser;
let account: number;
let jobs: Jobs | undefined;

beforeAll(async () => {
  app = await storeTestApp();
  ({ ctx, alice, account } = app);
}, 90_000);
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

const LIST = () => `/api/user/integration/shopify/orders/${account}`;
const gid = (n: number) => `gid://shopify/Order/${n}`;
async function list(body: Record<string, unknown>) {
  const res = await as(ctx, alice, { method: 'POST', url: LIST(), payload: { type: 'AWAITING_ACTIVATION', ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TStoreOrdersListResponse;
}
/** Every page of a filter, walked by the cursors the answers give (as the browser does). */
async function walk(filter: Record<string, unknown>, reversed = false) {
  const rows: TStoreListOrder[] = [];
  let endCursor: string | null = null;
  for (let page = 1; page <= 12; page++) {
    const answer = await list({ ...filter, page, reversed, endCursor });
    rows.push(...answer.list);
    if (!answer.pageInfo.hasNextPage) break;
    endCursor = answer.pageInfo.endCursor;
  }
  return rows;
}
const shopCalls = () => {
  const spy = vi.spyOn(ctx.app.services.storeApp!, 'graphql');
  return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
};

/** The filters the list offers, each as the merchant could set it on the demo shop's orders. */
let filters: Record<string, Record<string, unknown>>;
const live = new Map<string, TStoreListOrder[]>();

describe('the store’s copy of the shop', () => {
  it('before the backfill: the list reads the shop and tells the copy is being made', async () => {
    const first = await list({ page: 1 });
    expect(first.sync).toEqual({ status: 'BACKFILLING', copied: 0, total: null });
    expect(first.list).toHaveLength(10);
    const rows = await walk({});
    const someone = rows.find((r) => r.customer.displayName)!.customer.displayName!.split(' ').at(-1)!;
    const tagged = rows.find((r) => r.tags.length)!;
    filters = {
      all: {},
      number: { search: rows[3]!.orderDisplayName },
      name: { search: someone.toLowerCase() },
      tag: { tag: tagged.tags[0]!.toUpperCase() },
      warehouse: { locationId: 'gid://shopify/Location/2' },
      needsFix: { needsFix: true },
      ready: { needsFix: false },
      cod: { cashOnDelivery: true },
      noCod: { cashOnDelivery: false },
      readyCodCluj: { needsFix: false, cashOnDelivery: true, locationId: 'gid://shopify/Location/2' },
    };
    for (const [name, filter] of Object.entries(filters)) live.set(name, await walk(filter));
    live.set('oldestFirst', await walk({}, true));
    // Each filter keeps some orders and leaves others (the comparison below means something).
    for (const [name, rows] of live) if (name !== 'all' && name !== 'oldestFirst') expect(rows.length, name).toBeLessThan(live.get('all')!.length);
    expect(live.get('number')).toHaveLength(1);
    expect(live.get('readyCodCluj')!.length).toBeGreaterThan(0);
  }, 120_000);

  it('the sync job copies the orders left to fulfil, with the shop’s count as its progress', async () => {
    jobs = await startJobs(ctx.app);
    const job = await runJob(jobs.boss, STORE_SHOP_SYNC_QUEUE, 60_000);
    expect(job.state).toBe('completed');
    const [sync] = await ctx.database.db.select().from(storeShopSyncs).where(eq(storeShopSyncs.shop, SHOP));
    expect(sync).toMatchObject({ status: 'READY', copied: live.get('all')!.length, total: live.get('all')!.length, lastError: null });
    expect(sync!.locations).toHaveLength(3);
    // Each awaiting order's whole shape is read too (the order page's), of its copied version.
    const missing = await ctx.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(storeShopOrders).where(and(eq(storeShopOrders.shop, SHOP), eq(storeShopOrders.awaiting, true), sql`detail_version is distinct from version`));
    expect(missing[0]!.n).toBe(0);
  }, 90_000);

  it('then answers every filter exactly as the shop’s own reading did, in both orders, without asking the shop', async () => {
    const calls = shopCalls();
    try {
      for (const [name, filter] of Object.entries(filters)) expect(await walk(filter), name).toEqual(live.get(name));
      expect(await walk({}, true)).toEqual(live.get('oldestFirst'));
      expect((await list({ page: 1 })).sync).toMatchObject({ status: 'READY' });
      // 'Select all matching' from the copy too.
      const matching = await as(ctx, alice, { method: 'POST', url: `${LIST()}/matching`, payload: filters.readyCodCluj });
      expect(matching.statusCode, matching.body).toBe(200);
      expect(matching.json().count).toBe(live.get('readyCodCluj')!.length);
      // The order page of an awaiting order: the copy's, with its corrected recipient.
      const id = live.get('all')![0]!.shopifyGraphQLId;
      const page = await as(ctx, alice, { method: 'GET', url: `/api/user/integration/shopify/order/${account}/${encodeURIComponent(encodeURIComponent(id))}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().order.shopifyGraphQLId).toBe(id);
      expect(calls.count()).toBe(0);
    } finally {
      calls.restore();
    }
  }, 120_000);

  it('a webhook’s order is read again before the next page answers: an order cancelled in the shop leaves the list at once', async () => {
    const target = live.get('all')![1]!;
    await simulatedShopOrders(ctx.database, ctx.config.tokenEncryptionKey, ctx.app).cancel(SHOP, target.shopifyGraphQLId);
    const rows = await walk({});
    expect(rows.map((r) => r.shopifyGraphQLId)).not.toContain(target.shopifyGraphQLId);
    expect(rows).toHaveLength(live.get('all')!.length - 1);
    const [row] = await ctx.database.db.select().from(storeShopOrders).where(and(eq(storeShopOrders.shop, SHOP), eq(storeShopOrders.orderId, target.shopifyGraphQLId)));
    expect(row).toMatchObject({ awaiting: false, stale: false });
  }, 60_000);

  it('a fulfillment order’s webhook naming only the fulfillment order marks the order holding it', async () => {
    const target = live.get('all')![3]!.shopifyGraphQLId;
    const where = and(eq(storeShopOrders.shop, SHOP), eq(storeShopOrders.orderId, target));
    const [row] = await ctx.database.db.select().from(storeShopOrders).where(where);
    expect(row!.fulfillmentOrderIds.length).toBeGreaterThan(0);
    await ctx.app.services.store.webhook({ webhookId: 'held-fo-1', topic: 'fulfillment_orders/placed_on_hold', shop: SHOP, payload: { fulfillment_order: { id: row!.fulfillmentOrderIds[0], status: 'on_hold' } } });
    expect((await ctx.database.db.select().from(storeShopOrders).where(where))[0]!.stale).toBe(true);
    // The next page reads it again.
    await list({ page: 1 });
    expect((await ctx.database.db.select().from(storeShopOrders).where(where))[0]!.stale).toBe(false);
  });

  it('the reconciliation reads what changed in the shop without a webhook (Shopify does not promise delivery)', async () => {
    const target = live.get('all')![2]!;
    const sim = (await currentOrder(ctx.database.db, SHOP, target.shopifyGraphQLId))!;
    await replaceOrder(ctx.database.db, SHOP, { ...sim, tags: [...sim.tags, 'reconciliat'], updatedAt: new Date().toISOString() });
    expect((await walk({ tag: 'reconciliat' }))).toHaveLength(0);
    // Its next mark is due (five minutes passed): the job reads the orders updated since.
    await ctx.database.db.update(storeShopSyncs).set({ reconciledFrom: new Date(Date.now() - 6 * 60_000) }).where(eq(storeShopSyncs.shop, SHOP));
    expect((await runJob(jobs!.boss, STORE_SHOP_SYNC_QUEUE, 60_000)).state).toBe('completed');
    expect((await walk({ tag: 'reconciliat' })).map((r) => r.shopifyGraphQLId)).toEqual([target.shopifyGraphQLId]);
  }, 90_000);

  it('a throttled shop: the list answers from the copy; an order page the copy cannot answer says to try again (503)', async () => {
    const drain = () => ctx.database.db.update(shopifySimBuckets).set({ available: 0, readAt: new Date(Date.now() + 3_600_000) }).where(eq(shopifySimBuckets.shop, SHOP));
    await drain();
    try {
      // A webhook named an order: the page's read of it is throttled, the copy answers as it is (the order still listed).
      const named = live.get('all')![4]!.shopifyGraphQLId;
      await ctx.database.db.update(storeShopOrders).set({ stale: true }).where(and(eq(storeShopOrders.shop, SHOP), eq(storeShopOrders.orderId, named)));
      const first = await list({ page: 1 });
      expect(first.list.map((o) => o.shopifyGraphQLId)).toContain(named);
      expect(first.list.length).toBe(10);
      // An order the copy does not hold (fulfilled long ago): read from the shop, which refuses now.
      const held = new Set((await ctx.database.db.select({ id: storeShopOrders.orderId }).from(storeShopOrders).where(eq(storeShopOrders.shop, SHOP))).map((r) => r.id));
      const notCopied = Array.from({ length: 96 }, (_, k) => gid(1001 + k)).find((id) => !held.has(id))!;
      const old = await as(ctx, alice, { method: 'GET', url: `/api/user/integration/shopify/order/${account}/${encodeURIComponent(encodeURIComponent(notCopied))}` });
      expect(old.statusCode, old.body).toBe(503);
      expect(old.json()).toMatchObject({ success: false, message: messages.store.shopBusy, code: 'shopBusy' });
      // A write the shop keeps refusing for its rate limit (a move on the order page): 503 with the same text, nothing moved.
      const [row] = await ctx.database.db.select().from(storeShopOrders).where(and(eq(storeShopOrders.shop, SHOP), eq(storeShopOrders.orderId, live.get('all')![0]!.shopifyGraphQLId)));
      const fo = row!.fulfillmentOrderIds[0]!;
      const move = await as(ctx, alice, { method: 'POST', url: storeMovePath(account, 'localhost', fo, 'gid://shopify/Location/2') });
      expect(move.statusCode, move.body).toBe(503);
      expect(move.headers['retry-after']).toBe('5');
      expect(move.json()).toMatchObject({ success: false, message: messages.store.shopBusy, code: 'shopBusy' });
    } finally {
      await ctx.database.db.update(shopifySimBuckets).set({ available: 2000, readAt: new Date() }).where(eq(shopifySimBuckets.shop, SHOP));
    }
  }, 60_000);

  it('two sync runs at once share the shop: one holds it, the other leaves it', async () => {
    const [a, b] = await Promise.all([ctx.app.services.store.syncShops(), ctx.app.services.store.syncShops()]);
    expect(a.shops + b.shops).toBe(1);
  }, 60_000);

  it('customers/redact deletes the named orders from the copy; the app uninstalled erases the shop’s copy', async () => {
    const target = live.get('all')![5]!.shopifyGraphQLId;
    await ctx.app.services.store.webhook({ webhookId: 'redact-1', topic: 'customers/redact', shop: SHOP, payload: { orders_to_redact: [Number(/(\d+)$/.exec(target)![1])] } });
    const rows = await ctx.database.db.select().from(storeShopOrders).where(and(eq(storeShopOrders.shop, SHOP), eq(storeShopOrders.orderId, target)));
    expect(rows).toHaveLength(0);
    await ctx.app.services.store.webhook({ webhookId: 'uninstalled-1', topic: 'app/uninstalled', shop: SHOP, payload: {} });
    expect(await ctx.database.db.select().from(storeShopOrders).where(eq(storeShopOrders.shop, SHOP))).toHaveLength(0);
    expect(await ctx.database.db.select().from(storeShopSyncs).where(eq(storeShopSyncs.shop, SHOP))).toHaveLength(0);
  });
});

describe('our own writes to the shop', () => {
  it('a mutation naming a fulfillment order marks its order in the copy; a read marks nothing', async () => {
    const { writingApp } = await import('../src/modules/store/store-copy-writes.js');
    const db = ctx.database.db;
    await db.insert(storeShopOrders).values([
      { shop: 'write-test.myshopify.com', orderId: gid(1), fulfillmentOrderIds: ['gid://shopify/FulfillmentOrder/11', 'gid://shopify/FulfillmentOrder/12'] },
      { shop: 'write-test.myshopify.com', orderId: gid(2), fulfillmentOrderIds: ['gid://shopify/FulfillmentOrder/21'] },
      { shop: 'other.myshopify.com', orderId: gid(1), fulfillmentOrderIds: ['gid://shopify/FulfillmentOrder/12'] },
    ]);
    const answered = { data: {} as never };
    const shop = writingApp({ graphql: async () => answered }, db);
    const staleOf = async () => (await db.select({ shop: storeShopOrders.shop, orderId: storeShopOrders.orderId, stale: storeShopOrders.stale }).from(storeShopOrders).where(sql`${storeShopOrders.shop} in ('write-test.myshopify.com', 'other.myshopify.com')`).orderBy(storeShopOrders.shop, storeShopOrders.orderId)).map((r) => `${r.shop}:${r.orderId.slice(-1)}:${r.stale}`);
    await shop.graphql('write-test.myshopify.com', 't', 'query FulfillmentOrder($id: ID!) { fulfillmentOrder(id: $id) { id } }', { id: 'gid://shopify/FulfillmentOrder/12' });
    expect(await staleOf()).toEqual(['other.myshopify.com:1:false', 'write-test.myshopify.com:1:false', 'write-test.myshopify.com:2:false']);
    await shop.graphql('write-test.myshopify.com', 't', 'mutation Hold($id: ID!) { fulfillmentOrderHold(id: $id) { userErrors { message } } }', { id: 'gid://shopify/FulfillmentOrder/12' });
    expect(await staleOf()).toEqual(['other.myshopify.com:1:false', 'write-test.myshopify.com:1:true', 'write-test.myshopify.com:2:false']);
  });
});

describe('an answer that was on its way while the order changed', () => {
  it('does not clear a mark made after the shop was asked, nor replace a newer version', async () => {
    const { keepOrders, markStale } = await import('../src/modules/store/store-copy-queries.js');
    const db = ctx.database.db;
    const shop = 'race-test.myshopify.com';
    const summary = (version: string) => ({ id: gid(7), number: '7', name: '#7', createdAt: '2026-11-01T10:00:00Z', updatedAt: version, cancelledAt: null, closed: false, financialStatus: 'PAID', fulfillmentStatus: 'UNFULFILLED', paymentGateways: [], cashOnDelivery: false, tags: [], note: null, email: null, phone: null, customer: null, shippingAddress: null, totalBani: 100, currency: 'RON', totalWeightGrams: null, itemsQuantity: 1, fulfillmentOrderIds: [], openLocationIds: [], holds: [] });
    const check = { flags: { needsAddressFix: true, needsContactFix: true, readyForActivation: false }, recipient: {} as never };
    const row = async () => (await db.select().from(storeShopOrders).where(and(eq(storeShopOrders.shop, shop), eq(storeShopOrders.orderId, gid(7)))))[0]!;
    await keepOrders(db, shop, [{ summary: summary('2026-11-02T10:00:00Z'), locationIds: [], check }], new Date());
    // The shop asked; meanwhile a webhook (or our own fulfillment) marks the order; the older answer arrives.
    const asked = new Date(Date.now() - 1_000);
    await markStale(db, shop, [gid(7)]);
    await keepOrders(db, shop, [{ summary: summary('2026-11-02T10:00:00Z'), locationIds: [], check }], asked);
    expect(await row()).toMatchObject({ stale: true, version: '2026-11-02T10:00:00Z' });
    // A read that began after the mark clears it.
    await keepOrders(db, shop, [{ summary: summary('2026-11-03T10:00:00Z'), locationIds: [], check }], new Date(Date.now() + 1_000));
    expect(await row()).toMatchObject({ stale: false, version: '2026-11-03T10:00:00Z' });
    // An older version arriving late does not replace the newer one.
    await keepOrders(db, shop, [{ summary: summary('2026-11-02T10:00:00Z'), locationIds: [], check }], new Date(Date.now() + 2_000));
    expect((await row()).version).toBe('2026-11-03T10:00:00Z');
  });
});

describe("the copy's reads called directly (shops of their own: the simulator's shop is left as it is)", () => {
  const mine = 'copia-proprie.myshopify.com';
  const other = 'alt-magazin.myshopify.com';
  const summary = (n: number) => ({ id: gid(n), name: `#${n}` }) as never;

  it("the shipment tabs' summaries: this shop's named orders only, never a stale one nor another shop's, none for no id", async () => {
    const db = ctx.database.db;
    await db.insert(storeShopOrders).values([
      { shop: mine, orderId: gid(990_001), summary: summary(990_001) },
      { shop: mine, orderId: gid(990_002), summary: summary(990_002), stale: true },
      { shop: mine, orderId: gid(990_003), summary: null },
      { shop: other, orderId: gid(990_004), summary: summary(990_004) },
      { shop: mine, orderId: gid(990_005), summary: summary(990_005) },
    ]);
    expect(await copiedSummaries(db, mine, [gid(990_001), gid(990_002), gid(990_003), gid(990_004)])).toEqual([summary(990_001)]);
    expect(await copiedSummaries(db, mine, [])).toEqual([]);
  });

  it("the awaiting tab's search takes % and _ literally", async () => {
    const db = ctx.database.db;
    const texts = ['ab_c ion', 'abxc ion', 'pret 50% ion', 'pret 50x ion'];
    await db.insert(storeShopOrders).values(texts.map((searchText, i) => ({ shop: mine, orderId: gid(991_000 + i), number: i + 1, name: `#A${i}`, createdAt: new Date(Date.UTC(2026, 10, 1 + i)), awaiting: true, searchText, summary: summary(991_000 + i) })));
    const found = async (search: string) => (await copiedAwaitingPage(db, mine, { search }, null, 10)).map((r) => r.summary.id);
    expect(await found('ab_c')).toEqual([gid(991_000)]);
    expect(await found('50%')).toEqual([gid(991_002)]);
    expect((await found('ion')).sort()).toEqual(texts.map((_, i) => gid(991_000 + i)).sort());
  });
});
