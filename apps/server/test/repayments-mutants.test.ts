import { BANKS_BY_CODE } from '@colete/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRepaymentRow } from '../src/db/seed-repayment-rows.js';
import { payoutRuns, repaymentSheets, repayments, repaymentsAwaiting, users } from '../src/db/schema.js';
import { bankNameOf, payoutService } from '../src/modules/repayments/payouts.js';
import { createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { IBAN_A, IBAN_B, newAwb, setAccount } from './support/repayment-money.js';

/*
 * The payout run called directly (issue 24: mutation testing showed which of payouts.ts's rules no
 * test held): which clients a scheduled run pays by their own settings (interval since the last
 * paid sheet, minimum amount, waiting a day for pending ones), the run's totals, a sheet per bank
 * account numbered within the client, the repayment's own account and holder, the run kept only
 * when it paid, a "pay now" answered again by its key, and two scheduled runs on one day.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx);
}, 120_000);
afterAll(async () => ctx?.close());

const service = (day: string) => payoutService({ database: ctx.database, platformIban: ctx.config.platformIban, platformName: 'Colete Online SRL', now: () => new Date(`${day}T09:00:00Z`) });
const sheetsOf = (u: TestUser) => ctx.database.db.select().from(repaymentSheets).where(eq(repaymentSheets.userId, u.id)).orderBy(repaymentSheets.id);
/** A repayment received on `receivedOn`; `own` is the account given on its order (paid there instead of the client's). */
async function receive(u: TestUser, amountBani: number, receivedOn: string, own?: { bankAccount: string; bankAccountOwner: string }) {
  const row = await insertRepaymentRow(ctx.database.db, { userId: u.id, courierId: 'rapidcarpati', awb: newAwb(), amountBani, status: 'received', orderedAt: new Date(`${receivedOn}T08:00:00Z`), receivedOn });
  if (own) await ctx.database.db.update(repayments).set(own).where(eq(repayments.id, row.id));
  return row;
}
async function pendingOne(u: TestUser) {
  await insertRepaymentRow(ctx.database.db, { userId: u.id, courierId: 'rapidcarpati', awb: newAwb(), amountBani: 5_000, status: 'delivered', orderedAt: new Date('2026-10-01T08:00:00Z'), deliveredAt: new Date('2026-10-02T08:00:00Z') });
}
/** A sheet paid before, on `day` (the client's last payout). */
async function paidBefore(u: TestUser, day: string) {
  await receive(u, 1_000, day);
  const r = await service(day).run({ kind: 'pay_now', clientId: u.id, requestedBy: admin.id });
  expect(r.sheets).toBe(1);
}

describe('a scheduled run pays the clients due by their own settings', () => {
  it('interval since the last paid sheet, minimum amount, a day of waiting for pending ones; the totals add up', { timeout: 60_000 }, async () => {
    const today = '2026-10-20';
    // Paid two days ago, a week's interval: not yet (its oldest money is older than that payout).
    const recent = await createUser(ctx);
    await setAccount(ctx, recent, IBAN_A, 'Ana Recent', { interval: 7 });
    await paidBefore(recent, '2026-10-18');
    await receive(recent, 10_000, '2026-10-17');
    // Never paid, a day's interval, the money arrived today with one still on its way and 'wait' on: waits until tomorrow.
    const waiting = await createUser(ctx);
    await setAccount(ctx, waiting, IBAN_A, 'Vasile Asteapta', { interval: 1, wait: 1 });
    await receive(waiting, 20_000, today);
    await pendingOne(waiting);
    // The same without anything on its way: paid.
    const plain = await createUser(ctx);
    await setAccount(ctx, plain, IBAN_A, 'Ion Simplu', { interval: 1, wait: 1 });
    await receive(plain, 30_000, today);
    // A month's interval paid yesterday, but 150 lei over its minimum of 100: paid early for the amount.
    const early = await createUser(ctx);
    await setAccount(ctx, early, IBAN_B, 'Maria Suma', { interval: 30, min: 100 });
    await paidBefore(early, '2026-10-19');
    await receive(early, 15_000, '2026-10-19');
    // The same with no minimum: not yet.
    const later = await createUser(ctx);
    await setAccount(ctx, later, IBAN_B, 'Dan Lunar', { interval: 30 });
    await paidBefore(later, '2026-10-19');
    await receive(later, 15_000, '2026-10-19');

    const result = await service(today).run({ kind: 'scheduled' });
    expect(result).toMatchObject({ sheets: 2, repayments: 2, totalBani: 45_000, awaiting: 0 });
    expect(result.runId).toEqual(expect.any(Number));
    const paidToday = async (u: TestUser) => (await sheetsOf(u)).filter((s) => s.sheetDate === today).map((s) => s.amountBani);
    expect(await paidToday(recent)).toEqual([]);
    expect(await paidToday(waiting)).toEqual([]);
    expect(await paidToday(plain)).toEqual([30_000]);
    expect(await paidToday(early)).toEqual([15_000]);
    expect(await paidToday(later)).toEqual([]);
    // The run: scheduled, for no one client, its file's message id of the day.
    const [run] = await ctx.database.db.select().from(payoutRuns).where(eq(payoutRuns.id, result.runId!));
    expect(run).toMatchObject({ kind: 'scheduled', clientId: null, requestedBy: null, requestKey: null, sheetCount: 2, totalBani: 45_000 });
    expect(run!.messageId).toMatch(/^CO-20261020-[0-9a-f]{12}$/);

    // Tomorrow the waiting one is paid whatever is still on its way; a second run the same day pays what came meanwhile.
    const next = await service('2026-10-21').run({ kind: 'scheduled' });
    expect(await paidToday(waiting)).toEqual([]);
    expect((await sheetsOf(waiting)).map((s) => [s.sheetDate, s.amountBani])).toEqual([['2026-10-21', 20_000]]);
    expect(next.sheets).toBeGreaterThanOrEqual(1);
    await receive(plain, 7_000, '2026-10-21');
    const again = await service('2026-10-21').run({ kind: 'scheduled' });
    expect(again).toMatchObject({ sheets: 1, repayments: 1, totalBani: 7_000 });
    expect(again.runId).not.toBe(next.runId);
  });
});

describe('a client’s sheets', () => {
  it('one per bank account, numbered within the client; a repayment’s own account goes with its own holder; the bank named by its code', { timeout: 60_000 }, async () => {
    const day = '2026-10-22';
    const u = await createUser(ctx);
    await setAccount(ctx, u, IBAN_A, 'Titular Client');
    await receive(u, 1_100, day);
    await receive(u, 2_200, day, { bankAccount: IBAN_B, bankAccountOwner: 'Titular Ramburs' });
    await receive(u, 3_300, day);
    const r = await service(day).run({ kind: 'pay_now', clientId: u.id, requestedBy: admin.id });
    expect(r).toMatchObject({ sheets: 2, repayments: 3, totalBani: 6_600, awaiting: 0 });
    const sheets = await sheetsOf(u);
    expect(sheets.map((s) => [s.bankAccount, s.bankAccountOwner, s.amountBani, s.endToEndId])).toEqual([
      [IBAN_A, 'Titular Client', 4_400, `CO-R${r.runId}-U${u.id}-1`],
      [IBAN_B, 'Titular Ramburs', 2_200, `CO-R${r.runId}-U${u.id}-2`],
    ]);
    expect(sheets[0]!.bankName).toBe(BANKS_BY_CODE.BTRL);
    expect(bankNameOf('RO75QQQQ0000000000000007')).toBe('Banca');
    // The "pay now" run: for that client, by that admin.
    const [run] = await ctx.database.db.select().from(payoutRuns).where(eq(payoutRuns.id, r.runId!));
    expect(run).toMatchObject({ kind: 'pay_now', clientId: u.id, requestedBy: admin.id });
  });

  it('money without a valid account waits apart and makes no sheet; a run that paid nothing is not kept', { timeout: 60_000 }, async () => {
    const day = '2026-10-23';
    const u = await createUser(ctx);
    await setAccount(ctx, u, null, null);
    const [a] = [await receive(u, 4_000, day)];
    const bad = await receive(u, 5_000, day, { bankAccount: 'RO00BTRL0000000000000000', bankAccountOwner: 'Cineva' });
    const r = await service(day).run({ kind: 'pay_now', clientId: u.id, requestedBy: admin.id });
    expect(r).toEqual({ runId: null, sheets: 0, repayments: 0, totalBani: 0, awaiting: 2 });
    expect(await sheetsOf(u)).toEqual([]);
    const waiting = await ctx.database.db.select().from(repaymentsAwaiting).where(inArray(repaymentsAwaiting.repaymentId, [a!.id, bad!.id])).orderBy(repaymentsAwaiting.repaymentId);
    expect(waiting.map((w) => w.reason)).toEqual(['no_account', 'invalid_account']);
    expect(await ctx.database.db.select().from(payoutRuns).where(and(eq(payoutRuns.kind, 'pay_now'), eq(payoutRuns.clientId, u.id)))).toEqual([]);
    expect((await ctx.database.db.select().from(repayments).where(eq(repayments.userId, u.id))).map((x) => x.status)).toEqual(['received', 'received']);
  });

  it('a "pay now" sent again with its key is answered as it was, nothing paid again', { timeout: 60_000 }, async () => {
    const day = '2026-10-24';
    const u = await createUser(ctx);
    await setAccount(ctx, u, IBAN_B, 'Ion Cheie');
    await receive(u, 12_345, day);
    const req = { kind: 'pay_now', clientId: u.id, requestedBy: admin.id, requestKey: 'k-1' } as const;
    const first = await service(day).run(req);
    expect(first).toMatchObject({ sheets: 1, repayments: 1, totalBani: 12_345 });
    await receive(u, 1_000, day);
    const second = await service(day).run(req);
    expect(second).toEqual({ runId: first.runId, sheets: 1, repayments: 0, totalBani: 12_345, awaiting: 0, repeated: true });
    expect(await sheetsOf(u)).toHaveLength(1);
    // Another key pays what came since.
    expect(await service(day).run({ ...req, requestKey: 'k-2' })).toMatchObject({ sheets: 1, totalBani: 1_000 });
    const [run] = await ctx.database.db.select().from(payoutRuns).where(eq(payoutRuns.id, first.runId!));
    expect(run!.requestKey).toBe(`${u.id}:k-1`);
    expect((await ctx.database.db.select().from(users).where(eq(users.id, u.id)))[0]!.bankAccount).toBe(IBAN_B);
  });
});
