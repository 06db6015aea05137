import type { TStoreBulkRun, TStoreListOrder } from '@colete/contract';
import { STORE_BULK_MESSAGES } from '@colete/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
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
});
