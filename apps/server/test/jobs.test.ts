import { eq, lt, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions } from '../src/db/schema.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { SESSION_CLEANUP_QUEUE, cleanupSessions } from '../src/jobs/session-cleanup.js';
import { createTestApp, createUser, type TestContext } from './helper.js';

let ctx: TestContext;
let jobs: Jobs;
beforeAll(async () => {
  ctx = await createTestApp();
  jobs = await startJobs(ctx.database, ctx.app.log, ctx.config);
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
});
