import type { TStoreOrderDetail } from '@colete/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { storeShopOrders, storeShopSyncs } from '../../apps/server/src/db/schema.js';
import { SHOPIFY_SCOPES, SIM_APP_KEY } from '../../apps/server/src/integrations/store/shopify-app.js';
import { SIM_BENCH_SHOP } from '../../apps/server/src/integrations/store/simulator-shop-data.js';
import { issueToken } from '../../apps/server/src/integrations/store/simulator-store.js';
import { saveConnected, setToken } from '../../apps/server/src/modules/store/store-queries.js';
import { loadNomenclature } from '../../apps/server/src/modules/geo/geo-loader.js';
import { tokenCipher } from '../../apps/server/src/lib/token-cipher.js';
import { between } from '../lib/random.js';
import type { BenchRequest, Scenario, ScenarioContext } from '../lib/types.js';
import { signedInClient } from './shipments.js';

/*
 * The store's reads (issue 13) against the simulator's 10,000-order shop (bench-10k.myshopify.com,
 * in this same app: STORE=simulator): the orders list's awaiting tab (a cursor page of 10, each
 * order with its address and contact verdict) and one order's page. The client's store account is
 * connected as the demo seed connects the demo shop: a token the simulator issued, sealed as a
 * connected store's is.
 */

const LIST = '/api/user/integration/shopify/orders';
/** Pages walked in each sort order: their cursors are the requests (as the browser sends them). */
const PAGES_EACH_WAY = 40;

export type StoreClient = { headers: Record<string, string>; accountId: number };

/**
 * The store's copy of the bench shop (issue 28 §4), made once per database as the sync job makes
 * it: the orders left to fulfil with their verdicts (the whole orders are left to the pages, as a
 * sync would read them later). Its time is printed; the scenarios after the first find it made.
 */
async function copiedShop(ctx: ScenarioContext) {
  const started = Date.now();
  let runs = 0;
  for (;;) {
    const [sync] = await ctx.database.db.select().from(storeShopSyncs).where(eq(storeShopSyncs.shop, SIM_BENCH_SHOP));
    if (sync?.status === 'READY') break;
    await ctx.app.services.store.syncShops({ runMs: 60_000, details: false });
    runs += 1;
  }
  if (runs) console.log(`  the store's copy of ${SIM_BENCH_SHOP}: made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A signed-in client whose store account is connected to the bench shop with a simulator token (the shop's copy made). */
export async function connectedClient(ctx: ScenarioContext, label: string): Promise<StoreClient> {
  await loadNomenclature(ctx.database); // the address correction reads it
  const { user, headers } = await signedInClient(ctx, label);
  const db = ctx.database.db;
  const scopes = SHOPIFY_SCOPES.join(',');
  const token = await issueToken(db, { shop: SIM_BENCH_SHOP, clientId: SIM_APP_KEY, scopes });
  const row = await saveConnected(db, { userId: user.id, shop: SIM_BENCH_SHOP, name: 'Bench 10k', scopes });
  await setToken(db, row.id, tokenCipher(ctx.app.deps.config.tokenEncryptionKey).encrypt(token, `store_accounts:${row.id}:access`));
  await copiedShop(ctx);
  return { headers, accountId: row.id };
}

type Walked = { body: string; orderIds: string[] };

/** The awaiting tab's first pages, newest first and oldest first, fetched as the browser does (each cursor from the page before). */
export async function walkAwaiting(ctx: ScenarioContext, client: StoreClient): Promise<Walked[]> {
  const walked: Walked[] = [];
  for (const reversed of [false, true]) {
    let endCursor: string | null = null;
    for (let page = 1; page <= PAGES_EACH_WAY; page++) {
      const body = JSON.stringify({ type: 'AWAITING_ACTIVATION', count: 10, page, reversed, endCursor, interval: { start: null, end: null } });
      const res = await ctx.app.inject({ method: 'POST', url: `${LIST}/${client.accountId}`, headers: { ...client.headers, 'content-type': 'application/json' }, payload: body });
      if (res.statusCode !== 200) throw new Error(`awaiting page ${page}: ${res.statusCode} ${res.body}`);
      const answer = res.json() as { list: { shopifyGraphQLId: string }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
      walked.push({ body, orderIds: answer.list.map((o) => o.shopifyGraphQLId) });
      if (!answer.pageInfo.hasNextPage) break;
      endCursor = answer.pageInfo.endCursor;
    }
  }
  return walked;
}

const listRequests = (client: StoreClient, walked: Walked[]): BenchRequest[] =>
  walked.map((w) => ({ method: 'POST', path: `${LIST}/${client.accountId}`, headers: { 'content-type': 'application/json' }, body: w.body }));

export const storeAwaiting: Scenario = {
  name: 'store-awaiting',
  description: 'POST /api/user/integration/shopify/orders/{clientId}, AWAITING_ACTIVATION: a cursor page of 10 of the 10,000-order shop, read from the store’s copy (steady state)',
  targetP95Ms: 50,
  async prepare(ctx) {
    const client = await connectedClient(ctx, 'awaiting');
    // Walking the pages once gives each page's cursor (as the browser sends them).
    const walked = await walkAwaiting(ctx, client);
    return { requests: listRequests(client, walked), headers: client.headers };
  },
};

/** Accounts of the cold scenarios: the orders each answer showed are written again by the sync after it (outside its time). */
const coldAccounts = new Map<number, { whole: boolean }>();
const coldTag = (tag: unknown) => typeof tag === 'string' && /:store-(awaiting|order)-cold$/.test(tag);

/**
 * After each answer of a cold scenario (outside its measured time), the orders it showed are written
 * anew in the copy (each row a new version, as the sync writes an order that arrived or changed): the
 * next read of that page is the first read of rows just written. Since issue 28 §4 a first read
 * computes nothing: the verdicts and recipients are computed when the order arrives.
 */
const rewriting = new WeakSet<object>();
function rewriteAfterAnswer(app: Parameters<NonNullable<Scenario['routes']>>[0]) {
  if (rewriting.has(app)) return;
  rewriting.add(app);
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!coldTag(req.headers['x-bench'])) return payload;
    const account = Number(/\/(?:orders|order)\/(\d+)/.exec(req.url)?.[1]);
    const cold = coldAccounts.get(account);
    if (!cold || typeof payload !== 'string') return payload;
    const ids = cold.whole ? [(JSON.parse(payload) as { order?: { shopifyGraphQLId: string } }).order?.shopifyGraphQLId ?? ''] : ((JSON.parse(payload) as { list?: { shopifyGraphQLId: string }[] }).list ?? []).map((o) => o.shopifyGraphQLId);
    (req as unknown as { coldIds?: string[] }).coldIds = ids.filter(Boolean);
    return payload;
  });
  app.addHook('onResponse', async (req) => {
    const ids = (req as unknown as { coldIds?: string[] }).coldIds;
    const account = Number(/\/(?:orders|order)\/(\d+)/.exec(req.url)?.[1]);
    const cold = coldAccounts.get(account);
    if (!ids?.length || !cold) return;
    // Each row written again as the sync writes it (a new version of the row: summary, verdict, whole order, its time).
    const t = storeShopOrders;
    await app.deps.database.db
      .update(t)
      .set({ summary: sql`${t.summary} || '{}'::jsonb`, detail: sql`${t.detail} || '{}'::jsonb`, syncedAt: new Date() })
      .where(and(eq(t.shop, SIM_BENCH_SHOP), inArray(t.orderId, ids)));
  });
}

export const storeAwaitingCold: Scenario = {
  name: 'store-awaiting-cold',
  description: 'the same pages, every one a first read of rows the sync just wrote (the page’s orders written anew after each answer)',
  targetP95Ms: 50,
  routes: rewriteAfterAnswer,
  async prepare(ctx) {
    const client = await connectedClient(ctx, 'cold');
    const walked = await walkAwaiting(ctx, client);
    coldAccounts.set(client.accountId, { whole: false });
    return { requests: listRequests(client, walked), headers: client.headers };
  },
};

/** About 290 order pages: half the orders from the awaiting pages (what the list opens), half anywhere in the shop (any state). */
async function orderRequests(ctx: ScenarioContext, client: StoreClient): Promise<BenchRequest[]> {
  const awaiting = (await walkAwaiting(ctx, client)).flatMap((w) => w.orderIds);
  const ids = new Set<string>();
  for (let k = 0; k < 150; k++) ids.add(awaiting[between(ctx.random, 0, awaiting.length - 1)]!);
  for (let k = 0; k < 150; k++) ids.add(`gid://shopify/Order/${between(ctx.random, 1001, 11_000)}`);
  return [...ids].map((id) => `/api/user/integration/shopify/order/${client.accountId}/${encodeURIComponent(encodeURIComponent(id))}`);
}

export const storeOrder: Scenario = {
  name: 'store-order',
  description: 'GET /api/user/integration/shopify/order/{clientId}/{id}: one order of the 10,000-order shop as its page shows it (recipient kept, senders, products; steady state)',
  targetP95Ms: 50,
  async prepare(ctx) {
    const client = await connectedClient(ctx, 'order');
    const requests = await orderRequests(ctx, client);
    // Each page read once before the load, as the awaiting walk reads its pages: the load reads the kept recipients (steady state).
    for (const path of requests as string[]) {
      const res = await ctx.app.inject({ method: 'GET', url: path, headers: client.headers });
      if (res.statusCode !== 200) throw new Error(`order page ${path}: ${res.statusCode} ${res.body}`);
    }
    return { requests, headers: client.headers };
  },
};

export const storeOrderCold: Scenario = {
  name: 'store-order-cold',
  description: 'the same order pages, every one a first read of the order the sync just wrote whole (written anew after each answer)',
  targetP95Ms: 50,
  routes: rewriteAfterAnswer,
  async prepare(ctx) {
    const client = await connectedClient(ctx, 'order-cold');
    const requests = await orderRequests(ctx, client);
    for (const path of requests as string[]) {
      const res = await ctx.app.inject({ method: 'GET', url: path, headers: client.headers });
      if (res.statusCode !== 200) throw new Error(`order page ${path}: ${res.statusCode} ${res.body}`);
    }
    coldAccounts.set(client.accountId, { whole: true });
    return { requests, headers: client.headers };
  },
};

/**
 * services-list for one fulfillment order (issue 14): the card's data as the order page sends it
 * (sender, corrected recipient, packing, options), answered by the direct shipments' engine. The
 * cards come from the awaiting pages' orders whose recipient needs no correction.
 */
export const storeServices: Scenario = {
  name: 'store-services',
  description: 'POST /api/user/integration/shopify/services-list/{clientId}: the couriers\' offers for one fulfillment order of the 10,000-order shop',
  targetP95Ms: 30,
  async prepare(ctx) {
    const client = await connectedClient(ctx, 'services');
    const ids = [...new Set((await walkAwaiting(ctx, client)).flatMap((w) => w.orderIds))].slice(0, 120);
    const requests: BenchRequest[] = [];
    for (const id of ids) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/user/integration/shopify/order/${client.accountId}/${encodeURIComponent(encodeURIComponent(id))}`, headers: client.headers });
      if (res.statusCode !== 200) throw new Error(`order page ${id}: ${res.statusCode} ${res.body}`);
      const { order } = res.json() as { order: TStoreOrderDetail };
      if (order.shippingTo.errors.length) continue;
      for (const card of order.shippingOrders.awaitingFulfillment) {
        if (!card.fromLocation.internalAddress || card.fromLocation.errors.length) continue;
        const body = JSON.stringify({ shopifyOrderId: order.shopifyGraphQLId, shopifyFulfillmentOrderId: card.fulfillmentOrderId, sender: card.fromLocation.internalAddress, recipient: order.shippingTo.internalAddress, packing: card.packing, extraOptions: card.extraOptions, mutations: [] });
        requests.push({ method: 'POST', path: `/api/user/integration/shopify/services-list/${client.accountId}`, headers: { 'content-type': 'application/json' }, body });
      }
    }
    if (requests.length < 20) throw new Error(`only ${requests.length} cards to quote`);
    return { requests, headers: client.headers };
  },
};

export const storeScenarios: Scenario[] = [storeAwaiting, storeAwaitingCold, storeOrder, storeOrderCold, storeServices];
