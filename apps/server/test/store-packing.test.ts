import {
  initialPacking,
  moveLine,
  packingContext,
  packingMutationPath,
  setMeasure,
  storeOrderPath,
  storePackingMessages as M,
  type StorePacking,
  type TAwaitingFulfillmentOrder,
  type TStoreOrderDetail,
} from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePackingConfigurations } from '../src/db/schema.js';
import { connectDemoShop } from '../src/modules/store/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';

/*
 * Saved packings ('Salveaza configuratie', issue 14): saved for a fulfillment order's products, found
 * on the next order with the same products (the demo shop's #1016 and #1021 both have one 'Lampa de
 * birou' and two 'Perna decorativa' verde), replaced in place, deleted; the server's checks
 * (quantities, the package rules, the envelope) with their messages; another client's store or
 * saved configuration answers 404.
 */

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let store: number;
let bobStore: number;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createUser(ctx, { name: 'Alice Magazin SRL' });
  bob = await createUser(ctx, { name: 'Bob Magazin SRL' });
  store = await connectDemoShop(ctx.database.db, alice.id, ctx.config.tokenEncryptionKey);
  bobStore = await connectDemoShop(ctx.database.db, bob.id, ctx.config.tokenEncryptionKey);
}, 60_000);
afterAll(async () => ctx?.close());

const gid = (n: number) => `gid://shopify/Order/${n}`;
async function cardOf(number: number, user = alice, account = store): Promise<TAwaitingFulfillmentOrder> {
  const res = await as(ctx, user, { method: 'GET', url: `/api/${storeOrderPath(account, gid(number))}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { order: TStoreOrderDetail }).order.shippingOrders.awaitingFulfillment[0]!;
}
const save = (user: TestUser, account: number, number: number, fo: TAwaitingFulfillmentOrder, packing: StorePacking) =>
  as(ctx, user, { method: 'POST', url: `/api/${packingMutationPath(account)}`, payload: { orderId: gid(number), fulfillmentOrderId: fo.fulfillmentOrderId, packing } });
const ok = (r: { ok: true; packing: StorePacking } | { ok: false; message: string }) => {
  if (!r.ok) throw new Error(r.message);
  return r.packing;
};

describe('saved packings', () => {
  it('a configuration saved on #1016 pre-fills #1021 (same products), is replaced in place and deleted', async () => {
    const first = await cardOf(1016);
    const next = await cardOf(1021);
    expect(first.savedPacking ?? null).toBeNull();
    expect(next.mutations).toEqual([]);
    const lamp = first.lineItems.find((l) => l.title.startsWith('Lampa'))!;
    const pillow = first.lineItems.find((l) => l.title.startsWith('Perna'))!;
    expect(pillow.quantity).toBe(2);
    const ctx1 = packingContext(first.lineItems, first.products);
    // The lamp alone in a second package, one pillow for later.
    let packing = ok(moveLine(initialPacking(first), ctx1, { from: { kind: 'package', packageId: 'p1' }, lineItemId: lamp.fulfillmentOrderLineItemsId, to: { kind: 'new' } }));
    packing = ok(moveLine(packing, ctx1, { from: { kind: 'package', packageId: 'p1' }, lineItemId: pillow.fulfillmentOrderLineItemsId, to: { kind: 'postponed' }, quantity: 1 }));
    packing = ok(setMeasure(packing, ctx1, 'p1', 'height', 15));

    const res = await save(alice, store, 1016, first, packing);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as { message: string; created: boolean; mutation: { mutationId: number; productsKey: string } };
    expect(saved).toMatchObject({ success: true, message: M.packingSaved, created: true });

    // #1021: the same packing on its own lines; the PACKING mutation is listed.
    const card = await cardOf(1021);
    expect(card.mutations).toEqual([{ type: 'PACKING', operation: 'SAVE_OR_UPDATE' }]);
    expect(card.savedPacking!.mutationId).toBe(saved.mutation.mutationId);
    const lamp2 = card.lineItems.find((l) => l.title.startsWith('Lampa'))!.fulfillmentOrderLineItemsId;
    const pillow2 = card.lineItems.find((l) => l.title.startsWith('Perna'))!.fulfillmentOrderLineItemsId;
    expect(lamp2).not.toBe(lamp.fulfillmentOrderLineItemsId);
    const laid = card.savedPacking!.packing;
    expect(laid.packages.map((k) => k.lines)).toEqual([[{ lineItemId: pillow2, quantity: 1 }], [{ lineItemId: lamp2, quantity: 1 }]]);
    expect(laid.postponed).toEqual([{ lineItemId: pillow2, quantity: 1 }]);
    expect(laid.packages[0]).toMatchObject({ height: 15, edited: { height: true, weight: false } });
    expect(initialPacking(card, laid)).toEqual(laid);
    // Bob's store of the same shop has nothing saved.
    expect((await cardOf(1021, bob, bobStore)).savedPacking ?? null).toBeNull();

    // Saving again from #1021 replaces the same row.
    const again = await save(alice, store, 1021, card, ok(setMeasure(laid, packingContext(card.lineItems, card.products), 'p2', 'weight', 2)));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: false, mutation: { mutationId: saved.mutation.mutationId } });
    expect(await ctx.database.db.select().from(storePackingConfigurations).where(eq(storePackingConfigurations.storeAccountId, store))).toHaveLength(1);
    expect((await cardOf(1016)).savedPacking!.packing.packages[1]!.weight).toBe(2);

    // Bob cannot delete it; Alice can, and the orders start from the automatic packing again.
    const foreign = await as(ctx, bob, { method: 'DELETE', url: `/api/${packingMutationPath(saved.mutation.mutationId)}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: M.packingNotFound });
    const del = await as(ctx, alice, { method: 'DELETE', url: `/api/${packingMutationPath(saved.mutation.mutationId)}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true, message: M.packingDeleted });
    const after = await cardOf(1021);
    expect(after.savedPacking ?? null).toBeNull();
    expect(after.mutations).toEqual([]);
  });

  it('refuses quantities that differ from the order, measures outside the rules, a heavy envelope and empty packages', async () => {
    const fo = await cardOf(1016);
    const start = initialPacking(fo);
    const c = packingContext(fo.lineItems, fo.products);
    const refused = async (packing: StorePacking, message: string) => {
      const res = await save(alice, store, 1016, fo, packing);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    };
    const more = structuredClone(start);
    more.packages[0]!.lines[0]!.quantity += 1;
    await refused(more, M.quantitiesMismatch);
    const missing = structuredClone(start);
    missing.packages[0]!.lines.pop();
    await refused(missing, M.quantitiesMismatch);
    const foreign = structuredClone(start);
    foreign.postponed.push({ lineItemId: 'gid://shopify/FulfillmentOrderLineItem/1', quantity: 1 });
    await refused(foreign, M.quantitiesMismatch);

    await refused(ok(setMeasure(start, c, 'p1', 'height', 2)), M.packageMeasure(1, 'Inaltimea minima este 3 cm!'));
    await refused(ok(setMeasure(start, c, 'p1', 'weight', 0.05)), M.packageMeasure(1, 'Greutatea minima este 0,1 kg!'));
    await refused(ok(setMeasure(start, c, 'p1', 'width', 601)), M.packageMeasure(1, 'Latura maxima a unui colet este 600 cm!'));
    await refused({ ...start, type: 'envelope' }, M.envelopeInvalid);
    const empty = structuredClone(start);
    empty.packages.push({ ...structuredClone(start.packages[0]!), id: 'p2', manuallyAdded: true, lines: [] });
    await refused(empty, M.emptyPackage(2));

    // The body's shape: 400 with the field; an order the shop does not have: 404.
    const bad = await as(ctx, alice, { method: 'POST', url: `/api/${packingMutationPath(store)}`, payload: { orderId: gid(1016), fulfillmentOrderId: fo.fulfillmentOrderId, packing: { ...start, packages: [] } } });
    expect(bad.statusCode).toBe(400);
    const unknown = await as(ctx, alice, { method: 'POST', url: `/api/${packingMutationPath(store)}`, payload: { orderId: gid(999999), fulfillmentOrderId: fo.fulfillmentOrderId, packing: start } });
    expect(unknown.statusCode).toBe(404);
    // Another client's store account: 404, nothing saved.
    const other = await save(bob, store, 1016, fo, start);
    expect(other.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(storePackingConfigurations)).toHaveLength(0);
  });
});
