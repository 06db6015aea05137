import { messages } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { shipments, storeActivations, storeOrderCod, storeSavedOrders } from '../src/db/schema.js';
import { refusalOfErrors, requestKeyOf, storeActivationService } from '../src/modules/store/store-activation.js';
import { openTestDatabase } from './helper.js';
import { storeCardBody } from './support/store-activation.js';
import { fakeShipments, fakeShop, fakeStore, storeClient, type FakeFo } from './support/store-fake-shop.js';

/**
 * A store order's activation (store-activation.ts) called directly over a shop in memory, at the
 * edges its mutants showed untested (npm run mutate): which fulfillment orders may be activated
 * (awaiting, not on hold, lines within what remains, duplicates summed), what the shipment is asked
 * for (the draft, the choice, the request key of each generation), the claim kept, the shop's
 * fulfillment with the tracking link, a cancelled AWB activated again, saving and the COD part.
 */
const sa = messages.storeActivation;
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

let n = 0;
/** A client's store with one order of the fulfillment orders given (ids made unique), and the service over it. */
async function world(fos: (Omit<FakeFo, 'id'> & { id?: string })[] = [{ lines: [{ id: 'L1', remaining: 2 }] }], cancelledAt: string | null = null) {
  const k = ++n;
  const shop = fakeShop();
  const ship = fakeShipments(database);
  const c = await storeClient(database);
  const orderId = `gid://shopify/Order/${k}00`;
  const ids = fos.map((fo, i) => fo.id ?? `gid://shopify/FulfillmentOrder/${k}0${i + 1}`);
  shop.setOrder(orderId, fos.map((fo, i) => ({ ...fo, id: ids[i]! })), cancelledAt);
  const service = storeActivationService({ database, store: fakeStore(database), app: shop.app, shipments: ship, publicUrl: 'https://colete.test/' });
  const body = (foId = ids[0]!, extra: object = {}) => ({ ...storeCardBody(orderId, foId), mutations: [], activationId: 'svc-1|point-9', fulfilledLineItems: [{ fulfillmentLineItemId: 'L1', quantity: 2 }], ...extra });
  const claimOf = async (foId = ids[0]!) => (await database.db.select().from(storeActivations).where(eq(storeActivations.fulfillmentOrderId, foId)))[0];
  return { ...c, shop, ship, service, orderId, ids, body, claimOf };
}
const fails = (p: Promise<unknown>, status: number, fields: object) => expect(p).rejects.toMatchObject({ statusCode: status, ...fields });

describe('activate', () => {
  it('makes the shipment from the card, keeps the claim and tells the shop with the AWB and the tracking link', async () => {
    const w = await world();
    const answer = await w.service.activate(w.client, w.accountId, w.body());
    const key = `store-${w.accountId}-${w.ids[0]!.replace(/\D/g, '')}`;
    const [row] = await database.db.select().from(shipments).where(eq(shipments.uniqueId, key));
    expect(answer).toEqual({ uniqueId: key, awb: row!.awb, storeUpdated: true, shipment: { uniqueId: key, awb: row!.awb, courierId: 'cargus' } });
    const draft = w.ship.calls.find((c) => c.op === 'storeDraft')!.args;
    expect(draft[2]).toEqual({ serviceId: 'svc-1', pointId: 'point-9' });
    expect(draft[3]).toEqual({ storeAccountId: w.accountId, storeOrderId: w.orderId, storeOrderName: `#${n}00`, storeFulfillmentOrderId: w.ids[0] });
    expect(draft[4]).toBe(key);
    expect(draft[1]).toMatchObject({ clientReference: `#${n}00`, content: 'Produse' });
    expect(w.ship.calls.find((c) => c.op === 'activate')!.args.slice(1)).toEqual([key, { serviceId: 'svc-1', pointId: 'point-9' }]);
    expect(await w.claimOf()).toMatchObject({ storeAccountId: w.accountId, userId: w.userId, orderId: w.orderId, shipmentId: row!.id, lines: [{ id: 'L1', quantity: 2 }], activationId: 'svc-1|point-9', generation: 0, fulfillmentId: 'gid://shopify/Fulfillment/1' });
    const create = w.shop.calls.find((c) => c.op === 'Fulfil')!.variables.fulfillment;
    expect(create).toEqual({
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: w.ids[0], fulfillmentOrderLineItems: [{ id: 'L1', quantity: 2 }] }],
      trackingInfo: { company: 'Curier cargus', number: row!.awb, url: `https://colete.test/tracking/${row!.awb}` },
      notifyCustomer: true,
    });
    // Again (a retried request): the same shipment, no new draft, the shop not asked to fulfil again.
    expect(await w.service.activate(w.client, w.accountId, w.body())).toEqual(answer);
    expect(w.ship.calls.filter((c) => c.op === 'storeDraft')).toHaveLength(1);
    expect(w.shop.ops().filter((op) => op === 'Fulfil')).toHaveLength(1);
  });

  it('answers 404 for an order or a fulfillment order the shop does not have, and for another client\'s store', async () => {
    const w = await world();
    await fails(w.service.activate(w.client, w.accountId, { ...w.body(), shopifyOrderId: 'gid://shopify/Order/999999' }), 404, { message: messages.store.orderNotFound });
    await fails(w.service.activate(w.client, w.accountId, w.body('gid://shopify/FulfillmentOrder/999999')), 404, { message: messages.store.orderNotFound });
    const other = await storeClient(database);
    await fails(w.service.activate(other.client, w.accountId, w.body()), 404, {});
    expect(w.ship.calls).toEqual([]);
  });

  it('refuses a part not awaiting (closed, or nothing left to send) and one on hold, before any shipment', async () => {
    const w = await world([{ status: 'CLOSED', lines: [{ id: 'L1', remaining: 2 }] }, { lines: [{ id: 'L1', remaining: 0, total: 2 }] }, { status: 'ON_HOLD', lines: [{ id: 'L1', remaining: 2 }] }, { lines: [{ id: 'L1', remaining: 2 }], holds: [{ reason: 'OTHER', reasonNotes: null }] }]);
    for (const foId of w.ids.slice(0, 2)) await fails(w.service.activate(w.client, w.accountId, w.body(foId)), 409, { code: 'notAwaiting', message: sa.fulfillmentOrderNotAwaiting });
    for (const foId of w.ids.slice(2)) await fails(w.service.activate(w.client, w.accountId, w.body(foId)), 409, { code: 'onHold', message: sa.onHold });
    expect(w.ship.calls).toEqual([]);
  });

  it('sends lines within what remains of them, a line named twice summed', async () => {
    const w = await world([{ lines: [{ id: 'L1', remaining: 3 }, { id: 'L2', remaining: 1 }] }, { lines: [{ id: 'L1', remaining: 3 }] }]);
    const bad = (lines: { fulfillmentLineItemId: string; quantity: number }[], foId = w.ids[0]) => fails(w.service.activate(w.client, w.accountId, w.body(foId, { fulfilledLineItems: lines })), 400, { code: 'invalidLines', message: sa.linesInvalid, errors: { fulfilledLineItems: sa.linesInvalid } });
    await bad([{ fulfillmentLineItemId: 'L9', quantity: 1 }]);
    await bad([{ fulfillmentLineItemId: 'L2', quantity: 2 }]);
    await bad([{ fulfillmentLineItemId: 'L1', quantity: 2 }, { fulfillmentLineItemId: 'L1', quantity: 2 }]);
    expect(w.ship.calls).toEqual([]);
    await w.service.activate(w.client, w.accountId, w.body(w.ids[0], { fulfilledLineItems: [{ fulfillmentLineItemId: 'L1', quantity: 2 }, { fulfillmentLineItemId: 'L2', quantity: 1 }, { fulfillmentLineItemId: 'L1', quantity: 1 }] }));
    expect((await w.claimOf())!.lines).toEqual([{ id: 'L1', quantity: 3 }, { id: 'L2', quantity: 1 }]);
    // Postponed: what remains of the part beyond the lines sent is split off first.
    await w.service.activate(w.client, w.accountId, w.body(w.ids[1], { fulfilledLineItems: [{ fulfillmentLineItemId: 'L1', quantity: 1 }] }));
    expect(w.shop.calls.filter((c) => c.op === 'Split').map((c) => c.variables)).toEqual([{ fulfillmentOrderSplits: [{ fulfillmentOrderId: w.ids[1], fulfillmentOrderLineItems: [{ id: 'L1', quantity: 2 }] }] }]);
  });

  it('refuses an invalid packing before any shipment', async () => {
    const w = await world();
    const card = w.body();
    await fails(w.service.activate(w.client, w.accountId, { ...card, packing: { ...card.packing, valid: false } }), 400, { code: 'invalidPacking' });
    expect(w.ship.calls).toEqual([]);
  });

  it('claims the order\'s cash on delivery for the part activated with an amount, not without one', async () => {
    const w = await world([{ lines: [{ id: 'L1', remaining: 2 }] }, { lines: [{ id: 'L1', remaining: 2 }] }, { lines: [{ id: 'L1', remaining: 2 }] }]);
    const withCod = (active: boolean, amount: number) => ({ extraOptions: { ...storeCardBody().extraOptions, repayment: { account: { active, amount } } } });
    const codRow = async () => (await database.db.select().from(storeOrderCod).where(eq(storeOrderCod.orderId, w.orderId)))[0];
    await w.service.activate(w.client, w.accountId, w.body(w.ids[0], withCod(true, 0)));
    expect(await codRow()).toBeUndefined();
    await w.service.activate(w.client, w.accountId, w.body(w.ids[1], withCod(true, 150)));
    expect(await codRow()).toMatchObject({ storeAccountId: w.accountId, fulfillmentOrderId: w.ids[1], locked: true });
    await fails(w.service.activate(w.client, w.accountId, w.body(w.ids[2], withCod(true, 150))), 409, {});
  });

  it('a part picked to collect the cash on delivery and no longer awaiting leaves it to the part activated with it', async () => {
    const w = await world([{ lines: [{ id: 'L1', remaining: 2 }] }, { lines: [{ id: 'L1', remaining: 2 }] }]);
    await w.service.pickCodPart(w.client, w.accountId, { shopifyOrderId: w.orderId, shopifyFulfillmentOrderId: w.ids[0]! });
    w.shop.setOrder(w.orderId, [{ id: w.ids[0]!, status: 'CLOSED', lines: [{ id: 'L1', remaining: 2 }] }, { id: w.ids[1]!, lines: [{ id: 'L1', remaining: 2 }] }]);
    await w.service.activate(w.client, w.accountId, w.body(w.ids[1], { extraOptions: { ...storeCardBody().extraOptions, repayment: { account: { active: true, amount: 150 } } } }));
    expect(await database.db.select().from(storeOrderCod).where(eq(storeOrderCod.orderId, w.orderId))).toMatchObject([{ fulfillmentOrderId: w.ids[1], locked: true }]);
  });

  it('a next generation whose courier failed is retried on its own shipment, not the cancelled one', async () => {
    const w = await world();
    await w.service.activate(w.client, w.accountId, w.body());
    const first = (await w.claimOf())!;
    await database.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, first.shipmentId));
    await database.db.update(storeActivations).set({ fulfilledAt: null, fulfillmentId: null }).where(eq(storeActivations.id, first.id));
    w.shop.fulfillments.clear();
    const activate = w.ship.activate;
    w.ship.activate = async () => {
      throw new Error('the courier does not answer');
    };
    await expect(w.service.activate(w.client, w.accountId, w.body())).rejects.toThrow('the courier does not answer');
    const next = (await w.claimOf())!;
    expect(next.generation).toBe(1);
    w.ship.activate = activate;
    const key = `store-${w.accountId}-${w.ids[0]!.replace(/\D/g, '')}-g1`;
    expect(await w.service.activate(w.client, w.accountId, w.body())).toMatchObject({ uniqueId: key, storeUpdated: true });
    expect(w.ship.calls.filter((c) => c.op === 'storeDraft').map((c) => c.args[4])).toEqual([key.replace(/-g1$/, ''), key, key]);
    expect((await w.claimOf())!).toMatchObject({ generation: 1, shipmentId: next.shipmentId });
  });

  it('a part whose AWB was cancelled before the shop was told is activated again as the next generation', async () => {
    const w = await world();
    await w.service.activate(w.client, w.accountId, w.body());
    const first = (await w.claimOf())!;
    // The AWB cancelled and the shop's fulfillment undone: the part awaits again.
    await database.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, first.shipmentId));
    await database.db.update(storeActivations).set({ fulfilledAt: null, fulfillmentId: null, attempts: 3, lastError: 'x' }).where(eq(storeActivations.id, first.id));
    w.shop.fulfillments.clear();
    const again = await w.service.activate(w.client, w.accountId, w.body(w.ids[0], { activationId: 'svc-2', fulfilledLineItems: [{ fulfillmentLineItemId: 'L1', quantity: 1 }] }));
    const key = `store-${w.accountId}-${w.ids[0]!.replace(/\D/g, '')}-g1`;
    expect(again).toMatchObject({ uniqueId: key, storeUpdated: true });
    const claim = (await w.claimOf())!;
    expect(claim).toMatchObject({ id: first.id, generation: 1, activationId: 'svc-2', lines: [{ id: 'L1', quantity: 1 }], attempts: 0, lastError: null });
    expect(claim.shipmentId).not.toBe(first.shipmentId);
    // Cancelled after the shop was told: not activated again.
    await database.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, claim.shipmentId));
    await fails(w.service.activate(w.client, w.accountId, w.body()), 409, { code: 'notAwaiting' });
  });

  it('a cancelled part no longer awaiting in the shop is not activated again', async () => {
    const w = await world();
    await w.service.activate(w.client, w.accountId, w.body());
    const first = (await w.claimOf())!;
    await database.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, first.shipmentId));
    await database.db.update(storeActivations).set({ fulfilledAt: null }).where(eq(storeActivations.id, first.id));
    w.shop.setOrder(w.orderId, [{ id: w.ids[0]!, status: 'CLOSED', lines: [{ id: 'L1', remaining: 2 }] }]);
    await fails(w.service.activate(w.client, w.accountId, w.body()), 409, { code: 'notAwaiting' });
    expect((await w.claimOf())!.generation).toBe(0);
  });

  it('a claim whose shipment is still a draft takes the new lines and choice', async () => {
    const w = await world([{ lines: [{ id: 'L1', remaining: 2 }] }]);
    w.ship.activate = async () => {
      throw new Error('the courier does not answer');
    };
    await expect(w.service.activate(w.client, w.accountId, w.body())).rejects.toThrow('the courier does not answer');
    expect((await w.claimOf())!.lines).toEqual([{ id: 'L1', quantity: 2 }]);
    const other = fakeShipments(database);
    const service = storeActivationService({ database, store: fakeStore(database), app: w.shop.app, shipments: other, publicUrl: 'https://colete.test' });
    await service.activate(w.client, w.accountId, w.body(w.ids[0], { activationId: 'svc-3', fulfilledLineItems: [{ fulfillmentLineItemId: 'L1', quantity: 1 }] }));
    expect(await w.claimOf()).toMatchObject({ lines: [{ id: 'L1', quantity: 1 }], activationId: 'svc-3', generation: 0 });
    expect(other.calls.find((c) => c.op === 'storeDraft')!.args[4]).toBe(`store-${w.accountId}-${w.ids[0]!.replace(/\D/g, '')}`);
  });
});

describe('offers, save for later and the cash on delivery part', () => {
  it('answers the offers of the card as a draft without an order name; an invalid packing is refused', async () => {
    const w = await world();
    expect(await w.service.offers(w.client, w.accountId, w.body())).toEqual([]);
    expect(w.ship.calls.map((c) => c.op)).toEqual(['offers']);
    expect(w.ship.calls[0]!.args[1]).toMatchObject({ clientReference: null, content: 'Produse' });
    const card = w.body();
    await fails(w.service.offers(w.client, w.accountId, { ...card, packing: { ...card.packing, list: [] } }), 400, { code: 'invalidPacking' });
    await fails(w.service.offers((await storeClient(database)).client, w.accountId, card), 404, {});
  });

  it('saves an awaiting part\'s card, again over the first; a part not awaiting is refused', async () => {
    const w = await world([{ lines: [{ id: 'L1', remaining: 2 }] }, { status: 'CLOSED', lines: [{ id: 'L1', remaining: 2 }] }]);
    const card = w.body();
    await w.service.save(w.client, w.accountId, { ...card, activationId: null });
    await w.service.save(w.client, w.accountId, { ...card, activationId: 'svc-7' });
    const saved = await database.db.select().from(storeSavedOrders).where(eq(storeSavedOrders.fulfillmentOrderId, w.ids[0]!));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ storeAccountId: w.accountId, saved: { sender: card.sender, packing: card.packing, extraOptions: card.extraOptions, activationId: 'svc-7' } });
    await fails(w.service.save(w.client, w.accountId, { ...w.body(w.ids[1]), activationId: null }), 409, { code: 'notAwaiting' });
  });

  it('picks the part that collects the cash on delivery; not of a cancelled order nor a part not awaiting', async () => {
    const w = await world([{ lines: [{ id: 'L1', remaining: 2 }] }, { status: 'CLOSED', lines: [{ id: 'L1', remaining: 2 }] }]);
    const part = (foId: string) => ({ shopifyOrderId: w.orderId, shopifyFulfillmentOrderId: foId });
    await w.service.pickCodPart(w.client, w.accountId, part(w.ids[0]!));
    expect(await database.db.select().from(storeOrderCod).where(eq(storeOrderCod.orderId, w.orderId))).toMatchObject([{ fulfillmentOrderId: w.ids[0], locked: false }]);
    await fails(w.service.pickCodPart(w.client, w.accountId, part(w.ids[1]!)), 409, { code: 'notAwaiting' });
    const cancelled = await world([{ lines: [{ id: 'L1', remaining: 2 }] }], '2026-11-21T10:00:00Z');
    await fails(cancelled.service.pickCodPart(cancelled.client, cancelled.accountId, { shopifyOrderId: cancelled.orderId, shopifyFulfillmentOrderId: cancelled.ids[0]! }), 409, { code: 'notAwaiting' });
  });
});

describe('the pure parts', () => {
  it('reads Shopify\'s refusals that no retry cures, and nothing else', () => {
    const of = (...m: string[]) => refusalOfErrors(m.map((message) => ({ message })));
    expect(of('Fulfillment order 1 has an unfulfillable status= on_hold.')).toBe('onHold');
    expect(of('Fulfillment order 1 has an unfulfillable status=CLOSED')).toBe('closed');
    expect(of('Fulfillment order 1 has an unfulfillable status= incomplete')).toBe('cancelled');
    expect(of('Fulfillment order 1 has an unfulfillable status= cancelled')).toBe('cancelled');
    expect(of('Fulfillment order does not exist.')).toBe('notFound');
    expect(of('Invalid fulfillment order line item quantity requested.')).toBe('invalidLines');
    expect(of('Internal error', 'Fulfillment order 2 DOES NOT EXIST')).toBe('notFound');
    expect(of('Internal error')).toBeNull();
    expect(of('unfulfillable status=')).toBeNull();
    expect(of()).toBeNull();
  });

  it('keys a part\'s shipment by account, the fulfillment order\'s number and its generation after the first', () => {
    expect(requestKeyOf(5, 'gid://shopify/FulfillmentOrder/1234', 0)).toBe('store-5-1234');
    expect(requestKeyOf(5, 'gid://shopify/FulfillmentOrder/1234', 1)).toBe('store-5-1234-g1');
    expect(requestKeyOf(5, 'gid://shopify/FulfillmentOrder/1234', 2)).toBe('store-5-1234-g2');
  });
});
