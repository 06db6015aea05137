import { messages } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { rateWindows } from '../src/db/schema.js';
import { cleanupSessions } from '../src/jobs/session-cleanup.js';
import { sharedWindowLimiter } from '../src/lib/rate-limit.js';
import { PUBLIC_TRACKING_PER_MINUTE } from '../src/modules/store/store-activation-routes.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * Issue 28: the rate limits are counted in the database, so several server instances count the
 * same calls. Each "instance" here is a limiter of its own over the one database.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => ctx?.close());

const passed = (results: PromiseSettledResult<void>[]) => results.filter((r) => r.status === 'fulfilled').length;
const refusals = (results: PromiseSettledResult<void>[]) =>
  results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { statusCode: number; message: string });

describe('a rate limit shared by the instances', () => {
  it('lets exactly max parallel calls through three instances, and answers 429 with its message to the rest', async () => {
    const now = () => 1_800_000_000_000 + 5_000;
    const instances = [1, 2, 3].map(() => sharedWindowLimiter(ctx.database.db, 'test-parallel', 10, 60_000, 'Prea multe cereri', now));
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => instances[i % 3]!('1.2.3.4')));
    expect(passed(results)).toBe(10);
    expect(refusals(results)).toHaveLength(20);
    expect(refusals(results)[0]).toMatchObject({ statusCode: 429, message: 'Prea multe cereri' });
    // Only the calls let through were counted.
    const [row] = await ctx.database.db.select().from(rateWindows).where(and(eq(rateWindows.scope, 'test-parallel'), eq(rateWindows.key, '1.2.3.4')));
    expect(row!.hits).toBe(10);
    // Another key, and the same key under another limit, count apart.
    await expect(instances[0]!('5.6.7.8')).resolves.toBeUndefined();
    await expect(sharedWindowLimiter(ctx.database.db, 'test-other', 1, 60_000, 'x', now)('1.2.3.4')).resolves.toBeUndefined();
  });

  it('weighs the previous window in by how much of it is still within the last minute', async () => {
    let t = 1_800_000_000_000;
    const limit = sharedWindowLimiter(ctx.database.db, 'test-sliding', 4, 60_000, 'x', () => t);
    for (let i = 0; i < 4; i++) await limit(7);
    await expect(limit(7)).rejects.toMatchObject({ statusCode: 429 });
    // A quarter into the next window: 3/4 of the 4 calls still count (3), so one more passes.
    t += 60_000 + 15_000;
    await expect(limit(7)).resolves.toBeUndefined();
    await expect(limit(7)).rejects.toMatchObject({ statusCode: 429 });
    // Three quarters in: 1 of the old calls counts, with the new one 2: two more pass.
    t += 30_000;
    await expect(limit(7)).resolves.toBeUndefined();
    await expect(limit(7)).resolves.toBeUndefined();
    await expect(limit(7)).rejects.toMatchObject({ statusCode: 429 });
  });

  it('the public tracking page counts an address on every instance: two apps over one database share its minute', async () => {
    // A second instance: another app (its own services and limiters) over the same database.
    const other = await buildApp({ config: ctx.config, database: ctx.database });
    await other.ready();
    try {
      const track = (app: TestContext['app'], ip: string) => app.inject({ method: 'GET', url: '/api/tracking/1ONB24000000001', remoteAddress: ip });
      const answers = await Promise.all(Array.from({ length: PUBLIC_TRACKING_PER_MINUTE + 6 }, (_, i) => track(i % 2 ? other : ctx.app, '10.9.8.7')));
      // Unknown AWB: 404 while under the limit, 429 past it, whichever instance answers.
      expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(PUBLIC_TRACKING_PER_MINUTE);
      const over = answers.filter((a) => a.statusCode === 429);
      expect(over).toHaveLength(6);
      expect(over[0]!.json().message).toBe(messages.storeActivation.tooManyRequests);
      expect((await track(other, '10.9.8.6')).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('the cleanup job forgets windows older than an hour and keeps the recent ones', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    await ctx.database.db.insert(rateWindows).values([
      { scope: 'test-cleanup', key: 'old', windowStart: new Date(now.getTime() - 3600_000 - 60_000), hits: 3 },
      { scope: 'test-cleanup', key: 'recent', windowStart: new Date(now.getTime() - 59 * 60_000), hits: 3 },
    ]);
    const removed = await cleanupSessions(ctx.database, now);
    expect(removed.rateWindows).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db.select({ key: rateWindows.key }).from(rateWindows).where(eq(rateWindows.scope, 'test-cleanup'));
    expect(left.map((r) => r.key)).toEqual(['recent']);
  });
});
