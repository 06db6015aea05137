import { STORE_FULFILLMENT_MAX_ATTEMPTS } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { storeActivations, storeFulfillmentEvents } from '../src/db/schema.js';
import { storeActivationService } from '../src/modules/store/store-activation.js';
import { openTestDatabase } from './helper.js';
import { claimRow, fakeShipments, fakeShop, fakeStore, shipmentRow, storeClient, type FakeFo } from './support/store-fake-shop.js';

/**
 * The shop's fulfillment of an activation (store-activation.ts `fulfil`, and the job's
 * `retryPending`) called directly over a shop in memory, at the edges its mutants showed untested
 * (npm run mutate): once only, a fulfillment already carrying the AWB recorded, each refusal for good
 * with its kind and hold, an error retried until the last attempt, and the fulfillment events sent.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());
// retryPending reads every pending claim of the database: each test starts with none.
beforeEach(async () => {
  await database.db.delete(storeActivations);
});

let n = 0;
/** A claim of lines L1 x2 on an order of the shop (its fulfillment order as given), with a created shipment. */
async function claimed(fo: Omit<FakeFo, 'id'> = { lines: [{ id: 'L1', remaining: 2 }] }, values: Partial<typeof storeActivations.$inferInsert> = {}, ship: Parameters<typeof shipmentRow>[2] = {}) {
  const k = ++n;
  const shop = fakeShop();
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const c = await storeClient(database);
  const orderId = `gid://shopify/Order/${k}00`;
  const foId = `gid://shopify/FulfillmentOrder/${k}01`;
  shop.setOrder(orderId, [{ ...fo, id: foId }]);
  const shipment = await shipmentRow(database, c.userId, { awb: `AWB ${k}/1`, ...ship });
  const claim = await claimRow(database, c, { orderId, fulfillmentOrderId: foId, shipmentId: shipment.id, lines: [{ id: 'L1', quantity: 2 }], ...values });
  const log = { warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }), info: () => undefined };
  const service = storeActivationService({ database, store: fakeStore(database), app: shop.app, shipments: fakeShipments(database), publicUrl: 'https://colete.test', log: log as never });
  const row = async () => (await database.db.select().from(storeActivations).where(eq(storeActivations.id, claim.id)))[0]!;
  return { ...c, shop, shipment, claim, service, row, warnings, orderId, foId };
}

describe('fulfil', () => {
  it('tells the shop once, with the courier, the AWB and its tracking link', async () => {
    const w = await claimed();
    expect(await w.service.fulfil(w.claim.id)).toBe(true);
    expect(w.shop.calls.find((c) => c.op === 'Fulfil')!.variables.fulfillment).toMatchObject({ trackingInfo: { company: 'Curier cargus', number: w.shipment.awb, url: `https://colete.test/tracking/${encodeURIComponent(w.shipment.awb!)}` } });
    expect(await w.row()).toMatchObject({ fulfillmentId: 'gid://shopify/Fulfillment/1', lastError: null });
    expect((await w.row()).fulfilledAt).toBeInstanceOf(Date);
    w.shop.calls.length = 0;
    expect(await w.service.fulfil(w.claim.id)).toBe(true);
    expect(w.shop.calls).toEqual([]);
    expect(w.shop.ops()).toEqual([]);
  });

  it('answers false, asking nothing, for a claim that is gone, refused for good, or without an AWB or courier', async () => {
    expect(await (await claimed()).service.fulfil(-1)).toBe(false);
    for (const w of [await claimed(undefined, { refusedAt: new Date() }), await claimed(undefined, {}, { awb: null }), await claimed(undefined, {}, { courierId: null })]) {
      expect(await w.service.fulfil(w.claim.id)).toBe(false);
      expect(w.shop.calls).toEqual([]);
      expect((await w.row()).attempts).toBe(0);
    }
  });

  it('records a fulfillment the shop already has with this AWB instead of making another', async () => {
    const w = await claimed();
    w.shop.fulfillments.set(w.orderId, [{ id: 'gid://shopify/Fulfillment/77', trackingInfo: [{ number: 'OTHER' }] }, { id: 'gid://shopify/Fulfillment/78', trackingInfo: [{ number: null }, { number: w.shipment.awb }] }]);
    expect(await w.service.fulfil(w.claim.id)).toBe(true);
    expect(w.shop.ops()).toEqual(['OrderFulfillments']);
    expect(await w.row()).toMatchObject({ fulfillmentId: 'gid://shopify/Fulfillment/78' });
  });

  it('stops for good on a fulfillment order on hold, closed, cancelled or gone, saying why', async () => {
    const cases: [Omit<FakeFo, 'id'>, object][] = [
      [{ status: 'ON_HOLD', lines: [{ id: 'L1', remaining: 2 }], holds: [{ reason: 'AWAITING_PAYMENT', reasonNotes: 'plata' }] }, { kind: 'onHold', message: null, hold: { reason: 'AWAITING_PAYMENT', reasonNotes: 'plata' } }],
      [{ status: 'ON_HOLD', lines: [{ id: 'L1', remaining: 2 }] }, { kind: 'onHold', message: null, hold: null }],
      [{ lines: [{ id: 'L1', remaining: 2 }], holds: [{ reason: 'OTHER', reasonNotes: null }] }, { kind: 'onHold', hold: { reason: 'OTHER', reasonNotes: null } }],
      [{ status: 'CLOSED', lines: [{ id: 'L1', remaining: 2 }] }, { kind: 'closed', message: null, hold: null }],
      [{ status: 'CANCELLED', lines: [{ id: 'L1', remaining: 2 }] }, { kind: 'cancelled', message: null, hold: null }],
      [{ status: 'INCOMPLETE', lines: [{ id: 'L1', remaining: 2 }] }, { kind: 'cancelled', message: null, hold: null }],
    ];
    for (const [fo, refusal] of cases) {
      const w = await claimed(fo);
      expect(await w.service.fulfil(w.claim.id)).toBe(false);
      const row = await w.row();
      expect(row.refusal, JSON.stringify(fo)).toEqual(expect.objectContaining(refusal));
      expect(row.refusedAt).toBeInstanceOf(Date);
      expect(row).toMatchObject({ attempts: 1, fulfilledAt: null });
      expect(row.lastError).toBe(`Error: the shop refuses the fulfillment: ${row.refusal!.kind}`);
      expect(w.shop.ops()).not.toContain('Fulfil');
      expect(w.warnings).toEqual([{ obj: { claimId: w.claim.id, refusal: row.refusal }, msg: 'store fulfillment refused for good (the merchant decides)' }]);
    }
    const gone = await claimed();
    gone.shop.setOrder(gone.orderId, [{ id: 'gid://shopify/FulfillmentOrder/other', lines: [{ id: 'L1', remaining: 2 }] }]);
    expect(await gone.service.fulfil(gone.claim.id)).toBe(false);
    expect(await gone.row()).toMatchObject({ refusal: { kind: 'notFound', message: 'the fulfillment order is gone from the shop', hold: null }, lastError: 'Error: the shop refuses the fulfillment: notFound (the fulfillment order is gone from the shop)' });
    const none = await claimed();
    none.shop.removeOrder(none.orderId);
    expect(await none.service.fulfil(none.claim.id)).toBe(false);
    expect((await none.row()).refusal).toMatchObject({ kind: 'notFound' });
  });

  it('splits off what is postponed first; a refused split is retried later', async () => {
    const w = await claimed({ lines: [{ id: 'L1', remaining: 3 }, { id: 'L2', remaining: 1 }, { id: 'L3', remaining: 0, total: 1 }] });
    w.shop.splitErrors = [{ field: null, message: 'busy' }];
    expect(await w.service.fulfil(w.claim.id)).toBe(false);
    expect(w.shop.calls.find((c) => c.op === 'Split')!.variables).toEqual({ fulfillmentOrderSplits: [{ fulfillmentOrderId: w.foId, fulfillmentOrderLineItems: [{ id: 'L1', quantity: 1 }, { id: 'L2', quantity: 1 }] }] });
    expect(await w.row()).toMatchObject({ attempts: 1, refusedAt: null, refusal: null, lastError: 'Error: split refused: [{"field":null,"message":"busy"}]', fulfilledAt: null });
    expect(w.warnings.map((x) => x.msg)).toEqual(['store fulfillment not made (the job retries it)']);
    expect(w.warnings[0]!.obj).toMatchObject({ claimId: w.claim.id });
    expect(String(w.warnings[0]!.obj.err)).toBe('Error: split refused: [{"field":null,"message":"busy"}]');
    w.shop.splitErrors = [];
    expect(await w.service.fulfil(w.claim.id)).toBe(true);
    expect(await w.row()).toMatchObject({ attempts: 1, lastError: null, fulfillmentId: 'gid://shopify/Fulfillment/1' });
    const exact = await claimed();
    expect(await exact.service.fulfil(exact.claim.id)).toBe(true);
    expect(exact.shop.ops()).not.toContain('Split');
  });

  it('on a refusal no retry cures, records the fulfillment found after all, else stops for good with Shopify\'s words', async () => {
    const w = await claimed({ status: 'OPEN', lines: [{ id: 'L1', remaining: 2 }], holds: [] });
    w.shop.create = () => ({ fulfillment: null, userErrors: [{ field: null, message: 'Fulfillment order 1 has an unfulfillable status= closed' }, { field: null, message: 'x'.repeat(600) }] });
    expect(await w.service.fulfil(w.claim.id)).toBe(false);
    const refusal = (await w.row()).refusal!;
    expect(refusal).toEqual({ kind: 'closed', message: `Fulfillment order 1 has an unfulfillable status= closed ${'x'.repeat(600)}`.slice(0, 500), hold: null });
    // The lost answer of a fulfillment made: found by its AWB after the refusal.
    const lost = await claimed();
    lost.shop.create = (orderId) => {
      lost.shop.fulfillments.set(orderId, [{ id: 'gid://shopify/Fulfillment/90', trackingInfo: [{ number: lost.shipment.awb }] }]);
      return { fulfillment: null, userErrors: [{ field: null, message: 'Invalid fulfillment order line item quantity requested.' }] };
    };
    expect(await lost.service.fulfil(lost.claim.id)).toBe(true);
    expect(await lost.row()).toMatchObject({ fulfillmentId: 'gid://shopify/Fulfillment/90', refusal: null, attempts: 0 });
  });

  it('retries other errors until the last attempt, then stops for good', async () => {
    const w = await claimed(undefined, { attempts: STORE_FULFILLMENT_MAX_ATTEMPTS - 2 });
    w.shop.create = () => ({ fulfillment: null, userErrors: [] });
    expect(await w.service.fulfil(w.claim.id)).toBe(false);
    expect(await w.row()).toMatchObject({ attempts: STORE_FULFILLMENT_MAX_ATTEMPTS - 1, refusal: null, refusedAt: null, lastError: 'Error: fulfillment refused: []', fulfillmentId: null });
    // A fulfillment answered with errors beside it is not taken as made; a long error is kept to 500 characters.
    const long = [{ field: null, message: `Internal ${'x'.repeat(600)}` }];
    w.shop.create = () => ({ fulfillment: { id: 'gid://shopify/Fulfillment/66' }, userErrors: long });
    expect(await w.service.fulfil(w.claim.id)).toBe(false);
    const text = `Error: fulfillment refused: ${JSON.stringify(long)}`.slice(0, 500);
    expect(await w.row()).toMatchObject({ attempts: STORE_FULFILLMENT_MAX_ATTEMPTS, fulfillmentId: null, lastError: text, refusal: { kind: 'attempts', message: text, hold: null } });
    const down = await claimed();
    down.shop.down = true;
    expect(await down.service.fulfil(down.claim.id)).toBe(false);
    expect(await down.row()).toMatchObject({ attempts: 1, refusal: null, lastError: 'Error: the shop does not answer' });
  });
});

describe('without a log', () => {
  it('answers a refusal, a failure and an event not sent all the same', async () => {
    const quiet = async (w: Awaited<ReturnType<typeof claimed>>) => storeActivationService({ database, store: fakeStore(database), app: w.shop.app, shipments: fakeShipments(database), publicUrl: '' });
    const closed = await claimed({ status: 'CLOSED', lines: [{ id: 'L1', remaining: 2 }] });
    expect(await (await quiet(closed)).fulfil(closed.claim.id)).toBe(false);
    expect((await closed.row()).refusal).toMatchObject({ kind: 'closed' });
    const down = await claimed(undefined, { fulfillmentId: 'gid://shopify/Fulfillment/9', fulfilledAt: new Date() });
    await database.db.insert(storeFulfillmentEvents).values({ activationId: down.claim.id, status: 'DELIVERED', happenedAt: new Date() });
    const unfulfilled = await claimed();
    await database.db.update(storeActivations).set({ storeAccountId: down.accountId, userId: down.userId }).where(eq(storeActivations.id, unfulfilled.claim.id));
    down.shop.down = true;
    expect(await (await quiet(down)).retryPending()).toEqual({ fulfilled: 0, failed: 2, events: 0 });
    expect((await unfulfilled.row()).lastError).toBe('Error: the shop does not answer');
  });
});

describe('the merchant\'s way out of a refusal', () => {
  it('cancels the AWB through the shipments module, or asks the shop again', async () => {
    const refused = { refusedAt: new Date(), refusal: { kind: 'closed' as const, message: null, hold: null } };
    const w = await claimed(undefined, refused);
    const part = { shopifyOrderId: w.orderId, shopifyFulfillmentOrderId: w.foId };
    const shipments = fakeShipments(database);
    const service = storeActivationService({ database, store: fakeStore(database), app: w.shop.app, shipments, publicUrl: '' });
    expect(await service.cancelRefusedAwb(w.client, w.accountId, part)).toMatchObject({ storeUpdated: false, refusal: null });
    expect(shipments.calls.map((c) => [c.op, c.args[0], c.args[1]])).toEqual([['cancel', w.client, w.shipment.uniqueId]]);
    const again = await claimed(undefined, refused);
    expect(await again.service.retryRefused(again.client, again.accountId, { shopifyOrderId: again.orderId, shopifyFulfillmentOrderId: again.foId })).toMatchObject({ storeUpdated: true, refusal: null });
    expect(again.shop.ops()).toContain('Fulfil');
  });
});

describe('retryPending', () => {
  it('sends an event once when two runs (two instances) reach it at once', async () => {
    const w = await claimed(undefined, { fulfillmentId: 'gid://shopify/Fulfillment/9', fulfilledAt: new Date() });
    await database.db.insert(storeFulfillmentEvents).values({ activationId: w.claim.id, status: 'DELIVERED', message: 'Livrat', happenedAt: new Date() });
    // A second process's service over the same database and shop: its own in-process chain, the claim row shared.
    const other = storeActivationService({ database, store: fakeStore(database), app: w.shop.app, shipments: fakeShipments(database), publicUrl: 'https://colete.test' });
    const runs = await Promise.all([w.service.retryPending(), other.retryPending(), w.service.retryPending()]);
    expect(w.shop.ops().filter((op) => op === 'Event')).toHaveLength(1);
    expect(runs.reduce((sum, r) => sum + r.events, 0)).toBe(1);
    expect(runs.every((r) => r.failed === 0)).toBe(true);
  });

  it('fulfils the pending claims up to the limit, counting each outcome', async () => {
    const ok = await claimed();
    const failing = await claimed();
    failing.shop.down = true;
    expect(await ok.service.retryPending(1)).toEqual({ fulfilled: 1, failed: 0, events: 0 });
    expect(await failing.service.retryPending()).toEqual({ fulfilled: 0, failed: 1, events: 0 });
  });

  it('sends the fulfillment events of fulfilled claims, with the shop\'s refusal kept; a shop down is tried next run', async () => {
    const w = await claimed(undefined, { fulfillmentId: 'gid://shopify/Fulfillment/5', fulfilledAt: new Date() });
    const at = new Date('2026-11-21T08:00:00Z');
    const [event] = await database.db.insert(storeFulfillmentEvents).values({ activationId: w.claim.id, status: 'DELIVERED', message: 'Livrat', happenedAt: at }).returning();
    w.shop.down = true;
    expect(await w.service.retryPending()).toEqual({ fulfilled: 0, failed: 1, events: 0 });
    expect(w.warnings).toEqual([{ obj: expect.objectContaining({ event: event!.id }), msg: 'store fulfillment event not sent (retried next run)' }]);
    w.shop.down = false;
    w.shop.eventErrors = [{ field: ['status'], message: 'refuzat' }];
    expect(await w.service.retryPending()).toEqual({ fulfilled: 0, failed: 0, events: 1 });
    expect(w.shop.calls.filter((c) => c.op === 'Event').at(-1)!.variables).toEqual({ fulfillmentEvent: { fulfillmentId: 'gid://shopify/Fulfillment/5', status: 'DELIVERED', message: 'Livrat', happenedAt: at.toISOString() } });
    const [sent] = await database.db.select().from(storeFulfillmentEvents).where(eq(storeFulfillmentEvents.id, event!.id));
    expect(sent).toMatchObject({ lastError: '[{"field":["status"],"message":"refuzat"}]' });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    const [long] = await database.db.insert(storeFulfillmentEvents).values({ activationId: w.claim.id, status: 'FAILURE', happenedAt: at }).returning();
    w.shop.eventErrors = [{ field: null, message: 'x'.repeat(600) }];
    expect(await w.service.retryPending()).toEqual({ fulfilled: 0, failed: 0, events: 1 });
    expect((await database.db.select().from(storeFulfillmentEvents).where(eq(storeFulfillmentEvents.id, long!.id)))[0]!.lastError).toBe(JSON.stringify(w.shop.eventErrors).slice(0, 500));
    const [second] = await database.db.insert(storeFulfillmentEvents).values({ activationId: w.claim.id, status: 'IN_TRANSIT', happenedAt: at }).returning();
    w.shop.eventErrors = [];
    expect(await w.service.retryPending()).toEqual({ fulfilled: 0, failed: 0, events: 1 });
    expect((await database.db.select().from(storeFulfillmentEvents).where(eq(storeFulfillmentEvents.id, second!.id)))[0]).toMatchObject({ lastError: null });
  });
});
