import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { storeAccounts, storeActivations, storeSavedOrders } from '../src/db/schema.js';
import {
  activationById,
  activationOf,
  claimActivation,
  claimRefusalCancel,
  clearRefusal,
  nextGeneration,
  ownActivation,
  pendingFulfillments,
  REFUSAL_ACTION_STALE_MS,
  refusalsOfShipments,
  saveForLater,
  savedOrders,
  settleRefusalCancel,
  unfulfilledActivations,
} from '../src/modules/store/store-activation-queries.js';
import { openTestDatabase } from './helper.js';
import { claimRow, shipmentRow, storeClient } from './support/store-fake-shop.js';

/**
 * The store activation's queries (store-activation-queries.ts) called directly, at the edges their
 * mutants showed untested (npm run mutate): which claims the job fulfils, a claim made once, the next
 * generation once, the saved cards, a client's own activation, and the refusal's cancel and retry
 * claimed once (a cancel in hand going stale after two minutes).
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());
beforeEach(async () => {
  await database.db.delete(storeActivations);
});

const db = () => database.db;
let n = 0;
const fo = () => `gid://shopify/FulfillmentOrder/${++n}`;
type Ship = Parameters<typeof shipmentRow>[2];
async function claim(c: { userId: number; accountId: number }, values: Partial<typeof storeActivations.$inferInsert> = {}, ship: Ship = {}) {
  const shipment = await shipmentRow(database, c.userId, ship);
  return claimRow(database, c, { orderId: 'gid://shopify/Order/1', fulfillmentOrderId: fo(), shipmentId: shipment.id, ...values });
}

describe('the claims', () => {
  it('the job fulfils claims with an AWB in a live status, of a connected store, not told nor refused, oldest first, up to the limit', async () => {
    const c = await storeClient(database);
    const due = [await claim(c), await claim(c, {}, { status: 'picked_up' }), await claim(c, {}, { status: 'in_transit' }), await claim(c, {}, { status: 'out_for_delivery' }), await claim(c, {}, { status: 'delivered' })];
    await claim(c, { fulfilledAt: new Date() });
    await claim(c, { refusedAt: new Date() });
    await claim(c, {}, { awb: null });
    await claim(c, {}, { status: 'draft' });
    await claim(c, {}, { status: 'cancelled' });
    await claim(c, {}, { status: 'returned' });
    await claim(c, {}, { status: 'activating' });
    const gone = await storeClient(database);
    await db().update(storeAccounts).set({ status: 'DISCONNECTED' }).where(eq(storeAccounts.id, gone.accountId));
    await claim(gone);
    expect(await pendingFulfillments(db(), 50)).toEqual(due.map((d) => ({ id: d.id })));
    expect(await pendingFulfillments(db(), 2)).toEqual(due.slice(0, 2).map((d) => ({ id: d.id })));
  });

  it('claims a fulfillment order once (a second insert answers the first row); finds claims by id and by part', async () => {
    const c = await storeClient(database);
    const [a, b] = [await shipmentRow(database, c.userId), await shipmentRow(database, c.userId)];
    const f = fo();
    const values = { storeAccountId: c.accountId, userId: c.userId, orderId: 'o', fulfillmentOrderId: f, lines: [{ id: 'L1', quantity: 1 }], activationId: 'x' };
    const first = await claimActivation(db(), { ...values, shipmentId: a.id });
    const second = await claimActivation(db(), { ...values, shipmentId: b.id, activationId: 'y' });
    expect(second).toEqual(first);
    expect(first).toMatchObject({ shipmentId: a.id, activationId: 'x' });
    expect(await activationById(db(), first.id)).toEqual(first);
    expect(await activationById(db(), -1)).toBeNull();
    expect(await activationOf(db(), c.accountId, f)).toEqual(first);
    expect(await activationOf(db(), c.accountId, 'other')).toBeNull();
    expect(await activationOf(db(), c.accountId + 1000, f)).toBeNull();
  });

  it('moves a claim to its next generation once: a caller with a stale generation changes nothing', async () => {
    const c = await storeClient(database);
    const row = await claim(c, { fulfillmentId: 'F', fulfilledAt: new Date(), attempts: 4, lastError: 'e', refusedAt: new Date(), refusal: { kind: 'closed', message: null, hold: null }, refusalAction: 'cancelled', refusalActionAt: new Date() });
    const next = await shipmentRow(database, c.userId);
    const moved = await nextGeneration(db(), row, { shipmentId: next.id, lines: [{ id: 'L2', quantity: 1 }], activationId: 'z' });
    expect(moved).toMatchObject({ id: row.id, generation: 1, shipmentId: next.id, lines: [{ id: 'L2', quantity: 1 }], activationId: 'z', fulfillmentId: null, fulfilledAt: null, attempts: 0, lastError: null, refusedAt: null, refusal: null, refusalAction: null, refusalActionAt: null });
    const stale = await nextGeneration(db(), row, { shipmentId: row.shipmentId, lines: [], activationId: 'late' });
    expect(stale).toEqual(moved);
  });

  it('lists an order\'s activations with their shipment, and a client\'s own activation only', async () => {
    const c = await storeClient(database);
    const a = await claim(c, { orderId: 'gid://shopify/Order/5', refusedAt: new Date('2026-11-20T10:00:00Z'), refusal: { kind: 'closed', message: null, hold: null } }, { uniqueId: 'U-5', status: 'created' });
    await claim(c, { orderId: 'gid://shopify/Order/6' });
    const other = await storeClient(database);
    await claim(other, { orderId: 'gid://shopify/Order/5' });
    expect(await unfulfilledActivations(db(), c.accountId, 'gid://shopify/Order/5')).toEqual([
      { fulfillmentOrderId: a.fulfillmentOrderId, shipmentId: a.shipmentId, uniqueId: 'U-5', fulfilledAt: null, refusedAt: new Date('2026-11-20T10:00:00Z'), refusal: { kind: 'closed', message: null, hold: null }, refusalAction: null, shipmentStatus: 'created' },
    ]);
    expect(await ownActivation(db(), c.userId, c.accountId, 'gid://shopify/Order/5', a.fulfillmentOrderId)).toEqual(a);
    for (const [user, account, order, f] of [[other.userId, c.accountId, 'gid://shopify/Order/5', a.fulfillmentOrderId], [c.userId, other.accountId, 'gid://shopify/Order/5', a.fulfillmentOrderId], [c.userId, c.accountId, 'gid://shopify/Order/6', a.fulfillmentOrderId], [c.userId, c.accountId, 'gid://shopify/Order/5', 'x']] as const) {
      expect(await ownActivation(db(), user, account, order, f)).toBeNull();
    }
  });

  it('keeps one saved card per part, the last one, and reads a store\'s saved cards by part', async () => {
    const c = await storeClient(database);
    const other = await storeClient(database);
    await saveForLater(db(), c.accountId, 'F1', { a: 1 });
    const [before] = await db().select().from(storeSavedOrders).where(eq(storeSavedOrders.storeAccountId, c.accountId));
    await new Promise((r) => setTimeout(r, 5));
    await saveForLater(db(), c.accountId, 'F1', { a: 2 });
    await saveForLater(db(), c.accountId, 'F2', { b: 1 });
    await saveForLater(db(), other.accountId, 'F1', { c: 1 });
    const mine = await savedOrders(db(), c.accountId, ['F1', 'F3']);
    expect(mine.map((s) => [s.fulfillmentOrderId, s.saved])).toEqual([['F1', { a: 2 }]]);
    expect(mine[0]!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    expect(await savedOrders(db(), c.accountId, [])).toEqual([]);
  });
});

describe('a refusal\'s way out', () => {
  const refused = { refusedAt: new Date(), refusal: { kind: 'onHold' as const, message: null, hold: null } };
  const stateOf = async (id: number) => (await db().select().from(storeActivations).where(eq(storeActivations.id, id)))[0]!;

  it('claims the cancel once, of a refusal standing; a cancel in hand for two minutes goes stale', async () => {
    expect(REFUSAL_ACTION_STALE_MS).toBe(120_000);
    const c = await storeClient(database);
    const row = await claim(c, refused);
    expect(await claimRefusalCancel(db(), row.id)).toBe(true);
    expect(await stateOf(row.id)).toMatchObject({ refusalAction: 'cancel' });
    expect(await claimRefusalCancel(db(), row.id)).toBe(false);
    await db().update(storeActivations).set({ refusalActionAt: sql`now() - interval '110 seconds'` }).where(eq(storeActivations.id, row.id));
    expect(await claimRefusalCancel(db(), row.id)).toBe(false);
    await db().update(storeActivations).set({ refusalActionAt: sql`now() - interval '130 seconds'` }).where(eq(storeActivations.id, row.id));
    expect(await claimRefusalCancel(db(), row.id)).toBe(true);
    expect((await stateOf(row.id)).refusalActionAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    for (const values of [{}, { ...refused, fulfilledAt: new Date() }, { ...refused, refusalAction: 'cancelled' as const, refusalActionAt: new Date(Date.now() - 600_000) }]) {
      expect(await claimRefusalCancel(db(), (await claim(c, values)).id), JSON.stringify(values)).toBe(false);
    }
  });

  it('settles a cancel in hand as done or gives it back; nothing else', async () => {
    const c = await storeClient(database);
    const done = await claim(c, { ...refused, refusalAction: 'cancel', refusalActionAt: new Date('2026-01-01') });
    await settleRefusalCancel(db(), done.id, true);
    expect(await stateOf(done.id)).toMatchObject({ refusalAction: 'cancelled' });
    expect((await stateOf(done.id)).refusalActionAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await settleRefusalCancel(db(), done.id, false);
    expect(await stateOf(done.id)).toMatchObject({ refusalAction: 'cancelled' });
    const back = await claim(c, { ...refused, refusalAction: 'cancel', refusalActionAt: new Date() });
    await settleRefusalCancel(db(), back.id, false);
    expect(await stateOf(back.id)).toMatchObject({ refusalAction: null, refusalActionAt: null });
  });

  it('clears a refusal once for the retry, not one with a cancel decided or a fulfilled claim', async () => {
    const c = await storeClient(database);
    const row = await claim(c, { ...refused, attempts: 30, lastError: 'e' });
    expect(await clearRefusal(db(), row.id)).toBe(true);
    expect(await stateOf(row.id)).toMatchObject({ refusedAt: null, refusal: null, attempts: 0, lastError: null });
    expect(await clearRefusal(db(), row.id)).toBe(false);
    for (const values of [{ ...refused, refusalAction: 'cancel' as const }, { ...refused, fulfilledAt: new Date() }]) {
      expect(await clearRefusal(db(), (await claim(c, values)).id)).toBe(false);
    }
  });

  it('answers the standing refusals of a client\'s shipments named, not decided ones', async () => {
    const c = await storeClient(database);
    const at = new Date('2026-11-20T10:00:00Z');
    const a = await claim(c, { ...refused, refusedAt: at }, { uniqueId: 'R-1' });
    await claim(c, { ...refused, refusalAction: 'cancel' }, { uniqueId: 'R-2' });
    await claim(c, {}, { uniqueId: 'R-3' });
    await claim(c, refused, { uniqueId: 'R-4' });
    const other = await storeClient(database);
    await claim(other, refused, { uniqueId: 'R-5' });
    expect(await refusalsOfShipments(db(), c.userId, ['R-1', 'R-2', 'R-3', 'R-5'])).toEqual([{ uniqueId: 'R-1', fulfillmentOrderId: a.fulfillmentOrderId, refusedAt: at, refusal: refused.refusal }]);
    expect(await refusalsOfShipments(db(), c.userId, [])).toEqual([]);
  });
});
