import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeAccounts, storeWebhookDeliveries } from '../src/db/schema.js';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter, type FetchLike } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_API_VERSION, SHOPIFY_SCOPES, SIM_APP_KEY, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { tokenCipher } from '../src/lib/token-cipher.js';
import { storeService } from '../src/modules/store/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { addressCorrectionService } from '../src/modules/geo/index.js';

/*
 * Disconnecting a store (issue 13): the shop is first asked to revoke the app's access
 * (DELETE /admin/api_permissions/current.json, Shopify's uninstall by API request), then the token
 * is deleted. The simulator revokes every token of the app for the shop and sends app/uninstalled,
 * as Shopify does; a shop that cannot be reached is disconnected here all the same, and logged.
 */

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createUser(ctx, { name: 'Alice Magazin SRL' });
  bob = await createUser(ctx, { name: 'Bob Magazin SRL' });
}, 60_000);
afterAll(async () => ctx?.close());

/** A store account connected as the callback leaves it: the shop's token (issued by the simulator) sealed in the row. */
async function connected(user: TestUser, shop: string) {
  const { db } = ctx.database;
  const token = await issueToken(db, { shop, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
  const [row] = await db.insert(storeAccounts).values({ userId: user.id, shop, name: shop, status: 'CONNECTED', scopes: SHOPIFY_SCOPES.join(',') }).returning();
  const accessTokenEnc = tokenCipher(ctx.config.tokenEncryptionKey).encrypt(token, `store_accounts:${row!.id}:access`);
  await db.update(storeAccounts).set({ accessTokenEnc }).where(eq(storeAccounts.id, row!.id));
  return { id: row!.id, token };
}

/** What the shop answers to a GraphQL call with this token. */
async function shopAnswers(shop: string, token: string) {
  const res = await simulatorFetch(ctx.app)(`https://${shop}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query: '{ shop { name } }' }),
  });
  return res.status;
}

const accountRow = async (id: number) => (await ctx.database.db.select().from(storeAccounts).where(eq(storeAccounts.id, id)))[0]!;
const disconnectVia = (user: TestUser, id: number) => as(ctx, user, { method: 'DELETE', url: `/api/user/integration/shopify/accounts/${id}` });
const uninstalledDeliveries = (shop: string) =>
  ctx.database.db.select().from(storeWebhookDeliveries).where(and(eq(storeWebhookDeliveries.shop, shop), eq(storeWebhookDeliveries.topic, 'APP_UNINSTALLED')));

describe('disconnecting a store revokes the access at the shop', () => {
  it('the shop refuses the old token afterwards; the account is disconnected by the user, its token deleted', async () => {
    const shop = 'alice-revoca.myshopify.com';
    const { id, token } = await connected(alice, shop);
    expect(await shopAnswers(shop, token)).toBe(200);

    const res = await disconnectVia(alice, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Magazinul a fost deconectat!' });

    expect(await shopAnswers(shop, token)).toBe(401);
    expect(await accountRow(id)).toMatchObject({ status: 'DISCONNECTED', accessTokenEnc: null, disconnectReason: 'user' });
    // The shop told the platform the app was uninstalled, as Shopify does; the account stays disconnected by the user.
    expect(await uninstalledDeliveries(shop)).toHaveLength(1);
    // Revoking again with the old token: the shop no longer knows it.
    const again = await simulatorFetch(ctx.app)(`https://${shop}/admin/api_permissions/current.json`, { method: 'DELETE', headers: { 'x-shopify-access-token': token } });
    expect(again.status).toBe(401);
  });

  it('the simulator answers the revoke call as Shopify does: 200 with {} for a known token, 401 without one', async () => {
    const shop = 'bob-revoca.myshopify.com';
    const token = await issueToken(ctx.database.db, { shop, clientId: SIM_APP_KEY, scopes: 'read_orders' });
    const doFetch = simulatorFetch(ctx.app);
    const none = await doFetch(`https://${shop}/admin/api_permissions/current.json`, { method: 'DELETE' });
    expect(none.status).toBe(401);
    const ok = await doFetch(`https://${shop}/admin/api_permissions/current.json`, { method: 'DELETE', headers: { 'x-shopify-access-token': token } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({});
    expect(await shopAnswers(shop, token)).toBe(401);
  });

  it('while another client still has the same shop connected, the access is not revoked (it would cut that client off)', async () => {
    const shop = 'magazin-comun.myshopify.com';
    const a = await connected(alice, shop);
    const b = await connected(bob, shop);
    expect((await disconnectVia(alice, a.id)).statusCode).toBe(200);
    expect(await accountRow(a.id)).toMatchObject({ status: 'DISCONNECTED', accessTokenEnc: null, disconnectReason: 'user' });
    expect(await accountRow(b.id)).toMatchObject({ status: 'CONNECTED' });
    expect(await shopAnswers(shop, b.token)).toBe(200);
    // The last account of the shop disconnects: now the app's access is revoked.
    expect((await disconnectVia(bob, b.id)).statusCode).toBe(200);
    expect(await shopAnswers(shop, b.token)).toBe(401);
    expect(await accountRow(b.id)).toMatchObject({ status: 'DISCONNECTED', disconnectReason: 'user' });
  });

  it("another client's store answers 404 and its access is not revoked", async () => {
    const shop = 'alice-ramane.myshopify.com';
    const { id, token } = await connected(alice, shop);
    expect((await disconnectVia(bob, id)).statusCode).toBe(404);
    expect(await shopAnswers(shop, token)).toBe(200);
    expect(await accountRow(id)).toMatchObject({ status: 'CONNECTED' });
  });
});

describe('a shop that cannot revoke', () => {
  const readiness = { hasActiveBilling: async () => true, balanceBani: async () => 0 };
  const logger = () => ({ warn: vi.fn(), info: vi.fn() });
  const serviceWith = (fetch: FetchLike, log: ReturnType<typeof logger>) =>
    storeService({
      database: ctx.database,
      app: shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(ctx.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch }),
      tokenKey: ctx.config.tokenEncryptionKey,
      readiness,
      corrector: addressCorrectionService({ database: ctx.database }),
      log: log as unknown as Pick<FastifyBaseLogger, 'warn' | 'info'>,
    });

  it('an unreachable shop: disconnected here all the same, the failure logged', async () => {
    const shop = 'alice-departe.myshopify.com';
    const { id, token } = await connected(alice, shop);
    const log = logger();
    const unreachable: FetchLike = async () => {
      throw new TypeError('fetch failed: getaddrinfo ENOTFOUND');
    };
    await serviceWith(unreachable, log).disconnect(alice.id, id);
    expect(await accountRow(id)).toMatchObject({ status: 'DISCONNECTED', accessTokenEnc: null, disconnectReason: 'user' });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ shop, account: id }), 'store access not revoked at the shop (disconnected here all the same)');
    // Nothing reached the shop: the token is still valid there (the merchant removes the app in the shop).
    expect(await shopAnswers(shop, token)).toBe(200);
  });

  it('a shop answering 5xx is logged the same way; a token the shop already forgot (401) counts as revoked', async () => {
    const failing = logger();
    const { id } = await connected(alice, 'alice-eroare.myshopify.com');
    await serviceWith(async () => new Response('oops', { status: 503 }), failing).disconnect(alice.id, id);
    expect(failing.warn).toHaveBeenCalledTimes(1);
    expect(await accountRow(id)).toMatchObject({ status: 'DISCONNECTED' });

    const forgot = logger();
    const second = await connected(alice, 'alice-uitat.myshopify.com');
    await serviceWith(async () => new Response('{"errors":"[API] Invalid API key or access token"}', { status: 401 }), forgot).disconnect(alice.id, second.id);
    expect(forgot.warn).not.toHaveBeenCalled();
    expect(forgot.info).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'alreadyRevoked' }), 'store access revoked at the shop');
    expect(await accountRow(second.id)).toMatchObject({ status: 'DISCONNECTED', disconnectReason: 'user' });
  });
});
