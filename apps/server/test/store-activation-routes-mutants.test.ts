import { messages, USER_TYPE, type TPublicTracking } from '@colete/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rateWindows } from '../src/db/schema.js';
import { registerErrorHandler } from '../src/plugins/errors.js';
import type { StoreActivationService } from '../src/modules/store/store-activation.js';
import { PUBLIC_TRACKING_PER_MINUTE, publicTrackingRoutes, storeActivationRoutes } from '../src/modules/store/store-activation-routes.js';
import type { UserRow } from '../src/types.js';
import { openTestDatabase } from './helper.js';
import { storeCardBody } from './support/store-activation.js';

/**
 * The store activation's routes (store-activation-routes.ts) over a stand-in service, at the edges
 * their mutants showed untested (npm run mutate): each route's path, what it hands the service
 * (the acting client, the store account from the path, the body), its answer and message (only
 * the response schema's fields), the path's account id bounds, and the public tracking page (404,
 * no-store, its limit per address). The app is built in each test: npm run mutate switches a
 * mutant on for a test, not for a beforeAll, and the routes' mutants are in their registration.
 */
const sa = messages.storeActivation;
let database: Database;
let app: FastifyInstance;
const calls: { name: string; args: unknown[] }[] = [];
const client = { id: 7, userType: USER_TYPE.client, name: 'Alice' } as unknown as UserRow;
const refusal = { message: 'gata', storeUpdated: true, refusal: null };
/** A field no response schema has: the answers leave it out. */
const extra = { internal: 'x' };
const record =
  <T>(name: string, answer: T) =>
  async (...args: unknown[]) => {
    calls.push({ name, args });
    return answer;
  };
const service = {
  offers: record('offers', []),
  activate: record('activate', { uniqueId: 'U1', awb: 'AWB1', storeUpdated: true, ...extra }),
  save: record('save', undefined),
  cancelRefusedAwb: record('cancelRefusedAwb', { ...refusal, ...extra }),
  retryRefused: record('retryRefused', { ...refusal, storeUpdated: false, ...extra }),
  pickCodPart: record('pickCodPart', undefined),
} as unknown as StoreActivationService;
const tracking = { awb: 'AWB1', courierName: 'Curier', status: { text: 'In tranzit', color: 'blue' }, destinationCity: 'Cluj-Napoca', estimatedDelivery: null, events: [] } as unknown as Omit<TPublicTracking, 'success'>;

beforeAll(async () => {
  database = await openTestDatabase();
});
beforeEach(async () => {
  app = Fastify();
  app.decorate('deps', { database } as never);
  app.decorateRequest('user', null);
  app.decorateRequest('acting', null);
  app.addHook('onRequest', async (req) => {
    req.user = req.headers['x-user'] === 'none' ? null : client;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(storeActivationRoutes(service));
  await app.register(publicTrackingRoutes(async (awb) => (awb === 'AWB1' ? { ...tracking, ...extra } : null), { perMinute: 3 }));
  await app.ready();
});
afterEach(async () => app?.close());
afterAll(async () => database?.close());

const card = storeCardBody();
const parts = { shopifyOrderId: card.shopifyOrderId, shopifyFulfillmentOrderId: card.shopifyFulfillmentOrderId };
const base = '/api/user/integration/shopify';
async function call(method: 'POST' | 'PATCH', url: string, payload: object, headers: Record<string, string> = {}) {
  calls.length = 0;
  const res = await app.inject({ method, url, payload, headers });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, calls: [...calls] };
}

describe('the store activation routes', () => {
  it('answers the offers of the card, for the acting client and the store account in the path', async () => {
    const res = await call('POST', `${base}/services-list/12`, card);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, offers: [] });
    expect(res.calls).toHaveLength(1);
    expect(res.calls[0]!.name).toBe('offers');
    expect(res.calls[0]!.args.slice(0, 2)).toEqual([client, 12]);
    expect(res.calls[0]!.args[2]).toMatchObject({ shopifyOrderId: card.shopifyOrderId });
  });

  it('activates, saves and picks the cash on delivery part, each with its message', async () => {
    const activate = await call('POST', `${base}/order/12`, { ...card, activationId: 'svc', fulfilledLineItems: [{ fulfillmentLineItemId: 'gid://shopify/FulfillmentOrderLineItem/1', quantity: 1 }] });
    expect(activate.status).toBe(200);
    expect(activate.body).toEqual({ success: true, message: sa.activated, uniqueId: 'U1', awb: 'AWB1', storeUpdated: true });
    expect(activate.calls.map((c) => [c.name, c.args[0], c.args[1]])).toEqual([['activate', client, 12]]);
    const save = await call('PATCH', `${base}/order/13`, { ...card, activationId: null });
    expect(save.status).toBe(200);
    expect(save.body).toEqual({ success: true, message: sa.saved });
    expect(save.calls.map((c) => [c.name, c.args[0], c.args[1]])).toEqual([['save', client, 13]]);
    const cod = await call('POST', `${base}/order/14/cod-part`, parts);
    expect(cod.status).toBe(200);
    expect(cod.body).toEqual({ success: true, message: sa.codPicked });
    expect(cod.calls.map((c) => [c.name, c.args[0], c.args[1], c.args[2]])).toEqual([['pickCodPart', client, 14, parts]]);
  });

  it('cancels the AWB of a refused fulfillment, or retries it', async () => {
    const cancel = await call('POST', `${base}/order/15/refusal/cancel-awb`, parts);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ success: true, ...refusal });
    expect(cancel.calls.map((c) => [c.name, c.args[0], c.args[1], c.args[2]])).toEqual([['cancelRefusedAwb', client, 15, parts]]);
    const retry = await call('POST', `${base}/order/16/refusal/retry`, parts);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ success: true, ...refusal, storeUpdated: false });
    expect(retry.calls.map((c) => [c.name, c.args[0], c.args[1], c.args[2]])).toEqual([['retryRefused', client, 16, parts]]);
  });

  it('takes a store account id from 1 to 2147483647 only, and only signed in', async () => {
    for (const id of ['0', '-1', '2147483648', '1.5', 'abc']) {
      const res = await call('POST', `${base}/order/${id}/cod-part`, parts);
      expect(res.status, id).toBe(400);
      expect(res.calls).toEqual([]);
    }
    expect((await call('POST', `${base}/order/2147483647/cod-part`, parts)).status).toBe(200);
    expect((await call('POST', `${base}/order/1/cod-part`, parts)).status).toBe(200);
    const stranger = await call('POST', `${base}/order/1/cod-part`, parts, { 'x-user': 'none' });
    expect(stranger.status).toBe(401);
    expect(stranger.calls).toEqual([]);
  });
});

describe('the public tracking page', () => {
  it('answers a known AWB without caching, 404 for an unknown one, 400 for none or a too long one', async () => {
    const found = await app.inject({ method: 'GET', url: '/api/tracking/AWB1', remoteAddress: '10.0.0.1' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ success: true, ...tracking });
    expect(found.headers['cache-control']).toBe('no-store');
    const unknown = await app.inject({ method: 'GET', url: '/api/tracking/X', remoteAddress: '10.0.0.2' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: sa.trackingNotFound });
    expect((await app.inject({ method: 'GET', url: `/api/tracking/${'A'.repeat(40)}`, remoteAddress: '10.0.0.3' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/tracking/${'A'.repeat(41)}`, remoteAddress: '10.0.0.3' })).statusCode).toBe(400);
  });

  it('counts the calls of an address in the minute, each address apart', async () => {
    expect(PUBLIC_TRACKING_PER_MINUTE).toBe(30);
    const get = (ip: string) => app.inject({ method: 'GET', url: '/api/tracking/AWB1', remoteAddress: ip });
    for (let k = 0; k < 3; k++) expect((await get('10.0.1.1')).statusCode).toBe(200);
    const over = await get('10.0.1.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: sa.tooManyRequests });
    expect((await get('10.0.1.2')).statusCode).toBe(200);
    // Counted in the database under the page's own scope, shared by every instance.
    const counted = await database.db.select().from(rateWindows).where(eq(rateWindows.key, '10.0.1.1'));
    expect([...new Set(counted.map((r) => r.scope))]).toEqual(['public-tracking']);
    expect(counted.reduce((sum, r) => sum + r.hits, 0)).toBe(3); // in one minute's row, or two across its end
  });
});
