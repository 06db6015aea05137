import { and, eq } from 'drizzle-orm';
import { STORE_MOVE_MESSAGES, storeMovePath, storeOrderPath, type TStoreOrderResponse } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifySimWebhooks, storeAccounts, storeMoveClaims, storeWebhookDeliveries } from '../src/db/schema.js';
import { simulatedShopOrders, simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter, type FetchLike } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_SCOPES, SIM_APP_KEY, SIM_DEMO_SHOP, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { answerFulfillmentOrder } from '../src/integrations/store/simulator-mutations.js';
import { orderNodes } from '../src/integrations/store/simulator-orders.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { shopFulfillment, shopOrders } from '../src/modules/store/index.js';
import { MOVE_CLAIM_STALE_MS, MoveClaimBusy, moveClaims } from '../src/modules/store/store-move-claim.js';
import { storeService } from '../src/modules/store/store-service.js';
import { tokenCipher } from '../src/lib/token-cipher.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { addressCorrectionService } from '../src/modules/geo/index.js';

/*
 * Changing a shop's fulfillment orders (issue 13) against the simulator: its mutations with
 * Shopify's payloads and userErrors, the stored state read back, webhooks subscribed at connect and
 * delivered (signed) to our endpoint once each, and the move route with its owner checks.
 */

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let token: string;
let adapter: ReturnType<typeof shopifyAdapter>;
let fulfil: ReturnType<typeof shopFulfillment>;
let orders: ReturnType<typeof shopOrders>;
const IASI = 'gid://shopify/Location/3';

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createUser(ctx, { name: 'Alice Depozite SRL' });
  bob = await createUser(ctx, { name: 'Bob Depozite SRL' });
  token = await issueToken(ctx.database.db, { shop: SIM_DEMO_SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
  adapter = shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(ctx.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: simulatorFetch(ctx.app) });
  fulfil = shopFulfillment(adapter);
  orders = shopOrders(adapter);
}, 60_000);
afterAll(async () => ctx?.close());

/** The demo shop's open fulfillment orders (as generated), each with where it can move. */
const openFulfillmentOrders = (shop = SIM_DEMO_SHOP) =>
  orderNodes(shop)
    .flatMap((o) => o.fulfillmentOrders.nodes)
    .filter((fo) => fo.status === 'OPEN')
    .map(answerFulfillmentOrder);
const used = new Set<string>();
/** An open fulfillment order no other test took, matching the condition. */
function take(match: (fo: ReturnType<typeof openFulfillmentOrders>[number]) => boolean, shop = SIM_DEMO_SHOP) {
  const fo = openFulfillmentOrders(shop).find((x) => !used.has(x.id) && match(x));
  if (!fo) throw new Error('no such fulfillment order in the generated shop');
  used.add(fo.id);
  return fo;
}
const movableTo = (fo: ReturnType<typeof take>) => fo.locationsForMove.nodes.find((n) => n.movable)?.location.id;

describe('the simulator’s fulfillment-order mutations', () => {
  it('locationsForMove: the current location, a location that does not fulfil online orders and one lacking stock are not movable', async () => {
    const fo = take((x) => !!movableTo(x));
    const read = await fulfil.fulfillmentOrder(SIM_DEMO_SHOP, token, fo.id);
    expect(read!.locationsForMove).toHaveLength(3);
    expect(read!.locationsForMove.find((l) => l.id === fo.assignedLocation.location.id)).toMatchObject({ movable: false, message: 'Current location.' });
    expect(read!.locationsForMove.find((l) => l.id === IASI)).toMatchObject({ movable: false, message: 'Location does not fulfill online orders.' });
    const lacking = take((x) => !movableTo(x));
    const other = (await fulfil.fulfillmentOrder(SIM_DEMO_SHOP, token, lacking.id))!.locationsForMove.find((l) => l.id !== IASI && l.id !== lacking.assignedLocation.location.id)!;
    expect(other.movable).toBe(false);
    expect(other.message).toMatch(/^No inventory at this location for /);
    const refused = await fulfil.move(SIM_DEMO_SHOP, token, lacking.id, other.id);
    expect(refused.moved).toBeNull();
    expect(refused.userErrors).toEqual([{ field: ['newLocationId'], message: `Cannot move the fulfillment order: ${other.message}` }]);
  });

  it('moves a whole fulfillment order: the same one, at the new location, kept across reads; costs 10', async () => {
    const fo = take((x) => !!movableTo(x));
    const target = movableTo(fo)!;
    const raw = await adapter.graphql<{ fulfillmentOrderMove: { movedFulfillmentOrder: { id: string } } }>(SIM_DEMO_SHOP, token, 'mutation M($id: ID!, $to: ID!) { fulfillmentOrderMove(id: $id, newLocationId: $to) { movedFulfillmentOrder { id } userErrors { field message } } }', { id: fo.id, to: target });
    expect(raw.data.fulfillmentOrderMove.movedFulfillmentOrder.id).toBe(fo.id);
    expect(raw.extensions?.cost?.actualQueryCost).toBe(10);
    const order = await orders.one(SIM_DEMO_SHOP, token, fo.orderId);
    expect(order!.fulfillmentOrders.find((x) => x.id === fo.id)!.location.id).toBe(target);
    // Moving it again to where it is now is refused; to Iasi too.
    expect((await fulfil.move(SIM_DEMO_SHOP, token, fo.id, target)).userErrors[0]!.message).toBe('Cannot move the fulfillment order: Current location.');
    expect((await fulfil.move(SIM_DEMO_SHOP, token, fo.id, IASI)).userErrors).toHaveLength(1);
    expect((await fulfil.move(SIM_DEMO_SHOP, token, 'gid://shopify/FulfillmentOrder/99999991', target)).userErrors).toEqual([{ field: ['id'], message: 'Fulfillment order does not exist.' }]);
  });

  it('moves some lines: a new fulfillment order takes them, the original keeps the rest', async () => {
    const fo = take((x) => !!movableTo(x) && x.lineItems.nodes.length >= 2);
    const line = fo.lineItems.nodes[0]!;
    const result = await fulfil.move(SIM_DEMO_SHOP, token, fo.id, movableTo(fo)!, [{ id: line.id, quantity: line.remainingQuantity }]);
    expect(result.userErrors).toEqual([]);
    expect(result.moved!.id).not.toBe(fo.id);
    expect(result.moved!.location.id).toBe(movableTo(fo));
    expect(result.original).toMatchObject({ id: fo.id, status: 'OPEN', location: { id: fo.assignedLocation.location.id } });
    const order = await orders.one(SIM_DEMO_SHOP, token, fo.orderId);
    const moved = order!.fulfillmentOrders.find((x) => x.id === result.moved!.id)!;
    expect(moved.lineItems.map((l) => [l.sku, l.remainingQuantity])).toEqual([[line.sku, line.remainingQuantity]]);
    expect(order!.fulfillmentOrders.find((x) => x.id === fo.id)!.lineItems.find((l) => l.sku === line.sku)).toBeUndefined();
  });

  it('fulfils part then the rest: remaining quantities fall, the order becomes partly fulfilled then fulfilled, the fulfillment order closes', async () => {
    const fo = take((x) => x.lineItems.nodes.length >= 2);
    const [first] = fo.lineItems.nodes;
    const part = await fulfil.createFulfillment(SIM_DEMO_SHOP, token, { fulfillmentOrderId: fo.id, lines: [{ id: first!.id, quantity: first!.remainingQuantity }], tracking: { company: 'Colete Online', number: 'AWB123', url: 'https://colete-online.ro/awb/AWB123' } });
    expect(part.userErrors).toEqual([]);
    expect(part.fulfillment!.trackingInfo).toEqual([{ company: 'Colete Online', number: 'AWB123', url: 'https://colete-online.ro/awb/AWB123' }]);
    let order = await orders.one(SIM_DEMO_SHOP, token, fo.orderId);
    expect(order!.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(order!.fulfillmentOrders.find((x) => x.id === fo.id)).toMatchObject({ status: 'IN_PROGRESS' });
    const tooMany = await fulfil.createFulfillment(SIM_DEMO_SHOP, token, { fulfillmentOrderId: fo.id, lines: [{ id: first!.id, quantity: 1 }] });
    expect(tooMany.userErrors[0]!.message).toBe('Invalid fulfillment order line item quantity requested.');
    expect((await fulfil.createFulfillment(SIM_DEMO_SHOP, token, { fulfillmentOrderId: fo.id })).userErrors).toEqual([]);
    order = await orders.one(SIM_DEMO_SHOP, token, fo.orderId);
    const after = order!.fulfillmentOrders.find((x) => x.id === fo.id)!;
    expect(after.status).toBe('CLOSED');
    expect(after.lineItems.every((l) => l.remainingQuantity === 0)).toBe(true);
    expect(after.supportedActions).toEqual([]);
    if (order!.fulfillmentOrders.length === 1) expect(order!.fulfillmentStatus).toBe('FULFILLED');
    expect((await fulfil.createFulfillment(SIM_DEMO_SHOP, token, { fulfillmentOrderId: fo.id })).userErrors[0]!.message).toMatch(/unfulfillable status= closed/);
  });

  it('holds and releases: ON_HOLD with the reason, then open again; releasing twice is refused; a wrong reason too', async () => {
    const fo = take(() => true);
    const held = await fulfil.hold(SIM_DEMO_SHOP, token, fo.id, { reason: 'INCORRECT_ADDRESS', reasonNotes: 'Lipseste numarul strazii.' });
    expect(held.userErrors).toEqual([]);
    expect(held.fulfillmentOrder!.status).toBe('ON_HOLD');
    let order = await orders.one(SIM_DEMO_SHOP, token, fo.orderId);
    expect(order!.fulfillmentOrders.find((x) => x.id === fo.id)!.holds).toEqual([expect.objectContaining({ reason: 'INCORRECT_ADDRESS', reasonNotes: 'Lipseste numarul strazii.' })]);
    expect((await fulfil.release(SIM_DEMO_SHOP, token, fo.id)).fulfillmentOrder!.status).toBe('OPEN');
    order = await orders.one(SIM_DEMO_SHOP, token, fo.orderId);
    expect(order!.fulfillmentOrders.find((x) => x.id === fo.id)!.holds).toEqual([]);
    expect((await fulfil.release(SIM_DEMO_SHOP, token, fo.id)).userErrors).toEqual([{ field: ['id'], message: 'The fulfillment order is not on hold.' }]);
    // A reason outside Shopify's FulfillmentHoldReason enum: the variable is refused before anything runs (a top-level error).
    await expect(fulfil.hold(SIM_DEMO_SHOP, token, fo.id, { reason: 'BECAUSE' })).rejects.toThrow(/Variable \$fulfillmentHold of type FulfillmentOrderHoldInput! was provided invalid value.*FulfillmentHoldReason/);
  });

  it('a throttled mutation is waited out and retried', async () => {
    const slow = await createTestApp({ storeSimBucket: { maximumAvailable: 30, restoreRate: 10 } });
    try {
      const statuses: number[] = [];
      const inner = simulatorFetch(slow.app);
      const counting: FetchLike = async (input, init) => {
        const res = await inner(input, init);
        statuses.push(res.status);
        return res;
      };
      const slowToken = await issueToken(slow.database.db, { shop: SIM_DEMO_SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
      const slowFulfil = shopFulfillment(shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(slow.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: counting }));
      const fo = openFulfillmentOrders()[0]!;
      for (let k = 0; k < 3; k += 1) {
        expect((await slowFulfil.hold(SIM_DEMO_SHOP, slowToken, fo.id, { reason: 'OTHER' })).userErrors).toEqual([]);
        expect((await slowFulfil.release(SIM_DEMO_SHOP, slowToken, fo.id)).userErrors).toEqual([]);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.at(-1)).toBe(200);
    } finally {
      await slow.close();
    }
  }, 60_000);
});

/** A store connected through the consent flow (which subscribes the shop's webhooks). */
async function connect(user: TestUser, shop: string) {
  const needs = await as(ctx, user, { method: 'GET', url: `/api/user/integration/shopify/needs-auth?shop=${shop}` });
  const q = new URL((needs.json() as { redirectUrl: string }).redirectUrl, 'http://localhost').searchParams;
  const form = new URLSearchParams({ shop, client_id: q.get('client_id')!, scope: q.get('scope')!, redirect_uri: q.get('redirect_uri')!, state: q.get('state')!, decision: 'allow' });
  const consent = await ctx.app.inject({ method: 'POST', url: '/sim/shopify/admin/oauth/authorize', payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const back = new URL(String(consent.headers.location));
  const done = await as(ctx, user, { method: 'GET', url: `${back.pathname}${back.search}` });
  expect(done.headers.location).toBe('/profile/integration?shopify=connected');
  const [row] = await ctx.database.db.select().from(storeAccounts).where(and(eq(storeAccounts.shop, shop), eq(storeAccounts.userId, user.id)));
  return { id: row!.id, token: tokenCipher(ctx.config.tokenEncryptionKey).decrypt(row!.accessTokenEnc!, `store_accounts:${row!.id}:access`) };
}
const deliveries = (shop: string, topic: string) => ctx.database.db.select().from(storeWebhookDeliveries).where(and(eq(storeWebhookDeliveries.shop, shop), eq(storeWebhookDeliveries.topic, topic)));

describe('webhooks and the move route', () => {
  const SHOP = 'alice-depozite.myshopify.com';
  let store: { id: number; token: string };
  beforeAll(async () => {
    store = await connect(alice, SHOP);
  }, 60_000);

  it('connecting subscribes the shop’s seven topics at our address, once (connecting again changes nothing)', async () => {
    const subs = async () => (await ctx.database.db.select().from(shopifySimWebhooks).where(eq(shopifySimWebhooks.shop, SHOP))).map((s) => `${s.topic} ${s.callbackUrl}`).sort();
    const first = await subs();
    expect(first).toHaveLength(7);
    expect(first).toContain('FULFILLMENT_ORDERS_MOVED https://localhost/api/integration/shopify/webhooks');
    await connect(alice, SHOP);
    expect(await subs()).toEqual(first);
  });

  it('the route: another client’s store, an unknown fulfillment order or a malformed id answer 404; Iasi 400; a move succeeds once, even on a double click', async () => {
    const fo = take((x) => !!movableTo(x), SHOP);
    const target = movableTo(fo)!;
    const post = (user: TestUser, path: string) => as(ctx, user, { method: 'POST', url: path });
    expect((await post(bob, storeMovePath(store.id, 'localhost', fo.id, target))).statusCode).toBe(404);
    expect((await post(alice, storeMovePath(store.id, 'localhost', 'gid://shopify/FulfillmentOrder/99999991', target))).json()).toMatchObject({ message: STORE_MOVE_MESSAGES.notFound });
    expect((await post(alice, storeMovePath(store.id, 'localhost', 'gid://shopify/Order/1001', target))).statusCode).toBe(404);
    expect((await post(alice, `/api/user/integration/shopify/abc.localhost/fulfillment-order/1/move/1`)).statusCode).toBe(404);
    const iasi = await post(alice, storeMovePath(store.id, 'localhost', fo.id, IASI));
    expect(iasi.statusCode).toBe(400);
    expect(iasi.json()).toMatchObject({ message: STORE_MOVE_MESSAGES.failed });

    const [a, b] = await Promise.all([post(alice, storeMovePath(store.id, 'localhost', fo.id, target)), post(alice, storeMovePath(store.id, 'localhost', fo.id, target))]);
    for (const res of [a, b]) expect(res.json()).toEqual({ success: true, message: STORE_MOVE_MESSAGES.moved });
    const order = await shopOrders(adapter).one(SHOP, store.token, fo.orderId);
    expect(order!.fulfillmentOrders.find((x) => x.id === fo.id)!.location.id).toBe(target);
    // Moved once: one fulfillment_orders/moved, delivered signed to our endpoint and recorded once.
    expect(await deliveries(SHOP, 'FULFILLMENT_ORDERS_MOVED')).toHaveLength(1);
  });

  it('parallel moves from several server processes (each its own service) reach the shop once', async () => {
    const fo = take((x) => !!movableTo(x), SHOP);
    const target = movableTo(fo)!;
    let moveCalls = 0;
    const counting: typeof adapter = { ...adapter, graphql: (shop, tok, query, variables) => {
      if (/fulfillmentOrderMove\(/.test(query)) moveCalls += 1;
      return adapter.graphql(shop, tok, query, variables);
    } };
    const readiness = { hasActiveBilling: async () => true, balanceBani: async () => 0 };
    const processes = [1, 2, 3].map(() => storeService({ database: ctx.database, app: counting, tokenKey: ctx.config.tokenEncryptionKey, corrector: addressCorrectionService({ database: ctx.database }), readiness }));
    const answers = await Promise.all(processes.flatMap((p) => [p, p].map((s) => s.moveFulfillmentOrder(alice.id, store.id, fo.id, target))));
    expect(answers.filter((a) => a.moved)).toHaveLength(1);
    expect(moveCalls).toBe(1);
    expect((await fulfil.fulfillmentOrder(SHOP, store.token, fo.id))!.location.id).toBe(target);
    expect(await ctx.database.db.select().from(storeMoveClaims)).toEqual([]);
  });

  it('a move claim: a crashed mover’s stale claim is taken over; a live one makes the other wait, then give up', async () => {
    const db = ctx.database.db;
    await db.insert(storeMoveClaims).values({ key: 'crashed', owner: 'gone', claimedAt: new Date(Date.now() - MOVE_CLAIM_STALE_MS - 5_000) });
    expect(await moveClaims(db)('crashed', async () => 'mine')).toBe('mine');
    await db.insert(storeMoveClaims).values({ key: 'live', owner: 'other process' });
    await expect(moveClaims(db, { waitMs: 200 })('live', async () => 'never')).rejects.toBeInstanceOf(MoveClaimBusy);
    const waiting = moveClaims(db, { waitMs: 5_000 })('live', async () => 'after');
    await new Promise((r) => setTimeout(r, 150));
    await db.delete(storeMoveClaims).where(eq(storeMoveClaims.key, 'live'));
    expect(await waiting).toBe('after');
    expect(await db.select().from(storeMoveClaims)).toEqual([]);
  });

  it('the order page offers the locations to move to, with Shopify’s reasons in Romanian', async () => {
    const fo = take((x) => !!movableTo(x), SHOP);
    const res = await as(ctx, alice, { method: 'GET', url: `/api/${storeOrderPath(store.id, fo.orderId)}` });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (res.json() as TStoreOrderResponse).order;
    const card = detail.shippingOrders.awaitingFulfillment.find((a) => a.fulfillmentOrderId === fo.id)!;
    expect(card.fromLocation.hasViableLocationsForMove).toBe(true);
    expect(card.fromLocation.possibleLocationsForMove).toContainEqual({ locationId: movableTo(fo), name: expect.any(String), message: null, movable: true });
    expect(card.fromLocation.possibleLocationsForMove).toContainEqual({ locationId: IASI, name: 'Magazin Iasi', message: 'Locatia nu livreaza comenzi online.', movable: false });
    // The current location is left out.
    expect(card.fromLocation.possibleLocationsForMove.map((l) => l.locationId)).not.toContain(fo.assignedLocation.location.id);
    expect(Object.keys(detail.locationsForMove)).toContain(movableTo(fo));
  });

  it('an order cancelled in the shop: closed, nothing left to send, found by status:cancelled; orders/cancelled delivered once', async () => {
    const fo = take(() => true, SHOP);
    // Its order's other fulfillment orders close too: no other test takes them.
    for (const x of openFulfillmentOrders(SHOP)) if (x.orderId === fo.orderId) used.add(x.id);
    const sim = simulatedShopOrders(ctx.database, ctx.config.tokenEncryptionKey, ctx.app);
    expect(await sim.cancel(SHOP, fo.orderId)).not.toBeNull();
    expect(await sim.cancel(SHOP, fo.orderId)).toBeNull();
    const order = await orders.one(SHOP, store.token, fo.orderId);
    expect(order).toMatchObject({ closed: true, financialStatus: expect.stringMatching(/^(VOIDED|REFUNDED)$/) });
    expect(order!.cancelledAt).not.toBeNull();
    expect(order!.fulfillmentOrders.every((x) => x.status === 'CLOSED' && x.supportedActions.length === 0)).toBe(true);
    expect((await orders.page(SHOP, store.token, { first: 50, query: 'status:cancelled' })).orders.map((o) => o.id)).toContain(fo.orderId);
    expect((await orders.page(SHOP, store.token, { first: 50 })).orders.find((o) => o.id === fo.orderId)!.cancelledAt).not.toBeNull();
    expect(await deliveries(SHOP, 'ORDERS_CANCELLED')).toHaveLength(1);
    expect((await fulfil.move(SHOP, store.token, fo.id, IASI)).userErrors).toHaveLength(1);
  });

  it('holds and releases deliver their webhooks, each recorded once by our endpoint', async () => {
    const fo = take(() => true, SHOP);
    await fulfil.hold(SHOP, store.token, fo.id, { reason: 'OTHER', reasonNotes: 'Asteptam clientul.' });
    await fulfil.release(SHOP, store.token, fo.id);
    expect(await deliveries(SHOP, 'FULFILLMENT_ORDERS_PLACED_ON_HOLD')).toHaveLength(1);
    expect(await deliveries(SHOP, 'FULFILLMENT_ORDERS_HOLD_RELEASED')).toHaveLength(1);
  });
});
