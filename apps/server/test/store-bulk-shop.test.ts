import type { TStoreBulkRun, TStoreBulkServicesResponse, TStoreListOrder } from '@colete/contract';
import { STORE_BULK_MESSAGES, storeBulkServicesPath } from '@colete/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../src/db/schema.js';
import { as, type TestContext, type TestUser } from './helper.js';
import { pdfText } from './support/pdf-tools.js';
import { storeTestApp, type StoreTestApp } from './support/store-app.js';

/*
 * Bulk activation end to end on the simulator's demo shop (issue 14): the orders list's rows, the
 * run worked by its pg-boss job through the store activation (the shop's fulfillment included), an
 * order whose address needs fixing refused with its reason, the merged labels.
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

const base = () => `/api/user/integration/shopify/activate-orders/${account}`;
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
async function finished(runId: number): Promise<TStoreBulkRun> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await as(ctx, alice, { method: 'GET', url: `${base()}/runs/${runId}` });
    expect(res.statusCode, res.body).toBe(200);
    if (res.json().run.status === 'done') return res.json().run;
    if (Date.now() > deadline) throw new Error(`run not done: ${res.body}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('bulk activation of the demo shop’s orders', () => {
  it('activates the ready orders, refuses the one whose address needs fixing, and merges their labels', { timeout: 120_000 }, async () => {
    const rows = await awaitingRows();
    const ready = rows.filter((r) => r.status.readyForActivation && r.fulfillment.status === 'UNFULFILLED').slice(0, 4);
    const broken = rows.find((r) => r.status.needsAddressFix && r.fulfillment.status === 'UNFULFILLED')!;
    expect(ready).toHaveLength(4);
    expect(broken).toBeDefined();
    const chosen = [...ready, broken];
    const res = await as(ctx, alice, { method: 'POST', url: base(), payload: { orders: chosen.map((r) => ({ shopifyGraphQLId: r.shopifyGraphQLId, orderDisplayName: r.orderDisplayName })) } });
    expect(res.statusCode, res.body).toBe(200);
    const run = await finished(res.json().runId);

    expect(run.total).toBe(5);
    const bad = run.orders.find((o) => o.shopifyGraphQLId === broken.shopifyGraphQLId)!;
    expect(bad.results.every((r) => r.result === null && r.errors.includes('invalidShipTo'))).toBe(true);
    expect(STORE_BULK_MESSAGES.orderFailed(bad.orderDisplayName, bad.results[0]!.errors)).toMatch(/^Comanda #\d+ nu a putut fi activata \(Adresa destinatie invalida/);
    const good = run.orders.filter((o) => o.shopifyGraphQLId !== broken.shopifyGraphQLId);
    for (const o of good) for (const r of o.results) expect(r.result?.awb, JSON.stringify(o)).toBeTruthy();
    const awbs = good.flatMap((o) => o.results.map((r) => r.result!.awb));

    // One shipment per fulfillment order, made from the store; the ready orders left the awaiting tab.
    const made = await ctx.database.db.select({ awb: shipments.awb }).from(shipments).where(and(eq(shipments.storeAccountId, account), isNotNull(shipments.awb)));
    expect(made.map((s) => s.awb).filter((a) => awbs.includes(a!))).toHaveLength(awbs.length);
    const after = await awaitingRows();
    for (const r of ready) expect(after.some((x) => x.shopifyGraphQLId === r.shopifyGraphQLId && x.fulfillment.status === 'UNFULFILLED')).toBe(false);

    const labels = await as(ctx, alice, { method: 'GET', url: `${base()}/runs/${run.id}/labels?format=A4&start=2` });
    expect(labels.statusCode, labels.body).toBe(200);
    const text = (await pdfText(new Uint8Array(labels.rawPayload))).join('\n');
    for (const awb of awbs) expect(text).toContain(awb);
  });

  it('one courier service for the whole run: the preview offers the services the orders can go with; the run uses the chosen one for every order and reports, not switches, an order it cannot carry', { timeout: 120_000 }, async () => {
    const rows = await awaitingRows();
    // Ready orders, and #1095 holding the 30 x 165 x 30 cm carpet, which a courier whose longest side is 120 cm cannot carry.
    const carpet = rows.find((r) => r.shopifyGraphQLId === 'gid://shopify/Order/1095')!;
    expect(carpet?.status.readyForActivation).toBe(true);
    const ready = [...rows.filter((r) => r.status.readyForActivation && r.fulfillment.status === 'UNFULFILLED' && r !== carpet).slice(0, 3), carpet];
    const preview = await as(ctx, alice, { method: 'POST', url: storeBulkServicesPath(account), payload: { orders: ready.map((r) => ({ shopifyGraphQLId: r.shopifyGraphQLId })) } });
    expect(preview.statusCode, preview.body).toBe(200);
    const { parts, services } = preview.json() as TStoreBulkServicesResponse;
    expect(parts).toBeGreaterThanOrEqual(ready.length);
    expect(services.length).toBeGreaterThan(1);
    for (const s of services) expect(s).toMatchObject({ serviceId: expect.stringMatching(/^[a-z0-9]+:[a-z]+$/), courierName: expect.any(String), serviceName: expect.any(String) });
    // A service that carries some of the orders but not all, and is not the cheapest for them: the run must honour it anyway.
    const chosen = services.find((s) => s.carries > 0 && s.carries < parts) ?? services.at(-1)!;
    expect(chosen.carries).toBeLessThan(parts);
    // Another client asks for the services of Alice's store: 404.
    expect((await as(ctx, app.bob, { method: 'POST', url: storeBulkServicesPath(account), payload: { orders: [{ shopifyGraphQLId: ready[0]!.shopifyGraphQLId }] } })).statusCode).toBe(404);

    const res = await as(ctx, alice, { method: 'POST', url: base(), payload: { orders: ready.map((r) => ({ shopifyGraphQLId: r.shopifyGraphQLId, orderDisplayName: r.orderDisplayName })), serviceId: chosen.serviceId } });
    expect(res.statusCode, res.body).toBe(200);
    const run = await finished(res.json().runId);
    const results = run.orders.flatMap((o) => o.results);
    const made = results.filter((r) => r.result);
    expect(made).toHaveLength(chosen.carries);
    const refused = results.filter((r) => !r.result);
    expect(refused).toHaveLength(parts - chosen.carries);
    for (const r of refused) expect(r.errors).toEqual(['serviceUnavailable']);
    const failedOrder = run.orders.find((o) => o.results.some((r) => !r.result))!;
    expect(STORE_BULK_MESSAGES.orderFailed(failedOrder.orderDisplayName, ['serviceUnavailable'])).toBe(`Comanda ${failedOrder.orderDisplayName} nu a putut fi activata (Serviciul ales pentru toate comenzile nu poate livra aceasta comanda)`);
    // Every AWB of the run was made with the chosen service.
    const madeRows = await ctx.database.db.select({ serviceId: shipments.serviceId }).from(shipments).where(inArray(shipments.uniqueId, made.map((r) => r.result!.uniqueId)));
    expect(madeRows.map((r) => r.serviceId)).toEqual(made.map(() => chosen.serviceId));
    for (const r of made) expect(r.result!.service.service.name).toBe(chosen.serviceName);
    // A service id that is not one is refused before any run starts.
    expect((await as(ctx, alice, { method: 'POST', url: base(), payload: { orders: [{ shopifyGraphQLId: ready[0]!.shopifyGraphQLId, orderDisplayName: ready[0]!.orderDisplayName }], serviceId: 'nu exista' } })).statusCode).toBe(400);
  });
});
