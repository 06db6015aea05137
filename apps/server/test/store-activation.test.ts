import { storeActivationId, storeOrderPath, type TAwaitingFulfillmentOrder, type TOffer, type TStoreOffersRequest, type TStoreOrderDetail } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, shipments, storeActivations, storeFulfillmentEvents } from '../src/db/schema.js';
import { recordShipmentEvent, factsOf } from '../src/modules/shipments/lifecycle-events.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { currentOrder } from '../src/integrations/store/simulator-state.js';
import type { SimFulfillmentOrder } from '../src/integrations/store/simulator-state.js';
import { setSimOutage } from '../src/integrations/store/simulator-mutations.js';
import type { Jobs } from '../src/jobs/boss.js';
import { STORE_FULFILLMENTS_QUEUE } from '../src/jobs/store-fulfillments.js';
import { as, type TestContext, type TestUser } from './helper.js';
import { runJob } from './jobs-helper.js';
import { storeTestApp, type StoreTestApp } from './support/store-app.js';

/*
 * Offers, activation and the public tracking page of a store order (issue 14): the same engine as a
 * direct shipment, exactly once under parallel clicks and retries, the shop's fulfillment made once
 * (split when products are postponed, retried by its job when the shop fails after the AWB), saving
 * for later, and who may call what.
 */

const SHOP = 'colete-demo.myshopify.com';
let app: StoreTestApp;
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let account: number;
let jobs: Jobs;

beforeAll(async () => {
  app = await storeTestApp({ topUpBani: 1_000_000, jobs: true });
  ({ ctx, alice, bob, account } = app);
  jobs = app.jobs!;
}, 90_000);
afterAll(async () => app?.close());

const gid = (n: number) => `gid://shopify/Order/${n}`;
async function orderOf(number: number, user = alice) {
  const res = await as(ctx, user, { method: 'GET', url: `/api/${storeOrderPath(account, gid(number))}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { order: TStoreOrderDetail }).order;
}
/** The card's data as the page sends it (everything packed). */
function bodyOf(order: TStoreOrderDetail, card: TAwaitingFulfillmentOrder): TStoreOffersRequest {
  return { shopifyOrderId: order.shopifyGraphQLId, shopifyFulfillmentOrderId: card.fulfillmentOrderId, sender: card.fromLocation.internalAddress!, recipient: order.shippingTo.internalAddress, packing: card.packing, extraOptions: card.extraOptions, mutations: [] };
}
const allLines = (card: TAwaitingFulfillmentOrder) => card.lineItems.map((l) => ({ fulfillmentLineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity }));
async function offersFor(body: TStoreOffersRequest, user = alice) {
  const res = await as(ctx, user, { method: 'POST', url: `/api/user/integration/shopify/services-list/${account}`, payload: body });
  return res;
}
async function standardOffer(body: TStoreOffersRequest): Promise<TOffer> {
  const res = await offersFor(body);
  expect(res.statusCode, res.body).toBe(200);
  const offers = (res.json() as { offers: TOffer[] }).offers;
  return offers.find((o) => o.type !== 'locker' && o.errors.length === 0)!;
}
const activate = (payload: object, user = alice) => as(ctx, user, { method: 'POST', url: `/api/user/integration/shopify/order/${account}`, payload });
const chargesOf = async () => (await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.kind, 'charge')))).length;
/** An open order of one location whose card's recipient needs no correction. */
async function openOrder(from: number, minLines = 1) {
  for (let n = from; n < 1097; n += 1) {
    const order = await orderOf(n);
    const cards = order.shippingOrders.awaitingFulfillment;
    if (cards.length === 1 && order.shippingTo.errors.length === 0 && cards[0]!.lineItems.length >= minLines && cards[0]!.fulfillmentHolds.length === 0 && !order.cancelled) return { order, card: cards[0]! };
  }
  throw new Error('no open order');
}

describe('services-list', () => {
  it('answers the direct shipments’ offers for the card; an invalid packing is refused', async () => {
    const { order, card } = await openOrder(1001);
    const res = await offersFor(bodyOf(order, card));
    expect(res.statusCode, res.body).toBe(200);
    const offers = (res.json() as { offers: TOffer[] }).offers;
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.some((o) => o.type === 'locker' && o.points.length > 0)).toBe(true);
    const invalid = await offersFor({ ...bodyOf(order, card), packing: { ...card.packing, valid: false } });
    expect(invalid.statusCode).toBe(400);
  });

  it('another client’s store answers 404 for offers, activation and saving', async () => {
    const { order, card } = await openOrder(1001);
    expect((await offersFor(bodyOf(order, card), bob)).statusCode).toBe(404);
    expect((await activate({ ...bodyOf(order, card), activationId: 'x', fulfilledLineItems: allLines(card) }, bob)).statusCode).toBe(404);
    const save = await as(ctx, bob, { method: 'PATCH', url: `/api/user/integration/shopify/order/${account}`, payload: { ...bodyOf(order, card), activationId: null } });
    expect(save.statusCode).toBe(404);
  });
});

describe('activation', () => {
  it('20 parallel activations of one fulfillment order make one AWB, one charge and one store fulfillment', async () => {
    const { order, card } = await openOrder(1001);
    const offer = await standardOffer(bodyOf(order, card));
    const charges = await chargesOf();
    const payload = { ...bodyOf(order, card), activationId: storeActivationId(offer.serviceId, null), fulfilledLineItems: allLines(card) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(payload)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const awbs = new Set(answers.map((a) => (a.json() as { awb: string }).awb));
    expect(awbs.size).toBe(1);
    expect(answers.every((a) => (a.json() as { storeUpdated: boolean }).storeUpdated)).toBe(true);
    const made = await ctx.database.db.select().from(shipments).where(eq(shipments.storeFulfillmentOrderId, card.fulfillmentOrderId));
    expect(made).toHaveLength(1);
    // The answer's AWB is the one shipment's, as the courier numbered it.
    expect([...awbs]).toEqual([made[0]!.awb]);
    expect(made[0]!.awb).toMatch(/^[A-Z0-9]{10,}$/); // every simulated courier numbers its AWBs so (some with a letter prefix)
    expect(answers.every((a) => (a.json() as { uniqueId: string }).uniqueId === made[0]!.uniqueId)).toBe(true);
    expect(await chargesOf()).toBe(charges + 1);
    // The shop: one fulfillment with the courier, the AWB and our public tracking link; the card left the awaiting list.
    const after = await orderOf(Number(order.shopifyGraphQLId.split('/').pop()));
    expect(after.shippingOrders.awaitingFulfillment).toHaveLength(0);
    expect(after.shippingOrders.fulfilled).toHaveLength(1);
    expect(after.shippingOrders.fulfilled[0]!.internalOrder?.awb.main).toBe([...awbs][0]);
    const [claim] = await ctx.database.db.select().from(storeActivations).where(eq(storeActivations.fulfillmentOrderId, card.fulfillmentOrderId));
    // The claim records the shop's own fulfillment: the one carrying this AWB.
    const simOrder = (await currentOrder(ctx.database.db, SHOP, order.shopifyGraphQLId))!;
    const shopFulfillments = (simOrder.fulfillmentOrders.nodes as SimFulfillmentOrder[]).flatMap((fo) => fo.fulfillments ?? []);
    expect(shopFulfillments.filter((f) => f.trackingInfo.some((t) => t.number === [...awbs][0]))).toHaveLength(1);
    expect(claim!.fulfillmentId).toBe(shopFulfillments.find((f) => f.trackingInfo.some((t) => t.number === [...awbs][0]))!.id);
    // Again after the fact (a retried request): the same AWB, nothing new.
    const again = await activate(payload);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { awb: string }).awb).toBe([...awbs][0]);
    expect(await chargesOf()).toBe(charges + 1);
  });

  it('postponed products stay in a new awaiting fulfillment order (the shop splits it)', async () => {
    const { order, card } = await openOrder(1001, 2);
    const offer = await standardOffer(bodyOf(order, card));
    const [first, ...rest] = card.lineItems;
    const res = await activate({ ...bodyOf(order, card), activationId: offer.serviceId, fulfilledLineItems: [{ fulfillmentLineItemId: first!.fulfillmentOrderLineItemsId, quantity: first!.quantity }] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await orderOf(Number(order.shopifyGraphQLId.split('/').pop()));
    expect(after.shippingOrders.awaitingFulfillment).toHaveLength(1);
    expect(after.shippingOrders.awaitingFulfillment[0]!.fulfillmentOrderId).not.toBe(card.fulfillmentOrderId);
    expect(after.shippingOrders.awaitingFulfillment[0]!.lineItems.map((l) => l.title).sort()).toEqual(rest.map((l) => l.title).sort());
    expect(after.shippingOrders.fulfilled.find((f) => f.internalOrder)?.lineItems.map((l) => l.title)).toEqual([first!.title]);
  });

  it('a shop failing after the AWB is fulfilled once by the job; the order says the store is not updated meanwhile', async () => {
    const { order, card } = await openOrder(1001);
    const offer = await standardOffer(bodyOf(order, card));
    const charges = await chargesOf();
    await setSimOutage(ctx.database.db, SHOP, true);
    let awb: string;
    try {
      const res = await activate({ ...bodyOf(order, card), activationId: offer.serviceId, fulfilledLineItems: allLines(card) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ storeUpdated: false });
      awb = (res.json() as { awb: string }).awb;
      const pending = await orderOf(Number(order.shopifyGraphQLId.split('/').pop()));
      expect(pending.shippingOrders.awaitingFulfillment).toHaveLength(0);
      expect(pending.shippingOrders.fulfilled.find((f) => f.internalOrder?.awb.main === awb)?.storePending).toBe(true);
      // Still failing: the job leaves it for the next run.
      expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    } finally {
      await setSimOutage(ctx.database.db, SHOP, false);
    }
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    const [claim] = await ctx.database.db.select().from(storeActivations).where(eq(storeActivations.fulfillmentOrderId, card.fulfillmentOrderId));
    expect(claim!.fulfilledAt).toBeInstanceOf(Date);
    expect(claim!.fulfilledAt!.getTime()).toBeGreaterThanOrEqual(claim!.createdAt.getTime());
    expect(claim!.lastError).toBeNull();
    expect(claim!.attempts).toBeGreaterThanOrEqual(2);
    const done = await orderOf(Number(order.shopifyGraphQLId.split('/').pop()));
    const parts = done.shippingOrders.fulfilled.filter((f) => f.internalOrder?.awb.main === awb);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.storePending).toBeFalsy();
    expect(await chargesOf()).toBe(charges + 1);
  });
});

describe('the courier’s later statuses', () => {
  it('delivered reaches the shop as a fulfillment event, once', async () => {
    const { order, card } = await openOrder(1001);
    const offer = await standardOffer(bodyOf(order, card));
    const res = await activate({ ...bodyOf(order, card), activationId: offer.serviceId, fulfilledLineItems: allLines(card) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.storeFulfillmentOrderId, card.fulfillmentOrderId));
    for (let k = 0; k < 2; k++) {
      await ctx.database.db.transaction((tx) =>
        recordShipmentEvent(tx, 'shipment.status_changed', { shipment: factsOf({ ...row!, status: 'delivered' }, (id) => id), from: 'out_for_delivery', to: 'delivered', reason: null, pickedUp: false, at: new Date().toISOString(), notify: false }),
      );
    }
    await deliverLifecycleEvents(ctx.database);
    const [claim] = await ctx.database.db.select().from(storeActivations).where(eq(storeActivations.shipmentId, row!.id));
    expect(await ctx.database.db.select().from(storeFulfillmentEvents).where(eq(storeFulfillmentEvents.activationId, claim!.id))).toHaveLength(1);
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    expect((await runJob(jobs.boss, STORE_FULFILLMENTS_QUEUE)).state).toBe('completed');
    const [event] = await ctx.database.db.select().from(storeFulfillmentEvents).where(eq(storeFulfillmentEvents.activationId, claim!.id));
    expect(event).toMatchObject({ status: 'DELIVERED', lastError: null });
    expect(event!.sentAt).toBeTruthy();
    const shop = await currentOrder(ctx.database.db, SHOP, order.shopifyGraphQLId);
    const made = (shop!.fulfillmentOrders.nodes as SimFulfillmentOrder[]).flatMap((fo) => fo.fulfillments ?? []).find((f) => f.id === claim!.fulfillmentId);
    expect(made?.displayStatus).toBe('DELIVERED');
    expect(made?.events?.map((e) => e.status)).toEqual(['DELIVERED']);
  });
});

describe('save for later', () => {
  it('keeps the sender, packing, options and chosen service; the order opens with them', async () => {
    const { order, card } = await openOrder(1001);
    const offer = await standardOffer(bodyOf(order, card));
    const extraOptions = { ...card.extraOptions, insurance: { active: true, amount: 12_345 }, openAtDelivery: { active: true } };
    const packing = { ...card.packing, content: 'Salvat pentru mai tarziu', list: card.packing.list.map((p) => ({ ...p, height: 33, calculatedAutomatically: false })) };
    const res = await as(ctx, alice, { method: 'PATCH', url: `/api/user/integration/shopify/order/${account}`, payload: { ...bodyOf(order, card), packing, extraOptions, activationId: offer.serviceId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Comanda a fost salvata pentru mai tarziu!' });
    const reopened = (await orderOf(Number(order.shopifyGraphQLId.split('/').pop()))).shippingOrders.awaitingFulfillment[0]!;
    expect(reopened.activationId).toBe(offer.serviceId);
    expect(reopened.extraOptions).toEqual(extraOptions);
    expect(reopened.packing.content).toBe('Salvat pentru mai tarziu');
    expect(reopened.packing.list[0]!.height).toBe(33);
    expect(reopened.fromLocation.internalAddress).toEqual(card.fromLocation.internalAddress);
  });
});

describe('the public tracking page', () => {
  it('shows the courier, the history and the destination city only; an unknown AWB is 404', async () => {
    const { order, card } = await openOrder(1001);
    const offer = await standardOffer(bodyOf(order, card));
    const res = await activate({ ...bodyOf(order, card), activationId: offer.serviceId, fulfilledLineItems: allLines(card) });
    const awb = (res.json() as { awb: string }).awb;
    const page = await ctx.app.inject({ method: 'GET', url: `/api/tracking/${awb}` });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { courierName: string; destinationCity: string; events: unknown[] };
    expect(body.courierName).toBe(offer.courierName);
    expect(body.destinationCity).toBe(order.shippingTo.internalAddress.address.city);
    expect(body.events.length).toBeGreaterThan(0);
    const text = page.body;
    const r = order.shippingTo.internalAddress;
    for (const personal of [r.contact.name, r.contact.phone, r.address.street, card.fromLocation.internalAddress!.contact.name, card.fromLocation.internalAddress!.contact.phone].filter(Boolean)) {
      expect(text).not.toContain(personal);
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/tracking/NUEXISTA123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Nu am gasit niciun colet cu acest AWB.');
  });
});
