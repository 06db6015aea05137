import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRepaymentRow } from '../src/db/seed-repayment-rows.js';
import { reconciliationFlags, repaymentSheets } from '../src/db/schema.js';
import { payoutService } from '../src/modules/repayments/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';
import { camt, IBAN_A, newAwb, received, sentByCourier, setAccount, statusOf } from './support/repayment-money.js';
import { multipartFile } from './support/repayments.js';

/*
 * Issue 24, "tests that catch money bugs": each of these fails when its bug is planted in the money
 * code (checked by planting it): a payout paying a repayment received after the run's day, a
 * tolerance in matching (matching is exact to the ban), one courier's report settling another
 * courier's AWB, the repayments list trusting another client's selectedCompany.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const uploadStatement = (xml: string) => as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/statements', ...multipartFile('extras.xml', xml) });
const uploadReport = (courier: string, csv: string) => as(ctx, admin, { method: 'POST', url: `/api/admin/repayments/reports/${courier}`, ...multipartFile('raport.csv', csv) });
const flagsOf = (awb: string) => db().select().from(reconciliationFlags).where(eq(reconciliationFlags.awb, awb));
const delivered = (u: TestUser, courierId: string, amountBani: number) =>
  insertRepaymentRow(db(), { userId: u.id, courierId, awb: newAwb(), amountBani, status: 'delivered', orderedAt: new Date('2026-11-15T10:00:00Z'), deliveredAt: new Date('2026-11-17T10:00:00Z') });

describe('the payout pays what was received by its day only', () => {
  it('a repayment booked after the run’s day waits for a later run', async () => {
    const c = await createUser(ctx);
    await setAccount(ctx, c, IBAN_A, 'Ion Popescu');
    const [before] = await received(ctx, c, [1_000], '2026-11-22');
    const [after] = await received(ctx, c, [2_000], '2026-11-24');
    const run = payoutService({ database: ctx.database, platformIban: ctx.config.platformIban, platformName: 'Colete Online SRL', now: () => new Date('2026-11-23T12:00:00Z') });
    await run.run({ kind: 'pay_now', clientId: c.id, requestedBy: admin.id });
    expect((await db().select().from(repaymentSheets).where(eq(repaymentSheets.userId, c.id))).map((s) => s.amountBani)).toEqual([1_000]);
    expect((await statusOf(ctx, [before!.id, after!.id])).map((r) => r.status)).toEqual(['paid', 'received']);
  });
});

describe('matching is exact to the ban', () => {
  it('a bank credit one ban short or over its report is a mismatch, not received', async () => {
    for (const delta of [-1, 1, -99]) {
      const c = await createUser(ctx);
      const reference = `RAPIDCARPATI-${randomUUID().slice(0, 8)}`;
      const rows = await sentByCourier(ctx, c, [10_000, 5_000], reference);
      const res = await uploadStatement(camt(ctx.config.platformIban, `S-${randomUUID().slice(0, 8)}`, [{ amountBani: 15_000 + delta, reference }]));
      expect(res.json().result, String(delta)).toMatchObject({ matched: 0, received: 0, flagged: 1 });
      expect((await flagsOf(reference)).map((f) => [f.kind, f.expectedBani, f.reportedBani])).toEqual([['transfer_mismatch', 15_000, 15_000 + delta]]);
      expect((await statusOf(ctx, rows.map((r) => r.id))).map((r) => r.status)).toEqual(['sent_by_courier', 'sent_by_courier']);
    }
  });

  it('a report line one ban off its cash on delivery is flagged', async () => {
    const c = await createUser(ctx);
    const row = await delivered(c, 'colet24', 18_900);
    const res = await uploadReport('colet24', `awbNumber,amountCollected,transferDate,reimbursementAwbNumber\n${row.awb},188.99,2026-11-18,R-${randomUUID().slice(0, 6)}\n`);
    expect(res.json().result).toMatchObject({ matched: 0, flagged: { amount_mismatch: 1 } });
    expect((await flagsOf(row.awb)).map((f) => [f.kind, f.expectedBani, f.reportedBani])).toEqual([['amount_mismatch', 18_900, 18_899]]);
  });
});

describe('a courier’s report settles its own AWBs only', () => {
  it('another courier’s AWB in a report is unknown to that courier; its repayment is untouched', async () => {
    const c = await createUser(ctx);
    const theirs = await delivered(c, 'colet24', 2_500);
    const res = await uploadReport('postaverde', `BarCode,RepaymentValue,RepaymentDate,DeductionDate,DeductionId\n${theirs.awb},25.00,2026-11-17,2026-11-18,PV-${randomUUID().slice(0, 6)}\n`);
    expect(res.json().result).toMatchObject({ matched: 0, flagged: { unknown_awb: 1 } });
    expect((await flagsOf(theirs.awb)).map((f) => [f.kind, f.courierId, f.repaymentId])).toEqual([['unknown_awb', 'postaverde', null]]);
    expect((await statusOf(ctx, [theirs.id]))[0]).toMatchObject({ status: 'delivered', reportLineId: null });
  });
});

describe('the repayments list names only the client’s own company', () => {
  it('another client’s selectedCompany shows none of that client’s repayments; the client’s own shows its own', async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    const bobs = await activeCompany(ctx, bob);
    const alices = await activeCompany(ctx, alice);
    await received(ctx, bob, [7_700]);
    await received(ctx, alice, [3_300]);
    const list = (u: TestUser, selectedCompany: number) => as(ctx, u, { method: 'POST', url: '/api/user/repayments/list', payload: { fromDate: '2026-11-01', toDate: '2026-11-30', selectedCompany } });
    const other = await list(alice, bobs.id);
    expect([404, 200]).toContain(other.statusCode);
    if (other.statusCode === 200) expect(other.json()).toMatchObject({ count: 0, list: [], totals: { all: { count: 0, amount: 0 } } });
    expect(other.body).not.toContain('7700');
    const own = await list(alice, alices.id);
    expect(own.json()).toMatchObject({ count: 1, list: [{ amount: 3_300 }] });
    const file = await as(ctx, alice, { method: 'POST', url: '/api/user/repayments/sheet/download', payload: { fromDate: '2026-11-01', toDate: '2026-11-30', selectedCompany: bobs.id } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.actualRowCount).toBe(1); // the header only
  });
});
