import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateWindows } from '../src/db/schema.js';
import { cleanupSessions } from '../src/jobs/session-cleanup.js';
import { DAILY_WINDOWS_SCOPE } from '../src/lib/rate-limit.js';
import { dbLimiter, EFACTURA_QUOTAS, quotasOf } from '../src/integrations/e-invoicing/anaf-limits.js';
import { EFacturaError, eFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * Our side of e-Factura's limits (issue 25): each call takes a slot of its quotas (half of ANAF's)
 * in the database before it leaves, shared by every instance; a daily quota used up fails the call
 * without calling, the per-minute one waits for the next minute.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(async () => ctx?.close());

const DAY = 86_400_000;

describe('the quotas of a call', () => {
  it('are half of ANAF’s, by path: per message, per upload, per CUI, and all calls per minute last', () => {
    const all = { key: 'all', limit: 500, windowMs: 60_000 };
    expect(quotasOf('descarcare', { id: '42' })).toEqual([{ key: 'descarcare:42', limit: 5, windowMs: DAY }, all]);
    expect(quotasOf('stareMesaj', { id_incarcare: '7' })).toEqual([{ key: 'stareMesaj:7', limit: 50, windowMs: DAY }, all]);
    expect(quotasOf('listaMesajeFactura', { cif: '14399840' })).toEqual([{ key: 'lista:14399840', limit: 750, windowMs: DAY }, all]);
    expect(quotasOf('listaMesajePaginatieFactura', { cif: '14399840' })).toEqual([{ key: 'listaPaginatie:14399840', limit: 50_000, windowMs: DAY }, all]);
    expect(quotasOf('upload', { standard: 'RASP', cif: '14399840' })).toEqual([{ key: 'rasp:14399840', limit: 500, windowMs: DAY }, all]);
    expect(quotasOf('uploadb2c', { standard: 'RASP', cif: '1' })[0]!.key).toBe('rasp:1');
    expect(quotasOf('upload', { standard: 'UBL', cif: '14399840' })).toEqual([all]);
    expect(EFACTURA_QUOTAS).toEqual({ callsPerMinute: 500, downloadsPerMessageDay: 5, statesPerUploadDay: 50, listsPerCifDay: 750, pagedListsPerCifDay: 50_000, raspPerCifDay: 500 });
  });
});

describe('the shared count', () => {
  it('gives a daily quota’s slots up to its limit, then none until the next day; instances at once never take more', async () => {
    let now = Date.UTC(2026, 10, 29, 10, 0, 0);
    const limiter = dbLimiter(ctx.database.db, { now: () => now });
    const quota = [{ key: 'test-daily', limit: 5, windowMs: DAY }];
    const taken = await Promise.all(Array.from({ length: 12 }, () => limiter.take(quota)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await limiter.take(quota)).toBe(false);
    now += DAY;
    expect(await limiter.take(quota)).toBe(true);
  });

  it('waits for room when the minute’s quota is used up (the window slides), and gives up after a minute', async () => {
    let now = Date.UTC(2026, 10, 29, 11, 0, 30);
    let slept = 0;
    const limiter = dbLimiter(ctx.database.db, { now: () => now, sleep: async (ms) => void ((slept += ms), (now += ms)) });
    const quota = [{ key: 'test-minute', limit: 3, windowMs: 60_000 }];
    for (let i = 0; i < 3; i++) expect(await limiter.take(quota)).toBe(true);
    expect(slept).toBe(0);
    expect(await limiter.take(quota)).toBe(true);
    // The rest of this minute, then a third of the next one (the previous window's weight falls below the limit).
    expect(slept).toBeGreaterThanOrEqual(50_000);
    expect(slept).toBeLessThanOrEqual(55_000);
    // A quota that never frees (limit 0): a minute of waiting, then no.
    slept = 0;
    expect(await limiter.take([{ key: 'test-never', limit: 0, windowMs: 60_000 }])).toBe(false);
    expect(slept).toBe(60_000);
  });

  it('the cleanup keeps the daily quotas’ windows two days, the minute ones an hour', async () => {
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() - ms);
    await ctx.database.db.insert(rateWindows).values([
      { scope: DAILY_WINDOWS_SCOPE, key: 'today', windowStart: at(3 * 3600_000), hits: 1 },
      { scope: DAILY_WINDOWS_SCOPE, key: 'old', windowStart: at(3 * 86_400_000), hits: 1 },
      { scope: 'efactura-minute', key: 'hour-old', windowStart: at(2 * 3600_000), hits: 1 },
    ]);
    await cleanupSessions(ctx.database, now);
    const left = (await ctx.database.db.select({ key: rateWindows.key }).from(rateWindows)).map((r) => r.key);
    expect(left).toContain('today');
    expect(left).not.toContain('old');
    expect(left).not.toContain('hour-old');
  });
});

describe('the adapter under its limits', () => {
  it('a message downloaded five times today is not asked a sixth time: a limit, and ANAF never called', async () => {
    let calls = 0;
    const rest = eFacturaRest({
      restBase: 'https://anaf.invalid/rest',
      limiter: dbLimiter(ctx.database.db),
      fetch: async () => {
        calls += 1;
        return new Response(JSON.stringify({ eroare: 'Nu exista mesaje' }), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    for (let i = 0; i < 5; i++) await expect(rest.download('t', '9001')).rejects.toBeInstanceOf(EFacturaError);
    expect(calls).toBe(5);
    const sixth = await rest.download('t', '9001').catch((e: unknown) => e);
    expect(sixth).toBeInstanceOf(EFacturaError);
    expect((sixth as EFacturaError).kind).toBe('limit');
    expect(calls).toBe(5);
    // Another message has its own quota.
    await expect(rest.download('t', '9002')).rejects.toBeInstanceOf(EFacturaError);
    expect(calls).toBe(6);
  });
});
