import { STORE_FULFILLMENT_MAX_ATTEMPTS, STORE_REFUSAL_MESSAGES, storeActivationId, storeOrderPath, type TAwaitingFulfillmentOrder, type TOffer, type TStoreBulkRun, type TStoreOrderDetail } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, shipments, storeActivations } from '../src/db/schema.js';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_SCOPES, SIM_APP_KEY, SIM_DEMO_SHOP, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { setSimOutage, SIM_LOST_FULFILLMENT_ANSWERS } from '../src/integrations/store/simulator-mutations.js';
import { currentOrder, type SimFulfillmentOrder } from '../src/integrations/store/simulator-state.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import type { Jobs } from '../src/jobs/boss.js';
import { STORE_FULFILLMENTS_QUEUE } from '../src/jobs/store-fulfillments.js';
import { shopFulfillment } from '../src/modules/store/index.js';
import { refusalOfErrors } from '../src/modules/store/store-activation.js';
import { as, type TestContext, type TestUser } from './helper.js';
import { runJob } from './jobs-helper.js';
import { finishedBulkRun, storeTestApp, type StoreTestApp } from './support/store-app.js';
import { cardRequest } from './support/store-activation.js';

/*
 * Issue 24: a shop that refuses a store fulfillment for good after the AWB exists (a hold placed in
 * Shopify meanwhile) is asked no more; the order page and the bulk run say so in Romanian; the
 * merchant cancels the AWB (the balance refunded once) or retries after releasing the hold, each
 * once under a double click (409), another client's 404. And a fulfillment made in the shop whose
 * answer was lost is found by its AWB, never made twice.
 */

const SHOP = SIM_DEMO_SHOP;
let app: StoreTestApp;
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let account: number;
let jobs: Jobs;
let shop: ReturnType<typeof shopFulfillment>;
let token: string;

beforeAll(async () => {
  app = await storeTestApp({ topUpBani: 1_000_000, jobs: true });
  ({ ctx, alice, bob, account } = app);
  jobs = app.jobs!;
  token = await issueToken(ctx.database.db, { shop: SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
  shop = shopFulfillment(shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(ctx.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: simulatorFetch(ctx.app) }));
}, 90_000);
afterAll(async () => app?.close());

const gid = (n: number) => `gid://shopify/Order/${n}`;
async function orderOf(id: string, user = alice) {
  const res = await as(ctx, user, { method: 'GET', url: `/api/${storeOrderPath(account, id)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { order: TStoreOrderDetail }).order;
}
const bodyOf = cardRequest;
const used = new Set<string>();
/** An open order of one location, ready, that no other test took. */
async function openOrder() {
  for (let n = 1001; n < 1097; n += 1) {
    if (used.has(gid(n))) continue;
    const order = await orderOf(gid(n));
    const cards = order.shippingOrders.awaitingFulfillment;
    if (cards.length === 1 && order.shippingTo.errors.length === 0 && cards[0]!.fulfillmentHolds.length === 0 && !order.cancelled && !order.payment.hasCashOnDelivery) {
      used.add(gid(n));
      return { order, card: cards[0]! };
    }
  }
  throw new Error('no open order');
}
/** The activation's request for the card with its first valid home-delivery offer. */
async function activationOf(order: TStoreOrderDetail, card: TAwaitingFulfillmentOrder) {
  const offers = await as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/services-list/${account}`, payload: bodyOf(order, card) });
  expect(offers.statusCode, offers.body).toBe(200);
  const offer = (offers.json().offers as TOffer[]).find((o) => o.type !== 'locker' && o.errors.length === 0)!;
  const payload = { ...bodyOf(order, card), activationId: storeActivationId(offer.serviceId, null), fulfilledLineItems: card.lineItems.map((l) => ({ fulfillmentLineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity })) };
  return () => as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/order/${account}`, payload });
}
/** Activates the card with its first valid home-delivery offer; answers the route's answer. */
async function activate(order: TStoreOrderDetail, card: TAwaitingFulfillmentOrder) {
  const res = await (await activationOf(order, card))();
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { awb: string; uniqueId: string; storeUpdated: boolean };
}
const claimOf = async (fulfillmentOrderId: string) => (await ctx.database.db.select().from(storeActivations).where(eq(storeActivations.fulfillmentOrderId, fulfillmentOrderId)))[0]!;
/** The shop's fulfillments carrying the AWB. */
async function shopFulfillmentsOf(orderId: string, awb: string) {
  const order = (await currentOrder(ctx.database.db, SHOP, orderId))!;
  return (order.fulfillmentOrders.nodes as SimFulfillmentOrder[]).flatMap((fo) => fo.fulfillments ?? []).filter((f) => f.trackingInfo.some((t) => t.number === awb));
}
const refusalAction = (user: TestUser, action: 'cancel-awb' | 'retry', orderId: string, fulfillmentOrderId: string) =>
  as(ctx, user, { method: 'POST', url: `/api/user/integration/shopify/order/${account}/refusal/${action}`, payload: { shopifyOrderId: orderId, shopifyFulfillmentOrderId: fulfillmentOrderId } });
const refundsOf = async (uniqueId: string) => (await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.kind, 'refund')))).filter((e) => e.description.includes(uniqueId));

/** The card activated while the shop fails, then held in Shopify: the job's next run meets the hold. */
async function activatedThenHeld() {
  const { order, card } = await openOrder();
  await setSimOutage(ctx.database.db, SHOP, true);
  let made: Awaited<ReturnType<typeof activate>>;
  try {
    made = await activate(order, card);
    expect(made.storeUpdated).toBe(false);
  } finally {
    await setSimOutage(ctx.database.db, SHOP, false);
  }
  expect((await shop.hold(SHOP, token, card.fulfillmentOrderId, { reason: 'INCORRECT_ADDRESS', reasonNotes: 'Lipseste blocul.' })).userErrors).toEqual([]);
  return { order, card, made };
}

describe('a shop refusing the fulfillment for good after the AWB', () => {
  it('the job records the refusal once and stops asking; the order page says so; retrying while held is refused again, after the release it is made once (a double click: 409)', { timeout: 90_000 }, async () => {
    const { order, card, made } = await activatedThenHeld();
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    const refused = await claimOf(card.fulfillmentOrderId);
    expect(refused.refusedAt).toBeInstanceOf(Date);
    expect(refused.refusal).toEqual({ kind: 'onHold', message: null, hold: { reason: 'INCORRECT_ADDRESS', reasonNotes: 'Lipseste blocul.' } });
    expect(refused.fulfilledAt).toBeNull();
    // Asked no more: the next runs leave it as it is.
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    expect((await claimOf(card.fulfillmentOrderId)).attempts).toBe(refused.attempts);

    const text = 'Magazinul refuza actualizarea comenzii: comanda este blocata in Shopify (adresa incorecta: Lipseste blocul.).';
    const part = (await orderOf(order.shopifyGraphQLId)).shippingOrders.fulfilled.find((f) => f.internalOrder?.awb.main === made.awb)!;
    expect(part.storeRefusal).toEqual({ fulfillmentOrderId: card.fulfillmentOrderId, kind: 'onHold', text, refusedAt: refused.refusedAt!.toISOString() });

    // Another client: 404 for both actions.
    expect((await refusalAction(bob, 'retry', order.shopifyGraphQLId, card.fulfillmentOrderId)).statusCode).toBe(404);
    expect((await refusalAction(bob, 'cancel-awb', order.shopifyGraphQLId, card.fulfillmentOrderId)).statusCode).toBe(404);
    // Retried while the hold stands: the shop refuses again, nothing is made.
    const again = await refusalAction(alice, 'retry', order.shopifyGraphQLId, card.fulfillmentOrderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ storeUpdated: false, message: STORE_REFUSAL_MESSAGES.stillRefused, refusal: { kind: 'onHold', text } });

    // Released in Shopify, retried twice at once: one fulfillment, one 409.
    expect((await shop.release(SHOP, token, card.fulfillmentOrderId)).userErrors).toEqual([]);
    const answers = await Promise.all([0, 1].map(() => refusalAction(alice, 'retry', order.shopifyGraphQLId, card.fulfillmentOrderId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toEqual({ success: true, message: STORE_REFUSAL_MESSAGES.retried, storeUpdated: true, refusal: null });
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'refusalNotPending', message: STORE_REFUSAL_MESSAGES.notPending });
    expect(await shopFulfillmentsOf(order.shopifyGraphQLId, made.awb)).toHaveLength(1);
    const done = await claimOf(card.fulfillmentOrderId);
    expect(done).toMatchObject({ refusedAt: null, refusal: null });
    expect(done.fulfilledAt).toBeInstanceOf(Date);
    const after = (await orderOf(order.shopifyGraphQLId)).shippingOrders.fulfilled.find((f) => f.internalOrder?.awb.main === made.awb)!;
    expect(after.storePending ?? false).toBe(false);
    expect(after.storeRefusal ?? null).toBeNull();
    // Nothing left to decide: cancelling now is refused.
    expect((await refusalAction(alice, 'cancel-awb', order.shopifyGraphQLId, card.fulfillmentOrderId)).statusCode).toBe(409);
  });

  it('a bulk run’s result says so; cancelling the AWB refunds it once under a double click, and the run and the page stop saying it', { timeout: 120_000 }, async () => {
    const { order, card } = await openOrder();
    const base = `/api/user/integration/shopify/activate-orders/${account}`;
    await setSimOutage(ctx.database.db, SHOP, true);
    let run: TStoreBulkRun;
    try {
      run = await finishedBulkRun(ctx, alice, account, [{ shopifyGraphQLId: order.shopifyGraphQLId, orderDisplayName: order.orderDisplayName }]);
    } finally {
      await setSimOutage(ctx.database.db, SHOP, false);
    }
    const awb = run.orders[0]!.results[0]!.result!.awb;
    const uniqueId = run.orders[0]!.results[0]!.result!.uniqueId;
    expect(run.orders[0]!.results[0]!.storeRefusal ?? null).toBeNull();
    await shop.hold(SHOP, token, card.fulfillmentOrderId, { reason: 'OTHER', reasonNotes: null });
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    const read = async () => (await as(ctx, alice, { method: 'GET', url: `${base}/runs/${run.id}` })).json().run as TStoreBulkRun;
    const text = 'Magazinul refuza actualizarea comenzii: comanda este blocata in Shopify (alt motiv).';
    expect((await read()).orders[0]!.results[0]).toMatchObject({ result: { awb }, errors: [], storeRefusal: { kind: 'onHold', text, fulfillmentOrderId: card.fulfillmentOrderId } });
    expect(STORE_REFUSAL_MESSAGES.inRun(order.orderDisplayName, awb, text)).toBe(`Comanda ${order.orderDisplayName}: AWB ${awb} emis. ${text}`);

    const [shipment] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, uniqueId));
    expect(await refundsOf(uniqueId)).toHaveLength(0);
    const answers = await Promise.all([0, 1].map(() => refusalAction(alice, 'cancel-awb', order.shopifyGraphQLId, card.fulfillmentOrderId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toEqual({ success: true, message: STORE_REFUSAL_MESSAGES.cancelled, storeUpdated: false, refusal: null });
    const refunds = await refundsOf(uniqueId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountBani).toBe(shipment!.priceBani);
    expect((await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, uniqueId)))[0]!.status).toBe('cancelled');
    // Decided: the run, the page and the job leave it; retrying or cancelling again is refused.
    expect((await read()).orders[0]!.results[0]!.storeRefusal ?? null).toBeNull();
    const part = (await orderOf(order.shopifyGraphQLId)).shippingOrders.fulfilled.find((f) => f.internalOrder?.awb.main === awb)!;
    expect(part.storeRefusal ?? null).toBeNull();
    expect(part.storePending ?? false).toBe(false);
    expect((await refusalAction(alice, 'retry', order.shopifyGraphQLId, card.fulfillmentOrderId)).statusCode).toBe(409);
    expect((await refusalAction(alice, 'cancel-awb', order.shopifyGraphQLId, card.fulfillmentOrderId)).statusCode).toBe(409);
    expect(await refundsOf(uniqueId)).toHaveLength(1);
  });

  it('a part whose AWB was cancelled awaits again and is activated again once (two clicks at once: one new AWB, one charge), its shop told the new AWB', { timeout: 120_000 }, async () => {
    const { order, card, made } = await activatedThenHeld();
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    expect((await refusalAction(alice, 'cancel-awb', order.shopifyGraphQLId, card.fulfillmentOrderId)).statusCode).toBe(200);
    expect((await shop.release(SHOP, token, card.fulfillmentOrderId)).userErrors).toEqual([]);

    // The order page: the part awaits again; its cancelled shipment is still listed, with nothing pending.
    const page = await orderOf(order.shopifyGraphQLId);
    const again = page.shippingOrders.awaitingFulfillment.find((c) => c.fulfillmentOrderId === card.fulfillmentOrderId)!;
    expect(again).toBeDefined();
    const old = page.shippingOrders.fulfilled.find((f) => f.internalOrder?.uniqueId === made.uniqueId)!;
    expect(old.storePending ?? false).toBe(false);

    const send = await activationOf(page, again);
    const answers = await Promise.all([send(), send()]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const [first, second] = answers.map((a) => a.json() as { awb: string; uniqueId: string; storeUpdated: boolean });
    expect(second!.uniqueId).toBe(first!.uniqueId);
    expect(second!.awb).toBe(first!.awb);
    expect(first!.uniqueId).not.toBe(made.uniqueId);
    expect(first!.awb).not.toBe(made.awb);
    const claim = await claimOf(card.fulfillmentOrderId);
    expect(claim).toMatchObject({ generation: 1, refusedAt: null, refusal: null, refusalAction: null });
    expect(claim.fulfilledAt).toBeInstanceOf(Date);
    // One shipment per activation of the part; the old one stays cancelled, the new one charged once.
    const made2 = await ctx.database.db.select().from(shipments).where(eq(shipments.storeFulfillmentOrderId, card.fulfillmentOrderId));
    expect(made2.map((x) => [x.uniqueId, x.status]).sort()).toEqual([[made.uniqueId, 'cancelled'], [first!.uniqueId, 'created']].sort());
    const charges = (await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.kind, 'charge')))).filter((e) => e.description.includes(first!.uniqueId));
    expect(charges).toHaveLength(1);
    expect(await shopFulfillmentsOf(order.shopifyGraphQLId, first!.awb)).toHaveLength(1);
    expect(await shopFulfillmentsOf(order.shopifyGraphQLId, made.awb)).toHaveLength(0);
    // Fulfilled now: the part no longer awaits, and activating it again is refused.
    const after = await orderOf(order.shopifyGraphQLId);
    expect(after.shippingOrders.awaitingFulfillment.some((c) => c.fulfillmentOrderId === card.fulfillmentOrderId)).toBe(false);
    // The part shows its latest shipment; the cancelled one stays in the shipments list.
    expect(after.shippingOrders.fulfilled.filter((f) => [made.uniqueId, first!.uniqueId].includes(f.internalOrder?.uniqueId ?? '')).map((f) => f.internalOrder!.uniqueId)).toEqual([first!.uniqueId]);
    expect((await send()).statusCode).toBe(200);
    expect((await ctx.database.db.select().from(shipments).where(eq(shipments.storeFulfillmentOrderId, card.fulfillmentOrderId)))).toHaveLength(2);
  });

  it('a bulk run activates again a part whose AWB was cancelled', { timeout: 120_000 }, async () => {
    const { order, card, made } = await activatedThenHeld();
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    expect((await refusalAction(alice, 'cancel-awb', order.shopifyGraphQLId, card.fulfillmentOrderId)).statusCode).toBe(200);
    expect((await shop.release(SHOP, token, card.fulfillmentOrderId)).userErrors).toEqual([]);
    const run = await finishedBulkRun(ctx, alice, account, [{ shopifyGraphQLId: order.shopifyGraphQLId, orderDisplayName: order.orderDisplayName }]);
    const result = run.orders[0]!.results[0]!;
    expect(result.errors).toEqual([]);
    expect(result.result!.awb).not.toBe(made.awb);
    expect(await shopFulfillmentsOf(order.shopifyGraphQLId, result.result!.awb)).toHaveLength(1);
    expect((await claimOf(card.fulfillmentOrderId)).generation).toBe(1);
  });

  it('a shop failing STORE_FULFILLMENT_MAX_ATTEMPTS times counts as refusing; Shopify’s userErrors that no retry cures are known', { timeout: 60_000 }, async () => {
    const { order, card } = await openOrder();
    // The shop fails from the activation on, through the job's runs below.
    await setSimOutage(ctx.database.db, SHOP, true);
    try {
      expect((await activate(order, card)).storeUpdated).toBe(false);
      await ctx.database.db.update(storeActivations).set({ attempts: STORE_FULFILLMENT_MAX_ATTEMPTS - 2 }).where(eq(storeActivations.fulfillmentOrderId, card.fulfillmentOrderId));
      expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
      expect((await claimOf(card.fulfillmentOrderId)).refusedAt).toBeNull();
      expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
      const claim = await claimOf(card.fulfillmentOrderId);
      expect(claim.attempts).toBe(STORE_FULFILLMENT_MAX_ATTEMPTS);
      expect(claim.refusal).toMatchObject({ kind: 'attempts', hold: null });
    } finally {
      await setSimOutage(ctx.database.db, SHOP, false);
    }
    expect(refusalOfErrors([{ message: 'Fulfillment order gid://shopify/FulfillmentOrder/1 has an unfulfillable status= on_hold.' }])).toBe('onHold');
    expect(refusalOfErrors([{ message: 'Fulfillment order 1 has an unfulfillable status= closed.' }])).toBe('closed');
    expect(refusalOfErrors([{ message: 'Fulfillment order 1 has an unfulfillable status= cancelled.' }])).toBe('cancelled');
    expect(refusalOfErrors([{ message: 'Fulfillment order does not exist.' }])).toBe('notFound');
    expect(refusalOfErrors([{ message: 'Invalid fulfillment order line item quantity requested.' }])).toBe('invalidLines');
    expect(refusalOfErrors([{ message: 'Internal error. Looks like something went wrong on our end.' }])).toBeNull();
  });
});

describe('a Shopify fulfillment created but its answer lost', () => {
  it('the next attempt finds the shop’s fulfillment by its AWB and makes no second one', { timeout: 60_000 }, async () => {
    const { order, card } = await openOrder();
    SIM_LOST_FULFILLMENT_ANSWERS.set(SHOP, 502);
    try {
      const made = await activate(order, card);
      // The shop made it; we heard a gateway error.
      expect(made.storeUpdated).toBe(false);
      expect(await shopFulfillmentsOf(order.shopifyGraphQLId, made.awb)).toHaveLength(1);
      expect((await claimOf(card.fulfillmentOrderId)).fulfilledAt).toBeNull();
      // The job's next attempt (answers still lost) finds it.
      expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
      const claim = await claimOf(card.fulfillmentOrderId);
      expect(claim.fulfilledAt).toBeInstanceOf(Date);
      expect(claim.refusedAt).toBeNull();
      const [only] = await shopFulfillmentsOf(order.shopifyGraphQLId, made.awb);
      expect(claim.fulfillmentId).toBe(only!.id);
      expect(await shopFulfillmentsOf(order.shopifyGraphQLId, made.awb)).toHaveLength(1);
    } finally {
      SIM_LOST_FULFILLMENT_ANSWERS.delete(SHOP);
    }
  });

  it('Shopify’s client sending the mutation again itself (503) meets the closed fulfillment order: the one made is recorded, no refusal', { timeout: 60_000 }, async () => {
    const { order, card } = await openOrder();
    SIM_LOST_FULFILLMENT_ANSWERS.set(SHOP, 503);
    try {
      const made = await activate(order, card);
      expect(made.storeUpdated).toBe(true);
      const claim = await claimOf(card.fulfillmentOrderId);
      expect(claim).toMatchObject({ refusedAt: null, refusal: null });
      const fulfillments = await shopFulfillmentsOf(order.shopifyGraphQLId, made.awb);
      expect(fulfillments).toHaveLength(1);
      expect(claim.fulfillmentId).toBe(fulfillments[0]!.id);
    } finally {
      SIM_LOST_FULFILLMENT_ANSWERS.delete(SHOP);
    }
  });
});
