import { eq, inArray, isNull } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { insertRepaymentRow } from '../src/db/seed-repayment-rows.js';
import { repaymentSheetItems, repaymentSheets, repayments, users } from '../src/db/schema.js';
import { REPAYMENT_PAYOUTS_QUEUE, registerRepaymentPayouts } from '../src/jobs/repayment-money.js';
import { payoutService } from '../src/modules/repayments/index.js';
import { createTestApp, createUser, type TestContext } from './helper.js';
import { waitForJob } from './jobs-helper.js';
import { validatePain001 } from './support/pain001.js';
import { IBAN_A, newAwb } from './support/repayment-money.js';

/*
 * PostgreSQL only (scripts/test-postgres.mjs; vitest.config.ts leaves *.pg.test.ts out without
 * TEST_DATABASE_URL). Two job workers, each with its own pg-boss and its own connection pool on
 * one database, run the payout queue at the same time over the same due clients: the sheets'
 * claims (FOR UPDATE SKIP LOCKED, the live items' unique index) pay each repayment once.
 */

let ctx: TestContext;
const workers: { database: Database; boss: PgBoss }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  if (ctx.database.kind !== 'postgres') throw new Error('payout-workers.pg.test.ts runs on PostgreSQL only: TEST_DATABASE_URL (scripts/test-postgres.mjs)');
  const current = await ctx.database.executeSql('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${String(current.rows[0]!.name)}`;
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) }, schema: 'pgboss', maintenanceIntervalSeconds: 120 });
    boss.on('error', () => undefined);
    await boss.start(); // one after the other: the first creates pg-boss's schema
    const payouts = payoutService({ database, platformIban: ctx.config.platformIban, platformName: 'Colete Online SRL' });
    await registerRepaymentPayouts(boss, payouts, ctx.app.log);
    workers.push({ database, boss });
  }
}, 180_000);

afterAll(async () => {
  for (const w of workers) {
    await w.boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
    await w.database.close();
  }
  await ctx?.close();
}, 60_000);

describe('two payout workers on PostgreSQL', () => {
  it('never pay a repayment twice; every sheet adds up; every run’s pain.001 validates', async () => {
    const db = ctx.database.db;
    const clients: number[] = [];
    const expected = new Map<number, number>();
    for (let c = 0; c < 6; c++) {
      const id = (await createUser(ctx)).id;
      clients.push(id);
      await db.update(users).set({ bankAccount: IBAN_A, bankAccountHolder: 'Ion Popescu', repaymentSendInterval: 1, repaymentSendMinAmount: 999999, repaymentWaitPending: 0 }).where(eq(users.id, id));
      let total = 0;
      for (let r = 0; r < 15; r++) {
        const amountBani = 1_000 + c * 100 + r;
        total += amountBani;
        await insertRepaymentRow(db, { userId: id, courierId: 'rapidcarpati', awb: newAwb(), amountBani, status: 'received', orderedAt: new Date('2026-11-01T10:00:00Z'), receivedOn: '2026-11-02' });
      }
      expected.set(id, total);
    }
    // Six runs at once, sent through both workers' queues: each worker takes jobs as they come.
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await workers[i % 2]!.boss.send(REPAYMENT_PAYOUTS_QUEUE, {}))!);
    const jobs = await Promise.all(ids.map((id, i) => waitForJob(workers[i % 2]!.boss, REPAYMENT_PAYOUTS_QUEUE, id, 60_000)));
    expect(jobs.map((j) => j.state)).toEqual(ids.map(() => 'completed'));

    const rows = await db.select().from(repayments).where(inArray(repayments.userId, clients));
    expect(rows.every((r) => r.status === 'paid' && r.sheetId !== null)).toBe(true);
    const sheets = await db.select().from(repaymentSheets).where(inArray(repaymentSheets.userId, clients));
    const items = await db.select().from(repaymentSheetItems).where(inArray(repaymentSheetItems.sheetId, sheets.map((s) => s.id)));
    // Each repayment in exactly one sheet; each client paid exactly what it received.
    expect(items.filter((i) => i.releasedAt === null)).toHaveLength(rows.length);
    expect(new Set(items.map((i) => i.repaymentId)).size).toBe(items.length);
    for (const s of sheets) expect(s.amountBani).toBe(items.filter((i) => i.sheetId === s.id).reduce((a, i) => a + i.amountBani, 0));
    for (const c of clients) expect(sheets.filter((s) => s.userId === c).reduce((a, s) => a + s.amountBani, 0)).toBe(expected.get(c));
    const { payoutRuns } = await import('../src/db/schema.js');
    for (const run of await db.select().from(payoutRuns).where(isNull(payoutRuns.clientId))) {
      if (run.painXml) expect((await validatePain001(run.painXml)).valid).toBe(true);
    }
  }, 120_000);
});
