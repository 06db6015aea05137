import { eq, lt, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions } from '../src/db/schema.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { SESSION_CLEANUP_QUEUE, cleanupSessions } from '../src/jobs/session-cleanup.js';
import { createTestApp, createUser, type TestContext } from './helper.js';
import { runJob } from './jobs-helper.js';

let ctx: TestContext;
let jobs: Jobs;
beforeAll(async () => {
  ctx = await createTestApp();
  // With the server, as createServer starts them: the Shopify simulator's new-orders job is registered too.
  jobs = await startJobs(ctx.app);
});
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
});

async function expireSessionOf(userId: number) {
  await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(sessions.userId, userId));
}

describe('background jobs (pg-boss in the same database)', () => {
  it('cleanupSessions removes expired sessions and old sign-in attempts, and keeps live ones', async () => {
    const expired = await createUser(ctx);
    const live = await createUser(ctx);
    await expireSessionOf(expired.id);
    await ctx.database.db.insert(loginAttempts).values({ email: 'vechi@test.ro', ip: '1.2.3.4', succeeded: false, createdAt: new Date(Date.now() - 2 * 86_400_000) });
    // What is due for removal now: this test's rows, and any another test of this file left behind.
    const now = new Date();
    const dueSessions = await ctx.database.db.select({ id: sessions.id }).from(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.idleExpiresAt, now)));
    const dueAttempts = await ctx.database.db.select({ id: loginAttempts.id }).from(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - 86_400_000)));
    const removed = await cleanupSessions(ctx.database, now);
    expect(removed).toMatchObject({ sessions: dueSessions.length, attempts: dueAttempts.length });
    expect(await ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, 'vechi@test.ro'))).toHaveLength(0);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, expired.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, live.id))).toHaveLength(1);
  });

  it('the queued session-cleanup job runs through the worker', async () => {
    const expired = await createUser(ctx);
    await expireSessionOf(expired.id);
    const id = await jobs.boss.send(SESSION_CLEANUP_QUEUE, {});
    expect(id).toBeTruthy();
    const deadline = Date.now() + 20_000;
    let state: string | undefined;
    while (Date.now() < deadline) {
      const job = await jobs.boss.getJobById(SESSION_CLEANUP_QUEUE, id!);
      state = job?.state;
      if (state === 'completed' || state === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(state).toBe('completed');
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, expired.id))).toHaveLength(0);
  });

  it('the clean-up runs every 15 minutes, the automatic top-up every 5', async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules.find((s) => s.name === SESSION_CLEANUP_QUEUE)?.cron).toBe('*/15 * * * *');
    expect(schedules.find((s) => s.name === 'prepay-auto-topup')?.cron).toBe('*/5 * * * *');
  });

  /**
   * Every queue startJobs registers, with its schedule: one row each. Frequencies come from the
   * code's own documentation (README, job comments); the specification (../shared/spec) gives
   * none for these jobs (it only says unused pick-up points deactivate automatically). A new
   * queue or schedule without a row here, or a changed frequency, fails this test.
   */
  const EXPECTED: { queue: string; cron: string; timezone: string; policy: string; why: string }[] = [
    { queue: 'session-cleanup', cron: '*/15 * * * *', timezone: 'UTC', policy: 'standard', why: 'expired sessions and day-old sign-in attempts, every 15 minutes' },
    { queue: 'pickup-points', cron: '*/10 * * * *', timezone: 'UTC', policy: 'standard', why: 'pick-up point deletions and unused points, every 10 minutes' },
    { queue: 'prepay-auto-topup', cron: '*/5 * * * *', timezone: 'UTC', policy: 'standard', why: 'automatic card top-ups, every 5 minutes' },
    { queue: 'billing-company-verification', cron: '*/10 * * * *', timezone: 'UTC', policy: 'standard', why: 'companies pending verification, every 10 minutes' },
    { queue: 'invoicing-monthly', cron: '0 6 1 * *', timezone: 'Europe/Bucharest', policy: 'standard', why: 'monthly invoices on the 1st, 06:00 in Bucharest' },
    { queue: 'shipments-tracking', cron: '* * * * *', timezone: 'UTC', policy: 'standard', why: 'courier tracking, every minute' },
    { queue: 'mail-sender', cron: '* * * * *', timezone: 'UTC', policy: 'short', why: 'the outbox, every minute (and nudged after each enqueue)' },
    { queue: 'lifecycle-events', cron: '* * * * *', timezone: 'UTC', policy: 'short', why: 'lifecycle events to their listeners, every minute (and nudged after each commit)' },
    { queue: 'repayment-reports', cron: '15 7,12 * * *', timezone: 'Europe/Bucharest', policy: 'stately', why: 'the couriers’ cash-on-delivery reports and the not-reported check, 07:15 and 12:15 in Bucharest (with the app as host)' },
    { queue: 'store-bulk-activation', cron: '* * * * *', timezone: 'UTC', policy: 'standard', why: 'bulk activation runs of store orders, every minute (takes over a dead worker’s orders; standard: a killed process’s active job does not hold the next one) and nudged when a run starts (with the app as host)' },
    { queue: 'store-shop-sync', cron: '* * * * *', timezone: 'UTC', policy: 'short', why: 'the store’s copy of each connected shop (webhooks’ orders, backfill, reconciliation, whole orders), every minute and nudged (issue 28 §4)' },
    { queue: 'store-fulfillments', cron: '* * * * *', timezone: 'UTC', policy: 'short', why: 'the shops’ fulfillments a failure left after the AWB, every minute until made (with the app as host)' },
    { queue: 'repayment-statements', cron: '45 7,12 * * *', timezone: 'Europe/Bucharest', policy: 'stately', why: 'the platform account’s bank statements (camt.053) matched to the couriers’ reports, 07:45 and 12:45 in Bucharest' },
    { queue: 'repayment-payouts', cron: '0 14 * * 1-5', timezone: 'Europe/Bucharest', policy: 'standard', why: 'the repayments’ payout (sheets and the pain.001 file) on working days at 14:00 in Bucharest' },
    { queue: 'referral-bonus', cron: '0 3 * * 1', timezone: 'Europe/Bucharest', policy: 'standard', why: 'the referral bonus of the week that ended, once per referrer and week, Mondays at 03:00 in Bucharest (spec 002 section 9: credited weekly)' },
    { queue: 'einvoice-sync', cron: '*/15 * * * *', timezone: 'UTC', policy: 'short', why: 'each connected company’s received e-invoices since its last sync, every 15 minutes' },
    { queue: 'einvoice-messages', cron: '* * * * *', timezone: 'UTC', policy: 'short', why: 'the comments of rejections sent to the suppliers through e-Factura, every minute and nudged when one is queued' },
    { queue: 'einvoice-send', cron: '* * * * *', timezone: 'UTC', policy: 'short', why: 'the platform’s invoices reported to e-Factura and followed to its verdict, every minute' },
    { queue: 'efactura-sim-suppliers', cron: '0 9 * * *', timezone: 'Europe/Bucharest', policy: 'stately', why: 'the e-Factura simulator’s suppliers issue the day’s invoice to each connected company, 09:00 in Bucharest (EINVOICE=simulator only)' },
    { queue: 'store-sim-orders', cron: '0 8-20/4 * * *', timezone: 'Europe/Bucharest', policy: 'stately', why: 'the Shopify simulator’s shops get new orders, every four hours from 8 to 20 (STORE=simulator only)' },
  ];

  it('registers exactly the expected queues and schedules, read back from pg-boss', async () => {
    const queues = (await jobs.boss.getQueues()).filter((q) => !q.name.startsWith('__pgboss__'));
    expect(queues.map((q) => ({ queue: q.name, policy: q.policy })).sort((a, b) => a.queue.localeCompare(b.queue))).toEqual(
      EXPECTED.map((e) => ({ queue: e.queue, policy: e.policy })).sort((a, b) => a.queue.localeCompare(b.queue)),
    );
    const schedules = await ctx.database.executeSql('SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name');
    expect(schedules.rows).toEqual(
      EXPECTED.map((e) => ({ name: e.queue, cron: e.cron, timezone: e.timezone })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    // getSchedules answers the same crons.
    const viaApi = await jobs.boss.getSchedules();
    expect(Object.fromEntries(viaApi.map((s) => [s.name, s.cron]))).toEqual(Object.fromEntries(EXPECTED.map((e) => [e.queue, e.cron])));
  });

  it('a job a killed process left active holds nothing up: the next job of each queue run every minute or nudged starts (issue 28)', async () => {
    const queues = EXPECTED.filter((e) => e.cron === '* * * * *' || e.policy === 'short').map((e) => e.queue);
    // A worker killed in the middle of a job (kill -9): pg-boss keeps the job active until it expires (15 minutes).
    const orphans = `INSERT INTO pgboss.job (name, data, state, started_on, policy) SELECT name, '{}'::jsonb, 'active', now(), policy FROM pgboss.queue WHERE name = ANY($1) RETURNING id`;
    const left = await ctx.database.executeSql(orphans, [queues]);
    expect(left.rows).toHaveLength(queues.length);
    try {
      const done = await Promise.all(queues.map(async (q) => [q, (await runJob(jobs.boss, q, 15_000)).state] as const));
      expect(Object.fromEntries(done)).toEqual(Object.fromEntries(queues.map((q) => [q, 'completed'])));
    } finally {
      await ctx.database.executeSql('DELETE FROM pgboss.job WHERE id = ANY($1::uuid[])', [left.rows.map((r) => r.id)]);
    }
  });

  it('every scheduled queue has a worker: a job sent to each completes', async () => {
    const done = await Promise.all(EXPECTED.map(async (e) => [e.queue, (await runJob(jobs.boss, e.queue)).state] as const));
    expect(Object.fromEntries(done)).toEqual(Object.fromEntries(EXPECTED.map((e) => [e.queue, 'completed'])));
  });
});
