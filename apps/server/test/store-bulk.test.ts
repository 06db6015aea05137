import { STORE_BULK_MESSAGES, type TStoreBulkRun } from '@colete/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { ledgerEntries, storeAccounts, storeBulkLabelFiles } from '../src/db/schema.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createUser, openTestDatabase, type TestContext, type TestUser } from './helper.js';
import { pdfBarcodes, pdfText, pdfWords } from './support/pdf-tools.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './support/parties.js';
import { bulkActivatorStandIn } from './support/store-bulk.js';

/*
 * Bulk activation through its API and its pg-boss queue (issue 14): the run's results and reasons,
 * another client's run, the merged labels read back with pdftotext and zbarimg. The single-order
 * activation is a stand-in over the real shipments API (support/store-bulk.ts).
 */

const standIn = bulkActivatorStandIn({ failing: { 'gid://shopify/Order/1003': ['invalidShipTo'] } });
let ctx: TestContext;
let jobs: Jobs;
beforeAll(async () => {
  const config = testConfig();
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, storeActivator: standIn.activator });
  await app.ready();
  standIn.bind(app);
  ctx = { app, database, config, close: async () => { await app.close(); await database.close(); } };
  await loadNomenclature(ctx.database);
  // The app's own services (built with the stand-in activator) run the jobs.
  jobs = await startJobs(app);
}, 180_000);
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
});

async function merchant(): Promise<{ user: TestUser; accountId: number }> {
  const user = await createUser(ctx);
  standIn.signIn(user.id, user.cookie);
  await ctx.database.db.insert(ledgerEntries).values({ userId: user.id, kind: 'topup', amountBani: 500_000, description: 'Reincarcare test', reference: randomUUID() });
  const shop = `bulk-${user.id}.myshopify.com`;
  const [row] = await ctx.database.db.insert(storeAccounts).values({ userId: user.id, shop, name: shop, status: 'CONNECTED' }).returning();
  return { user, accountId: row!.id };
}
const orders = (...numbers: number[]) => numbers.map((n) => ({ shopifyGraphQLId: `gid://shopify/Order/${n}`, orderDisplayName: `#${n}` }));
const start = (u: TestUser, accountId: number, body: object) => as(ctx, u, { method: 'POST', url: `/api/user/integration/shopify/activate-orders/${accountId}`, payload: body });
const runOf = (u: TestUser, accountId: number, runId: number) => as(ctx, u, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${accountId}/runs/${runId}` });

async function finished(u: TestUser, accountId: number, runId: number): Promise<TStoreBulkRun> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await runOf(u, accountId, runId);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().run as TStoreBulkRun;
    if (run.status === 'done') return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} not done: ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('bulk activation (POST activate-orders/{clientId}, its run and labels)', () => {
  let alice: { user: TestUser; accountId: number };
  let run: TStoreBulkRun;
  beforeAll(async () => {
    alice = await merchant();
    const res = await start(alice.user, alice.accountId, { orders: orders(1001, 1002, 1003, 1004) });
    expect(res.statusCode, res.body).toBe(200);
    run = await finished(alice.user, alice.accountId, res.json().runId);
  }, 120_000);

  it('activates every order but the one with a bad address, whose reasons read as the specification words them', () => {
    expect(run).toMatchObject({ total: 4, done: 4, labels: 3 });
    expect(run.orders.map((o) => o.orderDisplayName)).toEqual(['#1001', '#1002', '#1003', '#1004']);
    for (const o of run.orders.filter((x) => x.orderDisplayName !== '#1003')) {
      expect(o.results).toHaveLength(1);
      const r = o.results[0]!;
      expect(r.errors).toEqual([]);
      expect(r.result!.awb).toMatch(/\S{6,}/);
      expect(r.result!.service.price.total).toBeGreaterThan(0);
      expect(r.result!.service.service.courierName).not.toBe('');
    }
    const bad = run.orders.find((o) => o.orderDisplayName === '#1003')!;
    expect(bad.results).toEqual([{ result: null, errors: ['invalidShipTo'] }]);
    expect(STORE_BULK_MESSAGES.orderFailed(bad.orderDisplayName, bad.results[0]!.errors)).toBe('Comanda #1003 nu a putut fi activata (Adresa destinatie invalida)');
    // Distinct AWBs, one shipment each.
    const awbs = run.orders.flatMap((o) => o.results.flatMap((r) => (r.result ? [r.result.awb] : [])));
    expect(new Set(awbs).size).toBe(3);
  });

  it('the usual service type with no history is standard: each order went with the cheapest valid standard offer', async () => {
    const r = run.orders[0]!.results[0]!.result!;
    const draft = { sender: SENDER, recipient: RECIPIENT, packages: [{ type: 'parcel', weight: 1.5, length: 30, width: 20, height: 10 }], content: 'x', options: NO_OPTIONS };
    const offers = await as(ctx, alice.user, { method: 'POST', url: '/api/shipments/offers', payload: draft });
    const standard = (offers.json().offers as { type: string; errors: string[]; price: string }[]).filter((o) => o.type === 'standard' && o.errors.length === 0);
    expect(r.service.price.total).toBe(Math.min(...standard.map((o) => Math.round(Number(o.price) * 100))));
  });

  it('merges every label of the run in one A6 PDF, one label a page, with each AWB and its barcode', async () => {
    const res = await as(ctx, alice.user, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${alice.accountId}/runs/${run.id}/labels?format=A6` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = new Uint8Array(res.rawPayload);
    const pages = await pdfText(pdf);
    const awbs = run.orders.flatMap((o) => o.results.flatMap((r) => (r.result ? [r.result.awb] : [])));
    expect(pages).toHaveLength(3);
    awbs.forEach((awb, i) => expect(pages[i]).toContain(`AWB ${awb}`));
    const codes = await pdfBarcodes(pdf);
    awbs.forEach((awb, i) => expect(codes[i]!.map((c) => c.value).join(' ')).toContain(awb));
  });

  for (const start of [1, 2, 3, 4]) {
    it(`on A4 puts four labels a sheet, the first at the chosen position (${start})`, async () => {
      const res = await as(ctx, alice.user, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${alice.accountId}/runs/${run.id}/labels?format=A4&start=${start}` });
      expect(res.statusCode, res.body).toBe(200);
      const pages = await pdfWords(new Uint8Array(res.rawPayload));
      const awbs = run.orders.flatMap((o) => o.results.flatMap((r) => (r.result ? [r.result.awb] : [])));
      expect(pages).toHaveLength(Math.ceil((start - 1 + awbs.length) / 4));
      const [w, h] = [pages[0]!.width, pages[0]!.height];
      // Label i goes to slot start - 1 + i: sheet slot / 4; on it 0 top left, 1 top right, 2 bottom left, 3 bottom right.
      awbs.forEach((awb, i) => {
        const slot = start - 1 + i;
        const word = pages[Math.floor(slot / 4)]!.words.find((x) => x.text === awb)!;
        const pos = slot % 4;
        expect(word.xMin < w / 2, `${awb} at slot ${slot}: left`).toBe(pos % 2 === 0);
        expect(word.yMin > h / 2, `${awb} at slot ${slot}: bottom`).toBe(pos >= 2);
      });
      // Nothing printed before the chosen position on the first sheet.
      const firstSheetAwbWords = pages[0]!.words.filter((x) => x.text === 'AWB');
      if (start >= 3) expect(firstSheetAwbWords.every((x) => x.yMin > h / 2)).toBe(true);
    });
  }

  it('the labels default to the user’s awbFormat (A4 unless set)', async () => {
    const before = await as(ctx, alice.user, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${alice.accountId}/runs/${run.id}/labels` });
    expect(before.headers['content-disposition']).toContain('A4.pdf');
    const saved = await as(ctx, alice.user, { method: 'POST', url: '/api/user/settings/print', payload: { settings: { awbFormat: 'A6' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await as(ctx, alice.user, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${alice.accountId}/runs/${run.id}/labels` });
    expect(res.headers['content-disposition']).toContain('A6.pdf');
  });

  it('another client’s run and labels answer 404; a run without labels answers 409', async () => {
    const bob = await merchant();
    expect((await runOf(bob.user, alice.accountId, run.id)).statusCode).toBe(404);
    expect((await runOf(bob.user, bob.accountId, run.id)).statusCode).toBe(404);
    expect((await as(ctx, bob.user, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${bob.accountId}/runs/${run.id}/labels` })).statusCode).toBe(404);
    expect((await start(bob.user, alice.accountId, { orders: orders(1001) })).statusCode).toBe(404);
    const only = await start(bob.user, bob.accountId, { orders: orders(1003) });
    const failed = await finished(bob.user, bob.accountId, only.json().runId);
    expect(failed.labels).toBe(0);
    const labels = await as(ctx, bob.user, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${bob.accountId}/runs/${failed.id}/labels` });
    expect(labels.statusCode).toBe(409);
  });

  // Last of the run's tests: it cancels one of its shipments.
  it('keeps the merged file for a reprint, and merges again once a label is gone (a cancelled shipment)', async () => {
    const url = `/api/user/integration/shopify/activate-orders/${alice.accountId}/runs/${run.id}/labels?format=A6`;
    const first = await as(ctx, alice.user, { method: 'GET', url });
    const again = await as(ctx, alice.user, { method: 'GET', url });
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    const kept = await ctx.database.db.select().from(storeBulkLabelFiles).where(eq(storeBulkLabelFiles.runId, run.id));
    expect(kept.filter((k) => k.format === 'A6' && k.start === 1)).toHaveLength(1);
    expect(Buffer.compare(kept.find((k) => k.format === 'A6')!.pdf, first.rawPayload)).toBe(0);

    const results = run.orders.flatMap((o) => o.results.flatMap((r) => (r.result ? [r.result] : [])));
    const cancelled = await as(ctx, alice.user, { method: 'POST', url: `/api/shipments/${results[0]!.uniqueId}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await as(ctx, alice.user, { method: 'GET', url });
    expect(after.statusCode, after.body).toBe(200);
    const pages = await pdfText(new Uint8Array(after.rawPayload));
    expect(pages).toHaveLength(results.length - 1);
    expect(pages.join(' ')).not.toContain(`AWB ${results[0]!.awb}`);
    results.slice(1).forEach((r, i) => expect(pages[i]).toContain(`AWB ${r.awb}`));
    expect((await ctx.database.db.select().from(storeBulkLabelFiles).where(eq(storeBulkLabelFiles.runId, run.id))).filter((k) => k.format === 'A6' && k.start === 1)).toHaveLength(1);
  });
});
