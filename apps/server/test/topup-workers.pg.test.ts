import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { and, eq, gte } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayments, ledgerEntries } from '../src/db/schema.js';
import { AUTO_TOPUP_QUEUE } from '../src/jobs/auto-topup.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, type TestContext, type TestUser } from './helper.js';
import { waitForJob } from './jobs-helper.js';
import { subscribedClient as subscribedClientOf } from './support/prepay.js';

/*
 * PostgreSQL only (this file runs in scripts/test-postgres.mjs; vitest.config.ts leaves *.pg.test.ts
 * out without TEST_DATABASE_URL). Two real server processes (src/main.ts, JOBS=true) on one
 * database, each with its own pg-boss and top-up worker, compete for the same fall of a balance.
 */

const serverDir = path.resolve(import.meta.dirname, '..');
let ctx: TestContext;
let databaseUrl: string;
let boss: PgBoss;
const instances: { child: ChildProcess; output: () => string }[] = [];

function startInstance() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'false', JOBS: 'true', PAYMENTS: 'simulator', LOG_LEVEL: 'info', PRINT_LISTEN_URL: '1', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const instance = { child, output: () => output };
  instances.push(instance);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance not listening: ${output}`)), 90_000);
    const poll = setInterval(() => {
      if (/LISTENING http/.test(output)) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`instance exited ${child.exitCode}: ${output}`));
      }
    }, 50);
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  if (ctx.database.kind !== 'postgres') throw new Error('topup-workers.pg.test.ts runs on PostgreSQL only: TEST_DATABASE_URL (scripts/test-postgres.mjs)');
  await loadNomenclature(ctx.database); // once here, so the instances start without loading it
  const current = await ctx.database.executeSql('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${String(current.rows[0]!.name)}`;
  databaseUrl = url.toString();
  await Promise.all([startInstance(), startInstance()]);
  // The test's own pg-boss only sends jobs: no worker, no schedules, no maintenance.
  boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => ctx.database.executeSql(text, values) }, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
  boss.on('error', () => undefined);
  await boss.start();
}, 180_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, close: false }).catch(() => undefined);
  const codes = await Promise.all(
    instances.map(
      ({ child }) =>
        new Promise<number | null>((resolve) => {
          if (child.exitCode !== null) return resolve(child.exitCode);
          child.once('exit', (code) => resolve(code));
          child.kill('SIGTERM');
        }),
    ),
  );
  await ctx?.close();
  expect(codes).toEqual(instances.map(() => 0));
}, 60_000);

const db = () => ctx.database.db;
const ledger = (u: TestUser, bani: number) =>
  db().insert(ledgerEntries).values({ userId: u.id, kind: bani >= 0 ? 'topup' : 'charge', amountBani: bani, description: 'Miscare test', reference: crypto.randomUUID() });
const balance = async (u: TestUser) => (await as(ctx, u, { method: 'GET', url: '/api/user/prepay/balance' })).json().balance as string;
const paymentsOf = (u: TestUser, since: Date) => db().select().from(cardPayments).where(and(eq(cardPayments.userId, u.id), gte(cardPayments.createdAt, since)));

const subscribedClient = (number: string) => subscribedClientOf(ctx, number);

async function sendTopUps(count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await boss.send(AUTO_TOPUP_QUEUE, {}))!);
  return ids;
}
async function allDone(ids: string[]) {
  const jobs = await Promise.all(ids.map((id) => waitForJob(boss, AUTO_TOPUP_QUEUE, id, 30_000)));
  expect(jobs.map((j) => j.state)).toEqual(ids.map(() => 'completed'));
  return jobs;
}

/**
 * Both instances' workers race for one fallen subscription: a separate connection holds the
 * subscription's row lock while two jobs are sent, until PostgreSQL shows two top-up claims
 * waiting on it. Each instance works one job at a time, so the two waiting claims are the two
 * instances. Then the lock goes and they race; after that, more runs go to whichever is free.
 */
async function race(subscription: string) {
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('SELECT identifier FROM card_subscriptions WHERE identifier = $1 FOR UPDATE', [subscription]);
    const first = await sendTopUps(2);
    const deadline = Date.now() + 30_000;
    let waiting = 0;
    while (Date.now() < deadline) {
      // Asked outside the locker's transaction, which would see a frozen copy of the statistics.
      const res = await ctx.database.executeSql(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'update "card_subscriptions"%'`,
      );
      waiting = res.rows[0]!.n as number;
      if (waiting >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(waiting, 'both instances claim at once').toBe(2);
    await locker.query('ROLLBACK');
    await allDone(first);
  } finally {
    await locker.end();
  }
  await allDone(await sendTopUps(4));
}

describe('two server instances running the top-up job on one PostgreSQL database', () => {
  it('a fall of the balance is charged exactly once, and the next fall once more', { timeout: 90_000 }, async () => {
    const { user, subscription } = await subscribedClient('4242424242424242');
    const fall = new Date();
    await ledger(user, -15_000); // 50 lei left, below the 100 trigger
    await race(subscription);
    expect((await paymentsOf(user, fall)).map((p) => ({ status: p.status, amountBani: p.amountBani }))).toEqual([{ status: 'succeeded', amountBani: 20_000 }]);
    expect(await balance(user)).toBe('250.00');

    const secondFall = new Date();
    await ledger(user, -20_000);
    await race(subscription);
    expect(await paymentsOf(user, secondFall)).toHaveLength(1);
    expect(await balance(user)).toBe('250.00');
  });

  it('a declined saved card is tried once per fall by the two instances together, not on every run', { timeout: 90_000 }, async () => {
    // 4000 0000 0000 0341: the first payment passes and saves the card; its later charges are declined.
    const { user, subscription } = await subscribedClient('4000000000000341');
    const fall = new Date();
    await ledger(user, -15_000);
    await race(subscription);
    expect((await paymentsOf(user, fall)).map((p) => p.status)).toEqual(['declined']);
    expect(await balance(user)).toBe('50.00');

    // Back above the trigger, then a new fall: one more attempt, for that fall only.
    await ledger(user, 10_000);
    await allDone(await sendTopUps(2));
    await ledger(user, -10_000);
    await race(subscription);
    expect((await paymentsOf(user, fall)).map((p) => p.status)).toEqual(['declined', 'declined']);
    expect(await balance(user)).toBe('50.00');
  });
});
