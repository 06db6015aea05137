import ExcelJS from 'exceljs';
import { USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repaymentSheets } from '../src/db/schema.js';
import { as, createTestApp, createUser, type TestContext } from './helper.js';
import { IBAN_A, received, setAccount } from './support/repayment-money.js';

/*
 * Issue 24, screens: a sheet marked unprocessed (its repayments released to be paid again) still
 * lists and exports the repayments it paid; before, its xls held only the header.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(async () => ctx?.close());

describe('an unprocessed sheet', () => {
  it('lists its repayments and its xls holds them, with date cells', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const c = await createUser(ctx);
    await setAccount(ctx, c, IBAN_A, 'Ion Popescu');
    const rows = await received(ctx, c, [1_000, 2_000, 3_050]);
    expect((await as(ctx, admin, { method: 'PUT', url: `/api/admin/repayment/process-user-payment/${c.id}` })).statusCode).toBe(200);
    const [sheet] = await ctx.database.db.select().from(repaymentSheets).where(eq(repaymentSheets.userId, c.id));
    const marked = await as(ctx, admin, { method: 'DELETE', url: `/api/admin/repayment/sheet/${sheet!.id}`, payload: { type: 1, markForPayment: false } });
    expect(marked.statusCode, marked.body).toBe(200);

    const list = await as(ctx, c, { method: 'POST', url: '/api/user/repayments/list', payload: { sheetId: sheet!.id } });
    expect(list.json()).toMatchObject({ count: 3 });
    expect(list.json().list.map((r: { orderAwb: string }) => r.orderAwb).sort()).toEqual(rows.map((r) => r.awb).sort());

    const file = await as(ctx, c, { method: 'POST', url: '/api/user/repayments/sheet/download', payload: { sheetId: sheet!.id } });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.actualRowCount).toBe(4);
    const lines = [2, 3, 4].map((n) => ws.getRow(n));
    expect(lines.map((l) => l.getCell(2).value).sort()).toEqual(rows.map((r) => r.awb).sort());
    expect(lines.map((l) => l.getCell(5).value).sort()).toEqual([10, 20, 30.5]);
    for (const l of lines) expect([l.getCell(1).type, l.getCell(1).numFmt, l.getCell(1).value]).toEqual([ExcelJS.ValueType.Date, 'dd.mm.yyyy', new Date('2026-11-15T00:00:00Z')]);
  });
});
