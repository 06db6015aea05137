import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createAdminApiClient } from '@shopify/admin-api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { storeAccounts, storeWebhookDeliveries, users } from '../src/db/schema.js';
import { cleanupSessions } from '../src/jobs/session-cleanup.js';
import { shopifyAdapter, type FetchLike } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_API_VERSION, SHOPIFY_WEBHOOK_PATH, SIM_APP_KEY, signQuery, signWebhook, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { SIM_APPS_PATH, SIM_AUTHORIZE_PATH } from '../src/integrations/store/simulator.js';
import { tokenCipher } from '../src/lib/token-cipher.js';
import { loadNomenclature } from '../src/modules/geo/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';

/*
 * Connecting a Shopify store (issue 13, first part) against the built-in simulator: the consent
 * flow and its checks, owner checks, webhooks (HMAC, once per delivery, app/uninstalled, the
 * compliance topics), the throttle, and Shopify's own client working against the simulator.
 */

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let secret: string;
const DEMO = 'colete-demo.myshopify.com';

beforeAll(async () => {
  // The simulated shops on Shopify Plus (the tests' default); the throttle's own tests below go
  // through a second app over the same database with a small bucket.
  ctx = await createTestApp();
  // The location check places the shop's addresses in the nomenclature (the server loads it at start).
  await loadNomenclature(ctx.database);
  alice = await createUser(ctx, { name: 'Alice Magazin SRL' });
  bob = await createUser(ctx, { name: 'Bob Magazin SRL' });
  secret = simAppSecret(ctx.config.tokenEncryptionKey);
}, 60_000);
afterAll(async () => ctx?.close());

/** needs-auth for a new shop, then the simulator's consent page (approve or refuse); answers the redirect to our callback. */
async function consent(user: TestUser, shop: string, decision: 'allow' | 'deny', scope?: string) {
  const needs = await as(ctx, user, { method: 'GET', url: `/api/user/integration/shopify/needs-auth?shop=${encodeURIComponent(shop)}` });
  expect(needs.statusCode, needs.body).toBe(200);
  const { needsAuth, redirectUrl } = needs.json() as { needsAuth: boolean; redirectUrl: string };
  expect(needsAuth).toBe(true);
  const page = await ctx.app.inject({ method: 'GET', url: redirectUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Magazin de test');
  const q = new URL(redirectUrl, 'http://localhost').searchParams;
  const form = new URLSearchParams({ shop: q.get('shop')!, client_id: q.get('client_id')!, scope: scope ?? q.get('scope')!, redirect_uri: q.get('redirect_uri')!, state: q.get('state')!, decision });
  const res = await ctx.app.inject({ method: 'POST', url: SIM_AUTHORIZE_PATH, payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.statusCode).toBe(302);
  return { back: new URL(String(res.headers.location)), state: q.get('state')! };
}

/** The browser arriving at our callback: where it is sent next. */
async function callback(user: TestUser, url: URL) {
  const res = await as(ctx, user, { method: 'GET', url: `${url.pathname}${url.search}` });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

async function connect(user: TestUser, shop = DEMO) {
  const { back } = await consent(user, shop, 'allow');
  expect(await callback(user, back)).toBe('/profile/integration?shopify=connected');
  const [row] = await ctx.database.db.select().from(storeAccounts).where(eq(storeAccounts.shop, shop)).orderBy(storeAccounts.id);
  return { back, row: row! };
}

const list = async (user: TestUser) =>
  ((await as(ctx, user, { method: 'GET', url: '/api/user/integration/shopify/accounts' })).json() as { list: { clientId: number; shop: string; name: string; status: string; disconnectReason: string | null }[] }).list;

const tokenOf = (row: { id: number; accessTokenEnc: string | null }) => tokenCipher(ctx.config.tokenEncryptionKey).decrypt(row.accessTokenEnc!, `store_accounts:${row.id}:access`);

function webhook(topic: string, shop: string, body: object, opts: { id?: string; hmac?: string } = {}) {
  const raw = JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: SHOPIFY_WEBHOOK_PATH,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': opts.hmac ?? signWebhook(secret, raw),
      'x-shopify-shop-domain': shop,
      'x-shopify-api-version': SHOPIFY_API_VERSION,
      'x-shopify-webhook-id': opts.id ?? randomUUID(),
    },
  });
}

describe('connecting a store', () => {
  it('connects the demo shop through the consent page: the account is listed and its token is stored encrypted', async () => {
    const { row } = await connect(alice);
    expect(await list(alice)).toMatchObject([{ clientId: row.id, shop: DEMO, name: 'Colete Demo', status: 'CONNECTED', disconnectReason: null }]);
    expect(row.accessTokenEnc).toMatch(/^v1\./);
    expect(row.accessTokenEnc).not.toContain('shpat_');
    expect(tokenOf(row)).toMatch(/^shpat_[0-9a-f]{32}$/);
    expect(row.scopes.split(',')).toContain('read_orders');
    // Connected with every scope: it does not need the consent again.
    const needs = await as(ctx, alice, { method: 'GET', url: `/api/user/integration/shopify/needs-auth?apiClientId=${row.id}` });
    expect(needs.json()).toMatchObject({ needsAuth: false, redirectUrl: null });
  });

  it('a refusal on the consent page connects nothing', async () => {
    const { back } = await consent(bob, 'bob-refuza.myshopify.com', 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await callback(bob, back)).toBe('/profile/integration?shopify=error&reason=refused');
    expect(await list(bob)).toEqual([]);
  });

  it('an unsigned error redirect (OAuth access_denied) is a refusal too; one without a code or error connects nothing', async () => {
    const { back, state } = await consent(bob, 'bob-nesemnat.myshopify.com', 'deny');
    // As an OAuth server may send it: the error and the state, no hmac or timestamp.
    const unsigned = new URL(back.pathname, back.origin);
    for (const [k, v] of Object.entries({ error: 'access_denied', state, shop: 'bob-nesemnat.myshopify.com' })) unsigned.searchParams.set(k, v);
    expect(await callback(bob, unsigned)).toBe('/profile/integration?shopify=error&reason=refused');
    // The state is spent: the signed redirect that follows is not a second outcome.
    expect(await callback(bob, back)).toBe('/profile/integration?shopify=error&reason=failed');
    const noCode = await consent(bob, 'bob-fara-cod.myshopify.com', 'allow');
    noCode.back.searchParams.delete('code');
    expect(await callback(bob, noCode.back)).toBe('/profile/integration?shopify=error&reason=failed');
    expect(await list(bob)).toEqual([]);
  });

  it('refuses a state used twice, an expired timestamp and a wrong hmac', async () => {
    const shop = 'alice-doi.myshopify.com';
    const { back } = await consent(alice, shop, 'allow');
    // The same redirect again (a replay): the state was spent by the first arrival.
    expect(await callback(alice, back)).toBe('/profile/integration?shopify=connected');
    expect(await callback(alice, back)).toBe('/profile/integration?shopify=error&reason=failed');

    // A redirect signed correctly but older than 90 s.
    const late = await consent(alice, 'alice-trei.myshopify.com', 'allow');
    const params = Object.fromEntries(late.back.searchParams);
    params.timestamp = String(Math.floor(Date.now() / 1000) - 120);
    params.hmac = signQuery(secret, params);
    const lateUrl = new URL(late.back.pathname, 'http://localhost');
    for (const [k, v] of Object.entries(params)) lateUrl.searchParams.set(k, v);
    expect(await callback(alice, lateUrl)).toBe('/profile/integration?shopify=error&reason=failed');

    // The fresh redirect with one parameter changed after signing.
    const forged = new URL(late.back);
    forged.searchParams.set('shop', 'alice-altul.myshopify.com');
    expect(await callback(alice, forged)).toBe('/profile/integration?shopify=error&reason=failed');
    expect((await list(alice)).map((a) => a.shop).sort()).toEqual([DEMO, shop].sort());
  });

  it('refuses a shop that is not name.myshopify.com, with its message', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: '/api/user/integration/shopify/needs-auth?shop=https://exemplu.ro' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Introduceti adresa magazinului Shopify, de forma nume.myshopify.com!', errors: { shop: expect.any(String) } });
  });

  it("another user's store answers 404 (needs-auth, disconnect)", async () => {
    const [account] = await list(alice);
    const needs = await as(ctx, bob, { method: 'GET', url: `/api/user/integration/shopify/needs-auth?apiClientId=${account!.clientId}` });
    expect(needs.statusCode).toBe(404);
    const del = await as(ctx, bob, { method: 'DELETE', url: `/api/user/integration/shopify/accounts/${account!.clientId}` });
    expect(del.statusCode).toBe(404);
    expect((await list(alice))[0]!.status).toBe('CONNECTED');
  });
});

describe('webhooks', () => {
  it('a wrong or missing HMAC answers 401 and changes nothing', async () => {
    const wrong = await webhook('app/uninstalled', DEMO, { domain: DEMO }, { hmac: signWebhook('another secret', '{}') });
    expect(wrong.statusCode).toBe(401);
    const empty = await webhook('app/uninstalled', DEMO, { domain: DEMO }, { hmac: '' });
    expect(empty.statusCode).toBe(401);
    expect((await list(alice)).find((a) => a.shop === DEMO)!.status).toBe('CONNECTED');
  });

  it('uninstalling the app in the shop sends app/uninstalled: the store shows disconnected and its token is deleted', async () => {
    const [before] = await ctx.database.db.select().from(storeAccounts).where(eq(storeAccounts.shop, DEMO));
    const token = tokenOf(before!);
    const res = await ctx.app.inject({ method: 'POST', url: SIM_APPS_PATH, payload: `shop=${DEMO}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.body).toContain('a fost dezinstalata');
    const [after] = await ctx.database.db.select().from(storeAccounts).where(eq(storeAccounts.shop, DEMO));
    expect(after).toMatchObject({ status: 'DISCONNECTED', accessTokenEnc: null, disconnectReason: 'uninstalled' });
    // The shop no longer accepts the old token.
    const gql = await simulatorFetch(ctx.app)(`https://${DEMO}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(gql.status).toBe(401);
    // Disconnected, it needs the consent again.
    const needs = await as(ctx, alice, { method: 'GET', url: `/api/user/integration/shopify/needs-auth?apiClientId=${after!.id}` });
    expect(needs.json()).toMatchObject({ needsAuth: true, redirectUrl: expect.stringContaining('/admin/oauth/authorize?') });
  });

  it('a repeated delivery (same X-Shopify-Webhook-Id) is processed once', async () => {
    const shop = 'alice-repetat.myshopify.com';
    await connect(alice, shop);
    const id = randomUUID();
    expect((await webhook('app/uninstalled', shop, { domain: shop }, { id })).statusCode).toBe(200);
    expect((await list(alice)).find((a) => a.shop === shop)!.status).toBe('DISCONNECTED');
    await connect(alice, shop);
    // The same delivery again: acknowledged, not processed (the store stays connected).
    expect((await webhook('app/uninstalled', shop, { domain: shop }, { id })).statusCode).toBe(200);
    expect((await list(alice)).find((a) => a.shop === shop)!.status).toBe('CONNECTED');
  });

  it('answers the mandatory compliance topics; shop/redact erases a shop that uninstalled', async () => {
    const customer = { shop_domain: DEMO, customer: { id: 1, email: 'client@exemplu.ro' }, orders_requested: [1001] };
    expect((await webhook('customers/data_request', DEMO, customer)).statusCode).toBe(200);
    expect((await webhook('customers/redact', DEMO, customer)).statusCode).toBe(200);
    expect((await webhook('shop/redact', DEMO, { shop_id: 1, shop_domain: DEMO })).statusCode).toBe(200);
    expect((await list(alice)).map((a) => a.shop)).not.toContain(DEMO);
  });
});

describe('housekeeping', () => {
  it('the cleanup job forgets delivery ids after 30 days (a delivery of yesterday is still recognised)', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    const day = 86_400_000;
    await ctx.database.db.insert(storeWebhookDeliveries).values([
      { webhookId: old, topic: 'ORDERS_CREATE', shop: DEMO, receivedAt: new Date(Date.now() - 31 * day) },
      { webhookId: recent, topic: 'ORDERS_CREATE', shop: DEMO, receivedAt: new Date(Date.now() - day) },
    ]);
    const result = await cleanupSessions(ctx.database);
    expect(result.webhookDeliveries).toBe(1);
    const kept = await ctx.database.db.select({ id: storeWebhookDeliveries.webhookId }).from(storeWebhookDeliveries);
    expect(kept.map((r) => r.id)).toContain(recent);
    expect(kept.map((r) => r.id)).not.toContain(old);
  });
});

describe('the Admin GraphQL API of the simulator', () => {
  // The same shops through an instance whose simulator has a small bucket (40 points, 10 a second),
  // so the throttle is reached with a couple of calls.
  let small: FastifyInstance;
  beforeAll(async () => {
    small = await buildApp({ config: { ...ctx.config, storeSimBucket: { maximumAvailable: 40, restoreRate: 10 } }, database: ctx.database });
    await small.ready();
  });
  afterAll(async () => small?.close());

  /** A fresh token of a newly connected shop (connected on Plus: its bucket is full on the small instance). */
  async function freshToken(shop: string) {
    const { row } = await connect(bob, shop);
    return tokenOf(row);
  }

  it("Shopify's own @shopify/admin-api-client works against it unchanged (data, cost, a throttled 429)", async () => {
    const shop = 'bob-client.myshopify.com';
    const accessToken = await freshToken(shop);
    const client = createAdminApiClient({ storeDomain: shop, apiVersion: SHOPIFY_API_VERSION, accessToken, customFetchApi: simulatorFetch(small) });
    const answer = await client.request<{ shop: { myshopifyDomain: string }; locations: { nodes: { name: string; address: { countryCode: string } }[] } }>(
      'query Setup { shop { myshopifyDomain } locations(first: 5) { nodes { name address { countryCode } } } }',
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.shop.myshopifyDomain).toBe(shop);
    expect(answer.data?.locations.nodes).toHaveLength(3);
    // Shopify's rules: the shop 1, the connection 2 + 5 locations x (location 1 + address 1) asked; 2 + 3 x 2 answered.
    expect(answer.extensions).toMatchObject({ cost: { requestedQueryCost: 13, actualQueryCost: 9, throttleStatus: { maximumAvailable: 40, restoreRate: 10 } } });
    // More than the bucket holds at all: refused outright.
    const tooBig = await client.request('query TooMany { orders(first: 39) { nodes { id } } }');
    expect(tooBig.errors?.graphQLErrors).toMatchObject([{ extensions: { code: 'MAX_COST_EXCEEDED', cost: 41 } }]);
    // 40 points asked of the 31 left (9 short: most of a second at 10 a second): THROTTLED, with HTTP 429 and Retry-After.
    const throttled = await client.fetch('query Many { orders(first: 38) { nodes { id } } }');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await throttled.json()).toMatchObject({ errors: [{ extensions: { code: 'THROTTLED' } }], extensions: { cost: { actualQueryCost: null } } });
  });

  it('the adapter retries throttled answers until the bucket has room', async () => {
    const shop = 'bob-rabdator.myshopify.com';
    const accessToken = await freshToken(shop);
    const statuses: number[] = [];
    const inner = simulatorFetch(small);
    const counting: FetchLike = async (input, init) => {
      const res = await inner(input, init);
      statuses.push(res.status);
      return res;
    };
    const adapter = shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: secret, hostName: 'localhost', authorizeBase: () => '', fetch: counting });
    const orders = 'query Orders($first: Int!) { orders(first: $first) { nodes { name } pageInfo { hasNextPage endCursor } } }';
    // 40 points asked, 14 spent (12 orders): 26 left; the second call waits for the bucket (14 short: more than a second).
    const first = await adapter.graphql<{ orders: { nodes: { name: string }[] } }>(shop, accessToken, orders, { first: 38 });
    const second = await adapter.graphql<{ orders: { nodes: { name: string }[] } }>(shop, accessToken, orders, { first: 38 });
    expect(first.data.orders.nodes).toHaveLength(12);
    expect(second.data.orders.nodes.map((o) => o.name)).toEqual(first.data.orders.nodes.map((o) => o.name));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(200);
  }, 20_000);
});

describe('the simulated shop answers as Shopify does', () => {
  it('pages orders by cursor and filters them by date; refuses unknown fields and missing scopes; a mutation answers userErrors', async () => {
    const shop = 'bob-pagini.myshopify.com';
    const { row } = await connect(bob, shop);
    const accessToken = tokenOf(row);
    const adapter = shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: secret, hostName: 'localhost', authorizeBase: () => '', fetch: simulatorFetch(ctx.app) });
    type Page = { orders: { nodes: { name: string; createdAt: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    const orders = 'query Orders($after: String, $query: String) { orders(first: 5, after: $after, query: $query, reverse: true) { nodes { name createdAt } pageInfo { hasNextPage endCursor } } }';
    const first = await adapter.graphql<Page>(shop, accessToken, orders);
    const second = await adapter.graphql<Page>(shop, accessToken, orders, { after: first.data.orders.pageInfo.endCursor });
    expect(first.data.orders.nodes.map((o) => o.name)).toEqual(['#1012', '#1011', '#1010', '#1009', '#1008']);
    expect(second.data.orders.nodes.map((o) => o.name)).toEqual(['#1007', '#1006', '#1005', '#1004', '#1003']);
    expect(first.data.orders.pageInfo.hasNextPage).toBe(true);
    const since = first.data.orders.nodes[2]!.createdAt;
    const recent = await adapter.graphql<Page>(shop, accessToken, orders, { query: `created_at:>=${since}` });
    expect(recent.data.orders.nodes.map((o) => o.name)).toEqual(['#1012', '#1011', '#1010']);

    await expect(adapter.graphql(shop, accessToken, '{ draftOrders(first: 1) { nodes { id } } }')).rejects.toThrow(/undefinedField/);
    const mutation = 'mutation Subscribe($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) { webhookSubscription { id } userErrors { field message } } }';
    const refused = await adapter.graphql<{ webhookSubscriptionCreate: { userErrors: { field: string[] }[] } }>(shop, accessToken, mutation, { topic: 'ORDERS_CREATE', webhookSubscription: { callbackUrl: 'http://exemplu.ro/hook', format: 'JSON' } });
    expect(refused.data.webhookSubscriptionCreate.userErrors).toEqual([{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address protocol http:// is not supported' }]);

    // A token granted read_orders only: locations are refused with ACCESS_DENIED.
    const dan = await createUser(ctx, { name: 'Eva Magazin SRL' });
    const { back } = await consent(dan, 'eva-partial.myshopify.com', 'allow', 'read_orders');
    await callback(dan, back);
    const [partial] = await ctx.database.db.select().from(storeAccounts).where(eq(storeAccounts.shop, 'eva-partial.myshopify.com'));
    await expect(adapter.graphql('eva-partial.myshopify.com', tokenOf(partial!), '{ locations(first: 1) { nodes { id } } }')).rejects.toThrow(/ACCESS_DENIED/);
  }, 20_000);
});

describe('check-account-configuration', () => {
  const check = async (user: TestUser, clientId: number) => {
    const res = await as(ctx, user, { method: 'GET', url: `/api/user/integration/shopify/check-account-configuration/${clientId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { list: { code: string; message: string; documentationUrl: string | null; allowTesting: boolean }[]; allowTesting: boolean };
  };

  it("runs the platform's checks: billing data and a way to pay (testing allowed), then none once both are there", async () => {
    const carol = await createUser(ctx, { name: 'Carol Magazin SRL' });
    const { row } = await connect(carol, 'carol-verificare.myshopify.com');
    const before = await check(carol, row.id);
    expect(before.list.map((e) => e.code)).toEqual(['noActiveBilling', 'noWayToPay']);
    expect(before.list[0]).toMatchObject({ message: 'Nu aveti date de facturare active. Adaugati-le din pagina Date facturare.', documentationUrl: '/profile/billing/data/list', allowTesting: true });
    expect(before.allowTesting).toBe(true);

    await activeCompany(ctx, carol);
    await ctx.database.db.update(users).set({ paymentType: 'postpaid' }).where(eq(users.id, carol.id));
    expect(await check(carol, row.id)).toMatchObject({ list: [], allowTesting: true });

    // Another client's store: 404.
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/integration/shopify/check-account-configuration/${row.id}` })).statusCode).toBe(404);

    // Disconnected: the store must be connected again, and the order cannot be shown for testing.
    await as(ctx, carol, { method: 'DELETE', url: `/api/user/integration/shopify/accounts/${row.id}` });
    expect(await check(carol, row.id)).toMatchObject({ list: [{ code: 'storeDisconnected', allowTesting: false }], allowTesting: false });
  });

  it('a store installed with fewer scopes is reported, and needs the consent again', async () => {
    const dan = await createUser(ctx, { name: 'Dan Magazin SRL' });
    const { back } = await consent(dan, 'dan-partial.myshopify.com', 'allow', 'read_orders');
    expect(await callback(dan, back)).toBe('/profile/integration?shopify=connected');
    const [account] = await list(dan);
    const result = await check(dan, account!.clientId);
    expect(result.list.map((e) => e.code)).toEqual(['missingScopes', 'noActiveBilling', 'noWayToPay']);
    expect(result.allowTesting).toBe(false);
    const needs = await as(ctx, dan, { method: 'GET', url: `/api/user/integration/shopify/needs-auth?apiClientId=${account!.clientId}` });
    expect(needs.json()).toMatchObject({ needsAuth: true });
  });
});
