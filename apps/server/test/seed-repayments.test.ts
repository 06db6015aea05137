import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRuns, reconciliationFlags, repaymentSheets, repayments, repaymentsAwaiting, users } from '../src/db/schema.js';
import { DEMO_UNREPORTED_AWB, seedDemoRepayments } from '../src/db/seed-repayments.js';
import { seedDemo } from '../src/db/seed.js';
import { createTestApp, type TestContext } from './helper.js';
import { validatePain001 } from './support/pain001.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the demo client’s repayments', () => {
  it('cover every state, several paid sheets, an awaiting fix and two deliberate discrepancies; once', async () => {
    const deps = { platformIban: ctx.config.platformIban, platformName: 'Colete Online SRL' };
    expect(await seedDemoRepayments(ctx.database, ctx.app.services, deps)).toBeGreaterThan(30);
    expect(await seedDemoRepayments(ctx.database, ctx.app.services, deps)).toBe(0);
    const db = ctx.database.db;
    const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.ro'));
    const states = await db.select({ status: repayments.status, n: sql<number>`count(*)::int` }).from(repayments).where(eq(repayments.userId, client!.id)).groupBy(repayments.status);
    const count = Object.fromEntries(states.map((s) => [s.status, s.n]));
    for (const s of ['awaiting_delivery', 'delivered', 'sent_by_courier', 'received', 'paid', 'cancelled']) expect(count[s], s).toBeGreaterThan(0);
    const sheets = await db.select().from(repaymentSheets).where(eq(repaymentSheets.userId, client!.id));
    expect(sheets.filter((s) => s.status === 'paid').length).toBeGreaterThanOrEqual(4);
    expect(sheets.filter((s) => s.status === 'unprocessed')).toHaveLength(1);
    for (const s of sheets) expect(s.amountBani).toBe(s.repaymentsAmountBani);
    expect((await db.select().from(repaymentsAwaiting).where(eq(repaymentsAwaiting.userId, client!.id))).length).toBeGreaterThan(0);
    const flags = await db.select().from(reconciliationFlags);
    expect(flags.map((f) => f.kind).sort()).toEqual(['amount_mismatch', 'transfer_mismatch']);
    for (const run of await db.select().from(payoutRuns)) expect((await validatePain001(run.painXml!)).valid).toBe(true);
    expect((await db.select().from(repayments).where(eq(repayments.awb, DEMO_UNREPORTED_AWB)))[0]).toMatchObject({ status: 'delivered', courierId: 'colet24' });
  });
});
