import type { TStoreBulkRun } from '@colete/contract';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { ledgerEntries, shipments, storeAccounts, storeBulkRunOrders } from '../src/db/schema.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { storeBulkService } from '../src/modules/store/index.js';
import { buildServices } from '../src/services.js';
import { as, createUser, openTestDatabase, type TestContext } from './helper.js';
import { bulkActivatorStandIn } from './support/store-bulk.js';

/*
 * PostgreSQL only (scripts/test-postgres.mjs). A bulk run's worker stops in the middle of an order,
 * after the courier made its AWB and before the run recorded it (as a killed process would); a
 * second worker on the same database takes the order over once its claim is stale, and finishes
 * the run: every order has one shipment, one AWB and one charge.
 */

const standIn = bulkActivatorStandIn();
let ctx: TestContext;
const runners: Jobs[] = [];
beforeAll(async () => {
  const config = testConfig();
  const database = await openTestDatabase();
  if (database.kind !== 'postgres') throw new Error('store-bulk-resume.pg.test.ts runs on PostgreSQL only: TEST_DATABASE_URL (scripts/test-postgres.mjs)');
  const app = await buildApp({ config, database, storeActivator: standIn.activator });
  await app.ready();
  standIn.bind(app);
  ctx = { app, database, config, close: async () => { await app.close(); await database.close(); } };
  await loadNomenclature(database);
}, 90_000);
afterAll(async () => {
  // The platform's own stop (a killed runner's queue is stopped already): the live handlers end and
  // pg-boss's last writes land before the pool closes (pg-boss completes a job without awaiting it).
  for (const r of runners) await r.stop().catch(() => undefined);
  await ctx?.close();
});

/** A job runner whose bulk service takes over claims older than `staleMs` (the platform's lease when omitted), renewing its own every `heartbeatMs`. */
async function runner(staleMs?: number, heartbeatMs?: number) {
  // Another process's services: its own bulk service (its lease) over the same database.
  const services = buildServices(ctx.config, ctx.database, ctx.app.log, ctx.app, { storeActivator: standIn.activator });
  const jobs = await startJobs(ctx.app, { services: { ...services, storeBulk: storeBulkService({ database: ctx.database, activator: standIn.activator, awbFormat: async () => 'A4', staleMs, heartbeatMs }) } });
  runners.push(jobs);
  return jobs;
}

describe('a bulk run interrupted mid-order and resumed (PostgreSQL)', () => {
  it('makes no second AWB for the order in hand when the worker died', { timeout: 120_000 }, async () => {
    const user = await createUser(ctx);
    standIn.signIn(user.id, user.cookie);
    await ctx.database.db.insert(ledgerEntries).values({ userId: user.id, kind: 'topup', amountBani: 500_000, description: 'Reincarcare test', reference: randomUUID() });
    const [account] = await ctx.database.db.insert(storeAccounts).values({ userId: user.id, shop: `resume-${user.id}.myshopify.com`, name: 'Resume', status: 'CONNECTED' }).returning();

    // The first worker: the third order's activation reaches the courier, then the worker "dies" (never returns).
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    let activations = 0;
    standIn.onActivate(async () => {
      activations += 1;
      if (activations === 3) {
        standIn.onActivate(null);
        died();
      }
    });
    const hang = standIn.afterActivate(async (fo) => {
      if (fo.endsWith('/10030')) await new Promise(() => undefined);
    });
    const first = await runner(60 * 60_000);
    const orders = [1001, 1002, 1003, 1004, 1005].map((n) => ({ shopifyGraphQLId: `gid://shopify/Order/${n}`, orderDisplayName: `#${n}` }));
    const res = await as(ctx, user, { method: 'POST', url: `/api/user/integration/shopify/activate-orders/${account!.id}`, payload: { orders } });
    expect(res.statusCode, res.body).toBe(200);
    const runId = res.json().runId as number;
    await dead;
    // Wait until the third order's shipment has its AWB (the courier answered) while the worker hangs.
    for (let i = 0; i < 200; i += 1) {
      const rows = await ctx.database.db.select().from(shipments).where(and(eq(shipments.userId, user.id), eq(shipments.clientReference, '1003')));
      if (rows[0]?.awb) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await first.boss.stop({ graceful: false, wait: false });
    const claimed = await ctx.database.db.select().from(storeBulkRunOrders).where(and(eq(storeBulkRunOrders.runId, runId), eq(storeBulkRunOrders.orderId, 'gid://shopify/Order/1003')));
    expect(claimed[0]?.state).toBe('claimed');

    // The second worker takes the stale claim over (here after a second) and finishes the run.
    hang.off();
    await runner(1000);
    let run: TStoreBulkRun | null = null;
    for (let i = 0; i < 600 && run?.status !== 'done'; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      run = (await as(ctx, user, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${account!.id}/runs/${runId}` })).json().run;
    }
    expect(run?.status).toBe('done');
    const awbs = run!.orders.map((o) => o.results[0]?.result?.awb);
    expect(awbs.every(Boolean)).toBe(true);
    expect(new Set(awbs).size).toBe(5);
    const made = await ctx.database.db.select({ awb: shipments.awb }).from(shipments).where(eq(shipments.userId, user.id));
    expect(made).toHaveLength(5);
    expect(new Set(made.map((s) => s.awb))).toEqual(new Set(awbs));
    const charges = await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(5);
    expect(claimed[0]!.attempts).toBe(1);
    const [taken] = await ctx.database.db.select().from(storeBulkRunOrders).where(and(eq(storeBulkRunOrders.runId, runId), eq(storeBulkRunOrders.orderId, 'gid://shopify/Order/1003')));
    expect(taken!.attempts).toBe(2);
  });

  it('a run whose worker was killed goes on and finishes within a minute (its pg-boss job left active, the platform\'s own lease)', { timeout: 150_000 }, async () => {
    const user = await createUser(ctx);
    standIn.signIn(user.id, user.cookie);
    await ctx.database.db.insert(ledgerEntries).values({ userId: user.id, kind: 'topup', amountBani: 500_000, description: 'Reincarcare test', reference: randomUUID() });
    // Only this test's processes work the run (the earlier test's runners are gone).
    for (const r of runners.splice(0)) await r.stop().catch(() => undefined);
    const [account] = await ctx.database.db.insert(storeAccounts).values({ userId: user.id, shop: `killed-${user.id}.myshopify.com`, name: 'Killed', status: 'CONNECTED' }).returning();

    // The first worker hangs for ever in the second order, after its AWB: a killed process, which renews no lease any more.
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    const hang = standIn.afterActivate(async (fo) => {
      if (fo.endsWith('/20020')) {
        died();
        await new Promise(() => undefined);
      }
    });
    const first = await runner(undefined, 3_600_000);
    const orders = [2001, 2002, 2003, 2004].map((n) => ({ shopifyGraphQLId: `gid://shopify/Order/${n}`, orderDisplayName: `#${n}` }));
    const res = await as(ctx, user, { method: 'POST', url: `/api/user/integration/shopify/activate-orders/${account!.id}`, payload: { orders } });
    expect(res.statusCode, res.body).toBe(200);
    const runId = res.json().runId as number;
    await dead;
    // kill -9: pg-boss is not told; its job stays active until its expiry (15 minutes).
    await first.boss.stop({ graceful: false, wait: false });
    const killedAt = Date.now();
    hang.off();
    const runOf = async () => (await as(ctx, user, { method: 'GET', url: `/api/user/integration/shopify/activate-orders/${account!.id}/runs/${runId}` })).json().run as TStoreBulkRun;
    expect((await runOf()).status).toBe('running');

    // The restarted process, with the platform's own lease (no test-only staleness).
    await runner();
    let run = await runOf();
    while (run.status !== 'done' && Date.now() - killedAt < 75_000) {
      await new Promise((r) => setTimeout(r, 500));
      run = await runOf();
    }
    expect(run.status).toBe('done');
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(run.done).toBe(4);
    const awbs = run.orders.map((o) => o.results[0]?.result?.awb);
    expect(awbs.every(Boolean)).toBe(true);
    const made = await ctx.database.db.select({ awb: shipments.awb }).from(shipments).where(eq(shipments.userId, user.id));
    expect(made).toHaveLength(4);
    expect(new Set(made.map((s) => s.awb))).toEqual(new Set(awbs));
    const charges = await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(4);
  });
});
