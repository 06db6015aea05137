import { randomUUID } from 'node:crypto';
import { BANK_STATEMENT_MESSAGES as b, REPAYMENT_SHEET_MESSAGES as m, RECONCILIATION_MESSAGES as rm, USER_TYPE } from '@colete/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRuns, reconciliationFlags, repaymentSheets, repaymentsAwaiting, users } from '../src/db/schema.js';
import { BANK_SIM_PREFIX, parseCamt053, SIM_BANK_CONSENT, simBankToken } from '../src/integrations/bank/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { dailyTotalsDrift, NO_DRIFT } from './support/daily-totals.js';
import { validatePain001 } from './support/pain001.js';
import { camt, IBAN_A, IBAN_B, IBAN_C, received, sentByCourier, setAccount, statusOf } from './support/repayment-money.js';
import { multipartFile } from './support/repayments.js';

/*
 * The repayments' money (issue 15): the platform account's statement (camt.053) moves the couriers'
 * transfers to received; the payout makes sheets and a pain.001 per run; pay now; a sheet marked
 * unprocessed; the awaiting account fixed; the reconciliation flags resolved with a note.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const platform = () => ctx.config.platformIban;
const upload = (user: TestUser | null, xml: string, name = 'extras.xml') => as(ctx, user, { method: 'POST', url: '/api/admin/repayments/statements', ...multipartFile(name, xml) });
const payNow = (client: TestUser, headers: Record<string, string> = {}) => as(ctx, admin, { method: 'PUT', url: `/api/admin/repayment/process-user-payment/${client.id}`, headers });
const sheetsOf = (u: TestUser) => db().select().from(repaymentSheets).where(eq(repaymentSheets.userId, u.id)).orderBy(repaymentSheets.id);

describe('received by the platform: the camt.053 statement', () => {
  it('moves the repayments of a matching transfer to received; a wrong amount and an unknown reference are flagged', async () => {
    const c = await createUser(ctx);
    const ref = `RAPIDCARPATI-${randomUUID().slice(0, 8)}`;
    const wrongRef = `RAPIDCARPATI-${randomUUID().slice(0, 8)}`;
    const lateRef = `DUNAREA-${randomUUID().slice(0, 8)}`;
    const ok = await sentByCourier(ctx, c, [10_000, 25_050], ref);
    const wrong = await sentByCourier(ctx, c, [5_000], wrongRef);
    const xml = camt(platform(), `S-${randomUUID().slice(0, 8)}`, [
      { amountBani: 35_050, reference: ref },
      { amountBani: 4_000, reference: wrongRef },
      { amountBani: 7_700, reference: lateRef },
      { amountBani: 1_000, reference: null, direction: 'DBIT' },
    ]);
    expect((await upload(null, xml)).statusCode).toBe(401);
    expect((await upload(await createUser(ctx), xml)).statusCode).toBe(403);
    const res = await upload(admin, xml);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: b.imported, result: { imported: true, entries: 4, matched: 1, received: 2, flagged: 2 } });
    expect((await statusOf(ctx, ok.map((r) => r.id))).map((r) => [r.status, r.receivedOn])).toEqual([['received', '2026-11-18'], ['received', '2026-11-18']]);
    expect((await statusOf(ctx, wrong.map((r) => r.id)))[0]!.status).toBe('sent_by_courier');
    const [mismatch] = await db().select().from(reconciliationFlags).where(eq(reconciliationFlags.awb, wrongRef));
    expect(mismatch).toMatchObject({ kind: 'transfer_mismatch', expectedBani: 5_000, reportedBani: 4_000, courierId: 'rapidcarpati' });
    const [unknown] = await db().select().from(reconciliationFlags).where(eq(reconciliationFlags.awb, lateRef));
    expect(unknown).toMatchObject({ kind: 'unknown_transfer', courierId: 'dunarea', resolvedAt: null });

    // The same file again: nothing twice.
    expect((await upload(admin, xml)).json()).toMatchObject({ message: b.alreadyImported, result: { imported: false } });

    // The report of the unknown transfer comes later (an admin's upload): the waiting credit matches and its flag closes.
    const late = await sentByCourier(ctx, c, [7_700], lateRef, 'dunarea');
    const { matchWaitingTransfers } = await import('../src/modules/repayments/bank-statements.js');
    expect(await matchWaitingTransfers(ctx.database)).toBe(1);
    expect((await statusOf(ctx, [late[0]!.id]))[0]!.status).toBe('received');
    const [closed] = await db().select().from(reconciliationFlags).where(eq(reconciliationFlags.id, unknown!.id));
    expect(closed!.resolvedAt).not.toBeNull();
  });

  it('the statements job reads each past day’s statement from the bank simulator once, through its queue', async () => {
    const { startJobs } = await import('../src/jobs/boss.js');
    const { REPAYMENT_STATEMENTS_QUEUE } = await import('../src/jobs/repayment-money.js');
    const { runJob } = await import('./jobs-helper.js');
    const { bankStatements } = await import('../src/db/schema.js');
    const jobs = await startJobs(ctx.app);
    try {
      const first = await runJob(jobs.boss, REPAYMENT_STATEMENTS_QUEUE, 60_000);
      expect([first.state, (first.output as { statements: number }).statements]).toEqual(['completed', 14]);
      const api = await db().select().from(bankStatements).where(eq(bankStatements.source, 'api'));
      expect(api).toHaveLength(14);
      expect(api.every((s) => s.accountIban === platform())).toBe(true);
      const second = await runJob(jobs.boss, REPAYMENT_STATEMENTS_QUEUE, 60_000);
      expect((second.output as { statements: number }).statements).toBe(0);
    } finally {
      await jobs.stop();
    }
  }, 120_000);

  it('refuses what is not a camt.053 of the platform’s account', async () => {
    const notXml = await upload(admin, 'awb;suma\n1;2');
    expect([notXml.statusCode, notXml.json().message]).toEqual([400, b.notCamt]);
    const other = await upload(admin, camt(IBAN_A, 'S-OTHER', [{ amountBani: 100, reference: 'X' }]));
    expect([other.statusCode, other.json().message]).toEqual([400, b.otherAccount]);
    const doctype = await upload(admin, `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "y">]>${camt(platform(), 'S-D', []).replace(/^<\?xml[^>]*>/, '')}`);
    expect([doctype.statusCode, doctype.json().message]).toEqual([400, b.notCamt]);
    const big = await upload(admin, `<x>${'a'.repeat(5 * 1024 * 1024)}</x>`);
    expect(big.statusCode).toBe(413);
  });

  it('the bank simulator answers the PSD2 call with the day’s camt.053 (token and consent asked)', async () => {
    const url = `${BANK_SIM_PREFIX}/v1/accounts/${platform()}/transactions?bookingStatus=booked&dateFrom=2026-11-18&dateTo=2026-11-18`;
    const auth = { authorization: `Bearer ${simBankToken(ctx.config.tokenEncryptionKey)}` };
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(400);
    const ok = await ctx.app.inject({ method: 'GET', url, headers: { ...auth, 'consent-id': SIM_BANK_CONSENT, accept: 'application/xml' } });
    expect(ok.statusCode).toBe(200);
    expect(parseCamt053(ok.body)[0]).toMatchObject({ iban: platform(), date: '2026-11-18' });
    expect((await ctx.app.inject({ method: 'GET', url: url.replace(platform(), IBAN_A), headers: { ...auth, 'consent-id': SIM_BANK_CONSENT } })).statusCode).toBe(404);
  });
});

describe('sheets: pay now, one sheet per account, the pain.001', () => {
  it('pays a client once: one sheet per bank account, its amount the sum of its repayments, a valid pain.001', async () => {
    const c = await createUser(ctx);
    await setAccount(ctx, c, IBAN_A, 'Ion Popescu');
    const mine = await received(ctx, c, [10_000, 20_000, 333]);
    // One of them was moved to another account by the client (the awaiting fix earlier).
    const { repayments } = await import('../src/db/schema.js');
    await db().update(repayments).set({ bankAccount: IBAN_B, bankAccountOwner: 'Ana Ionescu' }).where(eq(repayments.id, mine[2]!.id));

    expect((await as(ctx, c, { method: 'PUT', url: `/api/admin/repayment/process-user-payment/${c.id}` })).statusCode).toBe(403);
    const [first, second] = await Promise.all([payNow(c), payNow(c)]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 400]);
    const success = [first, second].find((r) => r.statusCode === 200)!;
    expect(success.json()).toEqual({ success: true, message: m.markedForPayment });
    expect([first, second].find((r) => r.statusCode === 400)!.json().message).toBe(m.nothingToPay);

    const sheets = await sheetsOf(c);
    expect(sheets.map((s) => [s.bankAccount, s.bankAccountOwner, s.amountBani, s.repaymentsAmountBani, s.bankName])).toEqual([
      [IBAN_A, 'Ion Popescu', 30_000, 30_000, 'Banca Transilvania'],
      [IBAN_B, 'Ana Ionescu', 333, 333, 'ING Bank'],
    ]);
    expect((await statusOf(ctx, mine.map((r) => r.id))).map((r) => [r.status, r.sheetId])).toEqual([
      ['paid', sheets[0]!.id],
      ['paid', sheets[0]!.id],
      ['paid', sheets[1]!.id],
    ]);
    const [run] = await db().select().from(payoutRuns).where(eq(payoutRuns.id, sheets[0]!.runId));
    expect(run).toMatchObject({ kind: 'pay_now', clientId: c.id, sheetCount: 2, totalBani: 30_333 });
    expect(await validatePain001(run!.painXml!)).toEqual({ valid: true, errors: [] });
    expect(run!.painXml).toContain('<InstdAmt Ccy="RON">300.00</InstdAmt>');
    expect(run!.painXml).toContain(`<IBAN>${IBAN_B}</IBAN>`);

    // The admins download it.
    const file = await as(ctx, admin, { method: 'GET', url: `/api/admin/repayments/payout-runs/${run!.id}/file` });
    expect([file.statusCode, file.headers['content-type'], file.body]).toEqual([200, 'application/xml; charset=utf-8', run!.painXml]);
    const runs = await as(ctx, admin, { method: 'GET', url: '/api/admin/repayments/payout-runs' });
    expect(runs.json().list.find((x: { id: number }) => x.id === run!.id)).toMatchObject({ sheetCount: 2, totalBani: 30_333, hasFile: true });
  });

  it('an Idempotency-Key makes a repeated pay now answer as the first, paying nothing again', async () => {
    const c = await createUser(ctx);
    await setAccount(ctx, c, IBAN_A, 'Ion Popescu');
    await received(ctx, c, [1_000]);
    const key = { 'idempotency-key': randomUUID() };
    expect((await payNow(c, key)).statusCode).toBe(200);
    await received(ctx, c, [2_000]);
    expect((await payNow(c, key)).statusCode).toBe(200);
    expect((await sheetsOf(c)).map((s) => s.amountBani)).toEqual([1_000]);
  });

  it('the scheduled payout follows the settings; a client without a valid account waits until the account is changed', async () => {
    const { payoutService } = await import('../src/modules/repayments/index.js');
    const at = (iso: string) => payoutService({ database: ctx.database, platformIban: platform(), platformName: 'Colete Online SRL', now: () => new Date(iso) });
    const due = await createUser(ctx);
    const early = await createUser(ctx);
    const none = await createUser(ctx);
    await setAccount(ctx, due, IBAN_A, 'Ion Popescu', { interval: 3 });
    await setAccount(ctx, early, IBAN_B, 'Ana Ionescu', { interval: 7, min: 200 });
    await setAccount(ctx, none, null, null);
    await received(ctx, due, [5_000], '2026-11-20');
    await received(ctx, early, [25_000], '2026-11-20');
    const waiting = await received(ctx, none, [4_200, 800], '2026-11-20');
    // The last payouts: due's 3 days ago, early's yesterday.
    const { insertPaidSheet } = await import('./support/sheets.js');
    await insertPaidSheet(ctx, due, '2026-11-20');
    await insertPaidSheet(ctx, early, '2026-11-22');

    const result = await at('2026-11-23T12:00:00Z').run({ kind: 'scheduled' });
    expect(result.awaiting).toBeGreaterThanOrEqual(2); // others of this file without an account too
    expect((await sheetsOf(due)).at(-1)).toMatchObject({ sheetDate: '2026-11-23', amountBani: 5_000 });
    // 250 lei reached the 200 lei minimum: paid before its 7 days.
    expect((await sheetsOf(early)).at(-1)).toMatchObject({ sheetDate: '2026-11-23', amountBani: 25_000 });
    expect(await sheetsOf(none)).toEqual([]);
    const open = await db().select().from(repaymentsAwaiting).where(and(eq(repaymentsAwaiting.userId, none.id), isNull(repaymentsAwaiting.resolvedAt)));
    expect(open.map((a) => a.reason)).toEqual(['no_account', 'no_account']);

    // The account fixed through change-order-repayment (the client's call; rules of spec 002 section 5).
    const change = (u: TestUser, body: object) => as(ctx, u, { method: 'POST', url: '/api/user/repayment/change-order-repayment', payload: body });
    const ids = waiting.map((r) => r.id);
    const badName = await change(none, { data: ids, bankAccount: IBAN_C, bankName: 'Ion', keepValue: true });
    expect([badName.statusCode, JSON.stringify(badName.json())]).toEqual([400, expect.stringContaining(m.invalidBankName)]);
    expect((await change(none, { data: ids, bankAccount: 'RO00BTRL0000000000000000', bankName: 'Ion Pop', keepValue: true })).statusCode).toBe(400);
    expect((await change(await createUser(ctx), { data: ids, bankAccount: IBAN_C, bankName: 'Ion Pop', keepValue: true })).statusCode).toBe(404);
    const ok = await change(none, { data: ids, bankAccount: IBAN_C.replace(/(.{4})/g, '$1 '), bankName: ' Ion  Pop ', keepValue: true });
    expect(ok.json()).toEqual({ success: true, message: m.done });
    expect((await change(none, { data: ids, bankAccount: IBAN_C, bankName: 'Ion Pop', keepValue: true })).json().message).toBe(m.notAwaiting);
    const [profile] = await db().select().from(users).where(eq(users.id, none.id));
    expect([profile!.bankAccount, profile!.bankAccountHolder, profile!.bankName]).toEqual([IBAN_C, 'Ion Pop', 'BCR']);

    await at('2026-11-24T12:00:00Z').run({ kind: 'scheduled' });
    expect((await sheetsOf(none)).map((s) => [s.bankAccount, s.amountBani])).toEqual([[IBAN_C, 5_000]]);
  });
});

describe('a sheet marked unprocessed (DELETE admin/repayment/sheet/{id})', () => {
  async function paidSheet() {
    const c = await createUser(ctx);
    await setAccount(ctx, c, IBAN_A, 'Ion Popescu');
    const rows = await received(ctx, c, [7_000, 3_000]);
    expect((await payNow(c)).statusCode).toBe(200);
    return { c, rows, sheet: (await sheetsOf(c))[0]! };
  }
  const mark = (user: TestUser, id: number, body: object) => as(ctx, user, { method: 'DELETE', url: `/api/admin/repayment/sheet/${id}`, payload: body });

  it('type 1 (bank error) with markForPayment: the money goes back and the next payout pays it again', async () => {
    const { c, rows, sheet } = await paidSheet();
    expect((await mark(c, sheet.id, { type: 1, markForPayment: true })).statusCode).toBe(403);
    const res = await mark(admin, sheet.id, { type: 1, markForPayment: true });
    expect(res.json()).toEqual({ success: true, message: m.markedForPayment });
    expect((await sheetsOf(c))[0]).toMatchObject({ status: 'unprocessed', unprocessedType: 1, markForPayment: true });
    expect((await statusOf(ctx, rows.map((r) => r.id))).map((r) => [r.status, r.sheetId])).toEqual([['received', null], ['received', null]]);
    expect((await mark(admin, sheet.id, { type: 1, markForPayment: true })).json().message).toBe(m.alreadyUnprocessed);
    expect((await payNow(c)).statusCode).toBe(200);
    const again = (await sheetsOf(c))[1]!;
    expect([again.amountBani, again.status]).toEqual([10_000, 'paid']);
  });

  it('type 2 (money returned) needs a date not before the sheet’s; without markForPayment the repayments await an account fix', async () => {
    const { c, rows, sheet } = await paidSheet();
    const noDate = await mark(admin, sheet.id, { type: 2, markForPayment: false });
    expect([noDate.statusCode, JSON.stringify(noDate.json())]).toEqual([400, expect.stringContaining(m.dateRequired)]);
    const before = await mark(admin, sheet.id, { type: 2, date: '2000-01-01', markForPayment: false });
    expect([before.statusCode, before.json().message]).toEqual([400, m.dateBeforeSheet]);
    const res = await mark(admin, sheet.id, { type: 2, date: sheet.sheetDate, markForPayment: false });
    expect(res.json()).toEqual({ success: true, message: m.marked });
    const open = await db().select().from(repaymentsAwaiting).where(and(eq(repaymentsAwaiting.userId, c.id), isNull(repaymentsAwaiting.resolvedAt)));
    expect(open.map((a) => [a.repaymentId, a.reason, a.bankAccount]).sort()).toEqual(rows.map((r) => [r.id, 'money_returned', IBAN_A]).sort());
    // Waiting: pay now finds nothing payable.
    expect((await payNow(c)).json().message).toBe(m.nothingToPay);
    expect((await mark(admin, 999_999, { type: 1, markForPayment: true })).statusCode).toBe(404);
  });
});

describe('the reconciliation page’s calls', () => {
  it('lists the open flags by courier and kind, resolves one with a note, once', async () => {
    const c = await createUser(ctx);
    const ref = `RAPIDCARPATI-${randomUUID().slice(0, 8)}`;
    await sentByCourier(ctx, c, [1_000], ref);
    await upload(admin, camt(platform(), `S-${randomUUID().slice(0, 8)}`, [{ amountBani: 999, reference: ref }]));
    const list = await as(ctx, admin, { method: 'GET', url: '/api/admin/repayments/reconciliation?courier=rapidcarpati&kind=transfer_mismatch&limit=100' });
    expect(list.statusCode, list.body).toBe(200);
    const flag = list.json().list.find((f: { awb: string }) => f.awb === ref);
    expect(flag).toMatchObject({ kind: 'transfer_mismatch', courierId: 'rapidcarpati', expectedBani: 1_000, reportedBani: 999, resolvedAt: null });
    expect((await as(ctx, c, { method: 'GET', url: '/api/admin/repayments/reconciliation' })).statusCode).toBe(403);
    const resolve = (note: string) => as(ctx, admin, { method: 'POST', url: `/api/admin/repayments/reconciliation/${flag.id}/resolve`, payload: { note } });
    expect((await resolve('x')).statusCode).toBe(400);
    expect((await resolve('Curierul a completat diferenta de 0,01 lei.')).json()).toEqual({ success: true, message: rm.resolvedOk });
    expect((await resolve('Din nou')).statusCode).toBe(409);
    const resolved = await as(ctx, admin, { method: 'GET', url: '/api/admin/repayments/reconciliation?state=resolved&kind=transfer_mismatch&limit=100' });
    expect(resolved.json().list.find((f: { id: number }) => f.id === flag.id)).toMatchObject({ note: 'Curierul a completat diferenta de 0,01 lei.', resolvedBy: expect.any(String) });
  });
});

describe('the per-day sums of the list and the balance', () => {
  it('after every payout, sheet marked unprocessed and account change above, they are the rows summed per day', async () => {
    expect(await dailyTotalsDrift(ctx.database)).toEqual(NO_DRIFT);
  });
});
