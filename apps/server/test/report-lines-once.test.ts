import { randomUUID } from 'node:crypto';
import { BANK_STATEMENT_MESSAGES as b, REPAYMENT_REPORT_MESSAGES as t, USER_TYPE } from '@colete/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRepaymentRow } from '../src/db/seed-repayment-rows.js';
import { courierReportLines, reconciliationFlags, repaymentSheets, repayments } from '../src/db/schema.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { camt, IBAN_A, newAwb, setAccount, statusOf } from './support/repayment-money.js';
import { multipartFile } from './support/repayments.js';

/*
 * Issue 24, item 3: a courier report's line is known by its courier, AWB and transfer reference,
 * whatever file brought it. The same report saved again with other bytes (CRLF, a trailing
 * newline) adds no line: the bank's transfer then still matches the report's sum and the client's
 * payout goes on.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const uploadReport = (courier: string, name: string, body: string) => as(ctx, admin, { method: 'POST', url: `/api/admin/repayments/reports/${courier}`, ...multipartFile(name, body) });
const delivered = (u: TestUser, courierId: string, awb: string, amountBani: number) =>
  insertRepaymentRow(db(), { userId: u.id, courierId, awb, amountBani, status: 'delivered', orderedAt: new Date('2026-11-15T10:00:00Z'), deliveredAt: new Date('2026-11-17T10:00:00Z') });

describe('a courier report uploaded again with other bytes', () => {
  it('adds no line, no flag: the bank transfer of 189,00 lei matches and the client is paid', async () => {
    const c = await createUser(ctx);
    await setAccount(ctx, c, IBAN_A, 'Ion Popescu');
    const ref = `C24-${randomUUID().slice(0, 8)}`;
    const rows = [await delivered(c, 'colet24', newAwb(), 6_300), await delivered(c, 'colet24', newAwb(), 6_300), await delivered(c, 'colet24', newAwb(), 6_300)];
    const lines = rows.map((r) => `${r.awb},63.00,2026-11-18,${ref}`);
    const lf = `awbNumber,amountCollected,transferDate,reimbursementAwbNumber\n${lines.join('\n')}`;

    const first = await uploadReport('colet24', 'raport.csv', lf);
    expect(first.json()).toMatchObject({ message: t.imported, result: { imported: true, lines: 3, matched: 3, known: 0, flagged: {} } });
    // The same report as Windows saves it (CRLF, a final newline): other bytes, the same lines.
    const crlf = await uploadReport('colet24', 'raport-windows.csv', `${lf.replaceAll('\n', '\r\n')}\r\n`);
    expect(crlf.statusCode, crlf.body).toBe(200);
    expect(crlf.json()).toMatchObject({ message: t.alreadyImported, result: { imported: false, lines: 3, matched: 0, known: 3, flagged: {} } });
    const trailing = await uploadReport('colet24', 'raport-2.csv', `${lf}\n\n`);
    expect(trailing.json().result).toMatchObject({ imported: false, known: 3, matched: 0 });

    const saved = await db().select().from(courierReportLines).where(eq(courierReportLines.transferReference, ref));
    expect(saved.map((l) => l.outcome)).toEqual(['matched', 'matched', 'matched']);
    expect(await db().select().from(reconciliationFlags).where(inArray(reconciliationFlags.awb, [...rows.map((r) => r.awb), ref]))).toEqual([]);

    // The courier's one transfer of 189,00 lei: matched to the report's sum, not a mismatch of 567,00.
    const statement = await as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/statements', ...multipartFile('extras.xml', camt(ctx.config.platformIban, `S-${randomUUID().slice(0, 8)}`, [{ amountBani: 18_900, reference: ref }])) });
    expect(statement.json()).toMatchObject({ message: b.imported, result: { matched: 1, received: 3, flagged: 0 } });
    expect((await statusOf(ctx, rows.map((r) => r.id))).map((r) => r.status)).toEqual(['received', 'received', 'received']);
    const pay = await as(ctx, admin, { method: 'PUT', url: `/api/admin/repayment/process-user-payment/${c.id}` });
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await db().select().from(repaymentSheets).where(eq(repaymentSheets.userId, c.id))).map((s) => s.amountBani)).toEqual([18_900]);
  });

  it('two couriers with the same AWB text and reference are two lines, each settling its own repayment', async () => {
    const c = await createUser(ctx);
    const awb = newAwb();
    const ref = `TR-${randomUUID().slice(0, 8)}`;
    const fan = await delivered(c, 'colet24', awb, 1_000);
    const cargus = await delivered(c, 'postaverde', awb, 2_000);
    const a = await uploadReport('colet24', 'a.csv', `awbNumber,amountCollected,transferDate,reimbursementAwbNumber\n${awb},10.00,2026-11-18,${ref}\n`);
    const p = await uploadReport('postaverde', 'p.csv', `BarCode,RepaymentValue,RepaymentDate,DeductionDate,DeductionId\n${awb},20.00,2026-11-17,2026-11-18,${ref}\n`);
    expect([a.json().result, p.json().result]).toMatchObject([
      { imported: true, matched: 1, known: 0 },
      { imported: true, matched: 1, known: 0 },
    ]);
    const both = await db().select().from(repayments).where(inArray(repayments.id, [fan.id, cargus.id])).orderBy(repayments.id);
    expect(both.map((r) => [r.courierId, r.status])).toEqual([
      ['colet24', 'sent_by_courier'],
      ['postaverde', 'sent_by_courier'],
    ]);
    expect(await db().select().from(courierReportLines).where(eq(courierReportLines.awb, awb))).toHaveLength(2);
  });

  it('a second transfer of an AWB (another reference) is still flagged as a duplicate', async () => {
    const c = await createUser(ctx);
    const row = await delivered(c, 'colet24', newAwb(), 4_500);
    const head = 'awbNumber,amountCollected,transferDate,reimbursementAwbNumber';
    await uploadReport('colet24', 'a.csv', `${head}\n${row.awb},45.00,2026-11-18,R-${randomUUID().slice(0, 6)}`);
    const again = await uploadReport('colet24', 'b.csv', `${head}\n${row.awb},45.00,2026-11-19,R-${randomUUID().slice(0, 6)}`);
    expect(again.json().result).toMatchObject({ imported: true, known: 0, flagged: { duplicate: 1 } });
    expect((await db().select().from(reconciliationFlags).where(eq(reconciliationFlags.awb, row.awb))).map((f) => f.kind)).toEqual(['duplicate']);
  });
});

describe('a courier report with an impossible date', () => {
  it('answers 400 naming the line (2026-02-30, 31.04.2026), not 500; nothing is taken in', async () => {
    const c = await createUser(ctx);
    const row = await delivered(c, 'colet24', newAwb(), 1_500);
    const head = 'awbNumber,amountCollected,transferDate,reimbursementAwbNumber';
    for (const [day, line] of [['2026-02-30', 3], ['31.04.2026', 2]] as const) {
      const rows = line === 3 ? [`${row.awb},15.00,2026-02-28,R-1`, `${row.awb},15.00,${day},R-2`] : [`${row.awb},15.00,${day},R-3`];
      const res = await uploadReport('colet24', 'raport.csv', `${head}\n${rows.join('\n')}\n`);
      expect([res.statusCode, res.json().message]).toEqual([400, t.badLine(line)]);
    }
    expect(await db().select().from(courierReportLines).where(eq(courierReportLines.awb, row.awb))).toEqual([]);
  });
});
