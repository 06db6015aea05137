import { holdText, storeActivationId, storeOrderPath, type TOffer, type TStoreListOrder, type TStoreOrderDetail } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, shipments } from '../src/db/schema.js';
import { as, type TestContext, type TestUser } from './helper.js';
import { finishedBulkRun, storeTestApp, type StoreTestApp } from './support/store-app.js';

/*
 * Issue 24 item 2: an order whose fulfillment orders are ON_HOLD in the shop is not ready. The list
 * says 'Necesita interventie' with the hold's reason; bulk activation never activates it (its
 * reason 'onHold'); the single activation refuses it (409) before any AWB or charge.
 */

let app: StoreTestApp;
let ctx: TestContext;
let alice: TestUser;
let account: number;
beforeAll(async () => {
  app = await storeTestApp({ topUpBani: 1_000_000, jobs: true });
  ({ ctx, alice, account } = app);
}, 90_000);
afterAll(async () => app?.close());

async function orderOf(id: string) {
  const res = await as(ctx, alice, { method: 'GET', url: `/api/${storeOrderPath(account, id)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { order: TStoreOrderDetail }).order;
}
async function awaitingRows(): Promise<TStoreListOrder[]> {
  const rows: TStoreListOrder[] = [];
  let endCursor: string | null = null;
  for (let page = 1; page <= 3; page += 1) {
    const res = await as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/orders/${account}`, payload: { type: 'AWAITING_ACTIVATION', page, endCursor } });
    expect(res.statusCode, res.body).toBe(200);
    rows.push(...res.json().list);
    endCursor = res.json().pageInfo.endCursor;
  }
  return rows;
}
const shipmentsOf = async (orderId: string) => ctx.database.db.select({ id: shipments.id }).from(shipments).where(and(eq(shipments.storeAccountId, account), eq(shipments.storeOrderId, orderId)));
const charges = async () => (await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.kind, 'charge')))).length;

describe('orders on hold in the shop', () => {
  it('the list marks them "Necesita interventie" with the hold’s reason, never ready', async () => {
    const rows = await awaitingRows();
    const held = rows.filter((r) => r.fulfillment.status === 'ON_HOLD');
    expect(held.length).toBeGreaterThan(1);
    for (const r of held) {
      expect(r.status.readyForActivation, r.orderDisplayName).toBe(false);
      expect(r.status.hold?.reason).toMatch(/^(OTHER|INCORRECT_ADDRESS|AWAITING_PAYMENT)$/);
    }
    const withNotes = held.find((r) => r.status.hold?.reason === 'AWAITING_PAYMENT')!;
    expect(holdText(withNotes.status.hold!)).toBe('Comanda este blocata in magazin: se asteapta plata (Plata prin ordin de plata nu a fost inca primita.)');
    // The open orders carry no hold.
    expect(rows.filter((r) => r.fulfillment.status === 'UNFULFILLED').every((r) => (r.status.hold ?? null) === null)).toBe(true);
  });

  it('the single activation refuses a card on hold with 409 before any AWB or charge', async () => {
    const held = (await awaitingRows()).find((r) => r.fulfillment.status === 'ON_HOLD')!;
    const order = await orderOf(held.shopifyGraphQLId);
    const card = order.shippingOrders.awaitingFulfillment[0]!;
    expect(card.status).toBe('ON_HOLD');
    const body = { shopifyOrderId: order.shopifyGraphQLId, shopifyFulfillmentOrderId: card.fulfillmentOrderId, sender: card.fromLocation.internalAddress!, recipient: order.shippingTo.internalAddress, packing: card.packing, extraOptions: card.extraOptions, mutations: [] };
    const offers = await as(ctx, alice, { method: 'POST', url: `/api/user/integration/shopify/services-list/${account}`, payload: body });
    expect(offers.statusCode, offers.body).toBe(200);
    const offer = (offers.json().offers as TOffer[]).find((o) => o.type !== 'locker' && o.errors.length === 0)!;
    const before = await charges();
    const res = await as(ctx, alice, {
      method: 'POST',
      url: `/api/user/integration/shopify/order/${account}`,
      payload: { ...body, activationId: storeActivationId(offer.serviceId, null), fulfilledLineItems: card.lineItems.map((l) => ({ fulfillmentLineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity })) },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'onHold', message: 'Comanda este blocata in magazin (in asteptare). Eliberati blocarea in Shopify, apoi activati comanda.' });
    expect(await shipmentsOf(order.shopifyGraphQLId)).toHaveLength(0);
    expect(await charges()).toBe(before);
  });

  it('bulk activation never activates an order on hold: its result says so, no AWB, no charge', { timeout: 120_000 }, async () => {
    const held = (await awaitingRows()).filter((r) => r.fulfillment.status === 'ON_HOLD').at(-1)!;
    const before = await charges();
    const run = await finishedBulkRun(ctx, alice, account, [{ shopifyGraphQLId: held.shopifyGraphQLId, orderDisplayName: held.orderDisplayName }]);
    expect(run.orders[0]!.results.length).toBeGreaterThan(0);
    for (const r of run.orders[0]!.results) expect(r).toEqual({ result: null, errors: ['onHold'] });
    expect(await shipmentsOf(held.shopifyGraphQLId)).toHaveLength(0);
    expect(await charges()).toBe(before);
  });
});
