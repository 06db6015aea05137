import { storeActivationId, storeOrderPath, type TOffer, type TStoreOrderDetail } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeActivations } from '../src/db/schema.js';
import { as, type TestContext, type TestUser } from './helper.js';
import { storeTestApp, type StoreTestApp } from './support/store-app.js';
import { cardRequest } from './support/store-activation.js';

/*
 * Issue 28: the store's activation runs one way (store -> shipments -> store). The shop's order is
 * read once, at the start, and handed with the activated shipment (its AWB and courier) to the
 * shop's fulfillment, which used to read the same order from the shop a second time.
 */

let app: StoreTestApp;
let ctx: TestContext;
let alice: TestUser;
let account: number;

beforeAll(async () => {
  app = await storeTestApp({ topUpBani: 1_000_000 });
  ({ ctx, alice, account } = app);
}, 90_000);
afterAll(async () => app?.close());

const gid = (n: number) => `gid://shopify/Order/${n}`;
async function orderOf(number: number) {
  const res = await as(ctx, alice, { method: 'GET', url: `/api/${storeOrderPath(account, gid(number))}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { order: TStoreOrderDetail }).order;
}
/** An open order of one location whose card's recipient needs no correction. */
async function openOrder() {
  for (let n = 1001; n < 1097; n += 1) {
    const order = await orderOf(n);
    const cards = order.shippingOrders.awaitingFulfillment;
    if (cards.length === 1 && order.shippingTo.errors.length === 0 && cards[0]!.fulfillmentHolds.length === 0 && !order.cancelled) return { order, card: cards[0]! };
  }
  throw new Error('no open order');
}
const bodyOf = cardRequest;

describe('one activation', () => {
  it('reads the shop’s order once and fulfils it with the AWB shipments answered', async () => {
    const { order, card } = await openOrder();
    const body = bodyOf(order, card);
    const offers = await as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/services-list/${account}`, payload: body });
    expect(offers.statusCode, offers.body).toBe(200);
    const offer = (offers.json() as { offers: TOffer[] }).offers.find((o) => o.type !== 'locker' && o.errors.length === 0)!;

    // Every call the platform makes to the shop during the activation, by its GraphQL operation.
    const shop = ctx.app.services.storeApp!;
    const spy = vi.spyOn(shop, 'graphql');
    const operations = () => spy.mock.calls.map(([, , query]) => /^\s*(query|mutation)\s+(\w+)/.exec(query)?.[2] ?? '?');
    try {
      const payload = { ...body, activationId: storeActivationId(offer.serviceId, null), fulfilledLineItems: card.lineItems.map((l) => ({ fulfillmentLineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity })) };
      const res = await as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/order/${account}`, payload });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as { awb: string; storeUpdated: boolean; uniqueId: string };
      expect(answer.storeUpdated).toBe(true);
      // The order (with its fulfillment orders) once; the fulfillment made once, carrying the AWB.
      expect(operations().filter((o) => o === 'Order')).toHaveLength(1);
      const creates = spy.mock.calls.filter(([, , query]) => query.includes('fulfillmentCreate'));
      expect(creates).toHaveLength(1);
      const input = creates[0]![3] as { fulfillment: { trackingInfo: { number: string; company: string } } };
      expect(input.fulfillment.trackingInfo.number).toBe(answer.awb);
      expect(input.fulfillment.trackingInfo.company).toBe(offer.courierName);
    } finally {
      spy.mockRestore();
    }
    const [claim] = await ctx.database.db.select().from(storeActivations).where(eq(storeActivations.fulfillmentOrderId, card.fulfillmentOrderId));
    expect(claim!.fulfilledAt).not.toBeNull();
  });
});
