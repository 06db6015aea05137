import { storeActivationId, storeOrderPath, type TAwaitingFulfillmentOrder, type TOffer, type TStoreBulkRun, type TStoreOrderDetail } from '@colete/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repayments, shipments } from '../src/db/schema.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { currentOrder, replaceOrder } from '../src/integrations/store/simulator-state.js';
import { as, type TestContext, type TestUser } from './helper.js';
import { pdfText } from './support/pdf-tools.js';
import { storeTestApp, type StoreTestApp } from './support/store-app.js';
import { cardRequest } from './support/store-activation.js';

/*
 * Issue 24 item 1: an order sent from one, two or three parts (fulfillment orders) collects its
 * cash on delivery once: the parts' cash on delivery sums to the order's total, by the order page
 * and by bulk activation; the other parts' labels say 'FARA RAMBURS' and only the carrying part
 * gets a repayment; a part asking for it while another holds it is refused before any AWB.
 */

const SHOP = 'colete-demo.myshopify.com';
let app: StoreTestApp;
let ctx: TestContext;
let alice: TestUser;
let account: number;
beforeAll(async () => {
  app = await storeTestApp({ topUpBani: 5_000_000, jobs: true });
  ({ ctx, alice, account } = app);
}, 90_000);
afterAll(async () => app?.close());

const gid = (n: number) => `gid://shopify/Order/${n}`;
async function orderOf(id: string) {
  const res = await as(ctx, alice, { method: 'GET', url: `/api/${storeOrderPath(account, id)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { order: TStoreOrderDetail }).order;
}
const used = new Set<string>();
/** Each order's count of parts that could carry cash on delivery, once read (0: not such an order); the tests change only the orders they use. */
const fitFor = new Map<string, number>();
/** An unused open order with cash on delivery, a clean recipient and `parts` awaiting parts without holds. */
async function codOrder(parts: number) {
  for (let n = 1001; n < 1097; n += 1) {
    if (used.has(gid(n)) || (fitFor.has(gid(n)) && fitFor.get(gid(n)) !== parts)) continue;
    const order = await orderOf(gid(n));
    const cards = order.shippingOrders.awaitingFulfillment;
    if (order.payment.hasCashOnDelivery && !order.cancelled && order.shippingTo.errors.length === 0 && cards.length === parts && cards.every((c) => c.fulfillmentHolds.length === 0 && c.fromLocation.internalAddress) && order.shippingOrders.fulfilled.length === 0) {
      used.add(order.shopifyGraphQLId);
      return order;
    }
    const fit = order.payment.hasCashOnDelivery && !order.cancelled && order.shippingTo.errors.length === 0 && order.shippingOrders.fulfilled.length === 0 && cards.every((c) => c.fulfillmentHolds.length === 0 && c.fromLocation.internalAddress);
    fitFor.set(gid(n), fit ? cards.length : 0);
  }
  throw new Error(`no open cash-on-delivery order of ${parts} parts`);
}
/** A two-part order made a three-part one in the simulated shop: its second part's lines copied into a third part. */
async function threePartOrder() {
  const two = await codOrder(2);
  const sim = (await currentOrder(ctx.database.db, SHOP, two.shopifyGraphQLId))!;
  const number = Number(sim.legacyResourceId);
  const second = sim.fulfillmentOrders.nodes[1]!;
  const extraLines = second.lineItems.nodes.map((l, m) => ({ ...sim.lineItems.nodes.find((x) => x.id === l.lineItem.id)!, id: `gid://shopify/LineItem/${number * 100 + 50 + m}` }));
  const foId = number * 10 + 3;
  const third = {
    ...second,
    id: `gid://shopify/FulfillmentOrder/${foId}`,
    lineItems: { ...second.lineItems, nodes: second.lineItems.nodes.map((l, m) => ({ ...l, id: `gid://shopify/FulfillmentOrderLineItem/${foId * 100 + m + 1}`, lineItem: { ...l.lineItem, id: extraLines[m]!.id } })) },
  };
  await replaceOrder(ctx.database.db, SHOP, { ...sim, lineItems: { ...sim.lineItems, nodes: [...sim.lineItems.nodes, ...extraLines] }, fulfillmentOrders: { ...sim.fulfillmentOrders, nodes: [...sim.fulfillmentOrders.nodes, third] } });
  // The shop tells of the change as Shopify does (orders/updated): the store's copy reads the order again.
  await ctx.app.services.store.webhook({ webhookId: `cod-parts-${foId}`, topic: 'orders/updated', shop: SHOP, payload: { admin_graphql_api_id: two.shopifyGraphQLId } });
  const order = await orderOf(two.shopifyGraphQLId);
  expect(order.shippingOrders.awaitingFulfillment).toHaveLength(3);
  return order;
}

const bodyOf = cardRequest;
async function activateCard(order: TStoreOrderDetail, card: TAwaitingFulfillmentOrder, extraOptions = card.extraOptions) {
  const offers = await as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/services-list/${account}`, payload: { ...bodyOf(order, card), extraOptions } });
  expect(offers.statusCode, offers.body).toBe(200);
  const offer = (offers.json().offers as TOffer[]).find((o) => o.type !== 'locker' && o.errors.length === 0)!;
  const lines = card.lineItems.map((l) => ({ fulfillmentLineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity }));
  return as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/order/${account}`, payload: { ...bodyOf(order, card), extraOptions, activationId: storeActivationId(offer.serviceId, null), fulfilledLineItems: lines } });
}
/** The order's shipments (drafts left out) with their cash on delivery in bani. */
async function partsOf(orderId: string) {
  const rows = await ctx.database.db
    .select({ id: shipments.id, uniqueId: shipments.uniqueId, awb: shipments.awb, options: shipments.options })
    .from(shipments)
    .where(and(eq(shipments.storeAccountId, account), eq(shipments.storeOrderId, orderId), ne(shipments.status, 'draft')));
  return rows.map((r) => ({ ...r, cod: r.options.codBani ?? 0 }));
}
const sumOf = (parts: { cod: number }[]) => parts.reduce((s, p) => s + p.cod, 0);

/** Every part activated on the order page, one after the other, each with the options the page shows it. */
async function activateOnPage(order: TStoreOrderDetail) {
  for (let left = order.shippingOrders.awaitingFulfillment.length; left > 0; left -= 1) {
    const now = await orderOf(order.shopifyGraphQLId);
    const card = now.shippingOrders.awaitingFulfillment.at(-1)!;
    const res = await activateCard(now, card);
    expect(res.statusCode, res.body).toBe(200);
  }
}
async function bulk(order: TStoreOrderDetail): Promise<TStoreBulkRun> {
  const base = `/api/user/integration/shopify/activate-orders/${account}`;
  const res = await as(ctx, alice, { method: 'POST', url: base, payload: { orders: [{ shopifyGraphQLId: order.shopifyGraphQLId, orderDisplayName: order.orderDisplayName }] } });
  expect(res.statusCode, res.body).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = await as(ctx, alice, { method: 'GET', url: `${base}/runs/${res.json().runId}` });
    if (run.json().run.status === 'done') return run.json().run;
    if (Date.now() > deadline) throw new Error(`run not done: ${run.body}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the order’s cash on delivery is collected by one part', () => {
  for (const parts of [1, 2, 3]) {
    it(`order page, ${parts} part(s): the parts' cash on delivery sums to the order's total; one repayment; the others print 'FARA RAMBURS'`, { timeout: 120_000 }, async () => {
      const order = parts === 3 ? await threePartOrder() : await codOrder(parts);
      const cards = order.shippingOrders.awaitingFulfillment;
      if (parts > 1) {
        expect(cards.map((c) => c.codPart?.carries)).toEqual(cards.map((_, i) => i === 0));
        expect(cards.map((c) => c.extraOptions.repayment.account.amount)).toEqual(cards.map((_, i) => (i === 0 ? order.price.totalBani : 0)));
      } else expect(cards[0]!.codPart ?? null).toBeNull();
      await activateOnPage(order);
      const made = await partsOf(order.shopifyGraphQLId);
      expect(made).toHaveLength(parts);
      expect(sumOf(made)).toBe(order.price.totalBani);
      expect(made.filter((p) => p.cod > 0)).toHaveLength(1);
      // The app's own lifecycle-events job may hold an event (SKIP LOCKED) while this delivery runs: wait for its repayment.
      const owedNow = () => ctx.database.db.select({ awb: repayments.awb, amountBani: repayments.amountBani }).from(repayments).where(inArray(repayments.shipmentId, made.map((p) => p.id)));
      let owed = await owedNow();
      for (const until = Date.now() + 30_000; owed.length === 0 && Date.now() < until; owed = await owedNow()) {
        await deliverLifecycleEvents(ctx.database);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(owed).toEqual([{ awb: made.find((p) => p.cod > 0)!.awb, amountBani: order.price.totalBani }]);
      for (const p of made) {
        const label = await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${p.uniqueId}/A6` });
        expect(label.statusCode).toBe(200);
        const text = (await pdfText(new Uint8Array(label.rawPayload))).join('\n');
        expect(text).toContain(p.cod > 0 ? 'RAMBURS' : 'FARA RAMBURS');
        if (p.cod === 0) expect(text).not.toMatch(/(^|[^A ])RAMBURS \d/);
      }
    });

    it(`bulk activation, ${parts} part(s): the parts' cash on delivery sums to the order's total`, { timeout: 120_000 }, async () => {
      const order = parts === 3 ? await threePartOrder() : await codOrder(parts);
      const run = await bulk(order);
      expect(run.orders[0]!.results.every((r) => r.result !== null), JSON.stringify(run)).toBe(true);
      const made = await partsOf(order.shopifyGraphQLId);
      expect(made).toHaveLength(parts);
      expect(sumOf(made)).toBe(order.price.totalBani);
      expect(made.filter((p) => p.cod > 0)).toHaveLength(1);
    });
  }

  it('a part asking for the cash on delivery another part holds is refused before any AWB; the merchant’s pick moves it until a part is activated with it', { timeout: 120_000 }, async () => {
    const order = await codOrder(2);
    const [first, second] = order.shippingOrders.awaitingFulfillment;
    const withCod = { ...second!.extraOptions, repayment: { account: { active: true, amount: order.price.totalBani } } };
    // The second part picked: it carries the total, the first part none.
    const pick = (card: TAwaitingFulfillmentOrder) => as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/order/${account}/cod-part`, payload: { shopifyOrderId: order.shopifyGraphQLId, shopifyFulfillmentOrderId: card.fulfillmentOrderId } });
    expect((await pick(second!)).statusCode).toBe(200);
    const picked = await orderOf(order.shopifyGraphQLId);
    expect(picked.shippingOrders.awaitingFulfillment.map((c) => [c.codPart?.carries, c.extraOptions.repayment.account.amount])).toEqual([
      [false, 0],
      [true, order.price.totalBani],
    ]);
    // The first part sent with cash on delivery anyway: 409, nothing made.
    const refused = await activateCard(picked, picked.shippingOrders.awaitingFulfillment[0]!, withCod);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('codOnOtherPart');
    expect(await partsOf(order.shopifyGraphQLId)).toHaveLength(0);
    // The second part activated: it holds it; the pick cannot move any more.
    expect((await activateCard(picked, picked.shippingOrders.awaitingFulfillment[1]!)).statusCode).toBe(200);
    const moved = await pick(first!);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('codCarrierActivated');
    const after = await orderOf(order.shopifyGraphQLId);
    expect(after.shippingOrders.awaitingFulfillment[0]!.codPart).toMatchObject({ carries: false, carrierAwb: (await partsOf(order.shopifyGraphQLId))[0]!.awb, locked: true });
    expect(after.shippingOrders.awaitingFulfillment[0]!.extraOptions.repayment.account).toEqual({ active: false, amount: 0 });
  });

  it('two parts activated at once with cash on delivery: one carries it, the other is refused', { timeout: 120_000 }, async () => {
    const order = await codOrder(2);
    const cards = order.shippingOrders.awaitingFulfillment;
    const withCod = (card: TAwaitingFulfillmentOrder) => ({ ...card.extraOptions, repayment: { account: { active: true, amount: order.price.totalBani } } });
    const answers = await Promise.all(cards.map((card) => activateCard(order, card, withCod(card))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const made = await partsOf(order.shopifyGraphQLId);
    expect(sumOf(made)).toBe(order.price.totalBani);
  });

  it('another client cannot pick a part of Alice’s order (404)', { timeout: 120_000 }, async () => {
    const order = await codOrder(2);
    const res = await as(ctx, app.bob, { method: 'POST', url: `/api/user/integration/shopify/order/${account}/cod-part`, payload: { shopifyOrderId: order.shopifyGraphQLId, shopifyFulfillmentOrderId: order.shippingOrders.awaitingFulfillment[1]!.fulfillmentOrderId } });
    expect(res.statusCode).toBe(404);
  });
});
