import { REPAYMENT_EXPORT_COLUMNS, USER_TYPE, type TRepaymentListResponse } from '@colete/contract';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/db/schema.js';
import { repaymentsExportAttachment } from '../src/modules/repayments/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { insertAwaiting, insertRepayments, insertSheet, type RepaymentSpec } from './support/repayments-list.js';

/*
 * The repayments screens' calls (issue 15, spec 002 section 7 "Repayments"): the list with its
 * mutually exclusive filters and totals, the search and account filters, the sheets, the awaiting
 * list, the export (read back) and each client's data kept to themselves.
 */

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let rows: Awaited<ReturnType<typeof insertRepayments>>;
let sheetId: number;
const oct = (d: number) => new Date(Date.UTC(2026, 9, d, 10));
const RANGE = { fromDate: '2026-10-01', toDate: '2026-10-31' };

const SPECS: RepaymentSpec[] = [
  { status: 'awaiting_delivery', lei: 10, orderedAt: oct(2), recipient: 'Maria Ionescu', reference: 'CMD-1' },
  { status: 'awaiting_delivery', lei: 20.5, orderedAt: oct(3) },
  { status: 'delivered', lei: 30, orderedAt: oct(4) },
  { status: 'delivered', lei: 40, orderedAt: oct(5), reference: 'CMD-SPECIAL' },
  { status: 'sent_by_courier', lei: 50, orderedAt: oct(6) },
  { status: 'received', lei: 60, orderedAt: oct(7) },
  { status: 'received', lei: 70.25, orderedAt: oct(8), bankAccount: 'RO49AAAA1B31007593840000' },
  { status: 'paid', lei: 80, orderedAt: oct(9) },
  { status: 'paid', lei: 90, orderedAt: oct(10) },
  { status: 'paid', lei: 100, orderedAt: oct(11), recipient: 'Radu Toma' },
  { status: 'cancelled', lei: 110, orderedAt: oct(12) },
  // Outside the period.
  { status: 'paid', lei: 999, orderedAt: new Date(Date.UTC(2026, 8, 20, 10)) },
];

const list = (user: TestUser | null, body: object) => as(ctx, user, { method: 'POST', url: '/api/user/repayments/list', payload: body });

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createUser(ctx, { name: 'Alice Rambursuri' });
  bob = await createUser(ctx, { name: 'Bob Rambursuri' });
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
  await ctx.database.db.update(users).set({ bankAccount: 'RO66BACX0000001234567890', bankAccountHolder: 'Alice Pop', repaymentSendInterval: 7, repaymentSendMinAmount: 500 }).where(eq(users.id, alice.id));
  rows = await insertRepayments(ctx, alice.id, SPECS);
  const sheet = await insertSheet(ctx, alice.id, [rows[7]!.id, rows[8]!.id, rows[9]!.id], 27_000, { sheetDate: '2026-10-20' });
  sheetId = sheet.id;
  await insertAwaiting(ctx, alice.id, rows[6]!.id, 'RO49AAAA1B31007593840000');
}, 120_000);
afterAll(async () => ctx?.close());

const FLAGS = { all: 'isAll', notPaid: 'isNotPaid', notDelivered: 'isNotDelivered', atCourier: 'isAtCourier', atUs: 'isAtUs', paid: 'isPaid' } as const;

describe('the list', () => {
  it('each filter shows its rows; the totals count and sum exactly those rows', async () => {
    const expected = { all: 11, notPaid: 7, notDelivered: 2, atCourier: 3, atUs: 2, paid: 3 };
    for (const [filter, flag] of Object.entries(FLAGS) as [keyof typeof FLAGS, string][]) {
      const res = await list(alice, { ...RANGE, [flag]: true, limit: 100 });
      expect(res.statusCode, filter).toBe(200);
      const body = res.json() as TRepaymentListResponse;
      expect(body.count, filter).toBe(expected[filter]);
      expect(body.list, filter).toHaveLength(expected[filter]);
      const sum = body.list.filter((r) => !r.isCanceled).reduce((a, r) => a + r.amount, 0);
      expect(body.totals[filter], filter).toEqual({ count: body.list.length, amount: sum });
    }
    const all = (await list(alice, RANGE)).json() as TRepaymentListResponse;
    expect(all.totals.all.amount).toBe(1000 + 2050 + 3000 + 4000 + 5000 + 6000 + 7025 + 8000 + 9000 + 10000);
    // Newest first; the cancelled one is marked.
    expect(all.list[0]).toMatchObject({ orderAwb: rows[10]!.awb, isCanceled: true, status: { code: 'cancelled', text: 'Anulat' } });
    expect(all.list.at(-1)).toMatchObject({
      uniqueId: rows[0]!.uniqueId,
      clientReference: 'CMD-1',
      amount: 1000,
      toAddress: { contactName: 'Maria Ionescu', addressCity: 'Sectorul 1' },
      bank: { name: 'Alice Pop', account: 'RO66BACX0000001234567890' },
      dates: { deliveryDate: null, sentToUsDate: null, receivedByUsDate: null, sentToClientDate: null },
    });
    // A paid one shows its sheet's account and every date.
    const paid = all.list.find((r) => r.orderAwb === rows[9]!.awb)!;
    expect(paid).toMatchObject({ bank: { name: 'Mihai Pop', account: 'RO66BACX0000001234567890' }, status: { code: 'paid' } });
    expect(Object.values(paid.dates).every(Boolean)).toBe(true);
    // The one set to its own account shows it.
    expect(all.list.find((r) => r.orderAwb === rows[6]!.awb)!.bank.account).toBe('RO49AAAA1B31007593840000');
  });

  it('pages of 25, 50 or 100 (default 50); one filter at a time; the period checked', async () => {
    const page2 = (await list(alice, { ...RANGE, page: 2, limit: 25 })).json() as TRepaymentListResponse;
    expect(page2).toMatchObject({ count: 11, list: [] });
    expect((await list(alice, { ...RANGE, limit: 10 })).statusCode).toBe(400);
    const two = await list(alice, { ...RANGE, isPaid: true, isAtUs: true });
    expect(two.statusCode).toBe(400);
    expect(Object.values(two.json().errors ?? {})).toContain('Alegeti un singur filtru.');
    expect(Object.values((await list(alice, { fromDate: '2026-10-10', toDate: '2026-10-01' })).json().errors ?? {})).toContain('Data de inceput trebuie sa fie inainte de data de sfarsit!');
    expect((await list(alice, { fromDate: '2024-01-01', toDate: '2026-10-01' })).statusCode).toBe(400);
  });

  it('searches by AWB, client reference and recipient; filters by account', async () => {
    const by = async (body: object) => ((await list(alice, { ...RANGE, ...body })).json() as TRepaymentListResponse).list.map((r) => r.orderAwb);
    expect(await by({ searchString: rows[4]!.awb })).toEqual([rows[4]!.awb]);
    expect(await by({ searchString: 'cmd-special' })).toEqual([rows[3]!.awb]);
    expect(await by({ searchString: 'radu' })).toEqual([rows[9]!.awb]);
    expect(await by({ account: 'RO49 AAAA 1B31 0075 9384 0000' })).toEqual([rows[6]!.awb]);
    const byAccount = (await list(alice, { ...RANGE, account: 'RO49AAAA1B31007593840000' })).json() as TRepaymentListResponse;
    expect(byAccount.totals.all).toEqual({ count: 1, amount: 7025 });
  });

  it("a sheet's repayments whatever the dates, with its info card", async () => {
    const body = (await list(alice, { sheetId, fromDate: '2020-01-01', toDate: '2020-01-02' })).json() as TRepaymentListResponse;
    expect(body.list.map((r) => r.orderAwb).sort()).toEqual([rows[7]!.awb, rows[8]!.awb, rows[9]!.awb].sort());
    expect(body.sheet).toEqual({ id: sheetId, sheetDate: '2026-10-20', bankAccount: 'RO66BACX0000001234567890', bankAccountOwner: 'Mihai Pop' });
  });

  it('next payment from the settings; last payment from the sheets', async () => {
    const body = (await list(alice, RANGE)).json() as TRepaymentListResponse;
    expect(body.lastPayment).toEqual({ date: '2026-10-20', amount: 27_000 });
    expect(body.nextPayment.amount.minAmount).toBe(50_000);
    expect(body.nextPayment.date.nextPayDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('sheets, accounts, awaiting', () => {
  it('lists the sheets and their totals, the accounts and the awaiting repayments', async () => {
    const sheets = (await as(ctx, alice, { method: 'POST', url: '/api/user/repayments/sheets', payload: { page: 1, limit: 25 } })).json();
    expect(sheets).toMatchObject({ count: 1, list: [{ id: sheetId, sheetDate: '2026-10-20', amount: 27_000, repaymentsAmount: 27_000, bank: 'UniCredit Bank', paid: 1 }] });
    const amounts = (await as(ctx, alice, { method: 'POST', url: '/api/user/repayments/sheets-amount', payload: {} })).json();
    expect(amounts).toMatchObject({ totalAmount: 27_000, totalRepaymentsAmount: 27_000 });
    const info = (await as(ctx, alice, { method: 'GET', url: `/api/user/repayments/sheet/info/${sheetId}` })).json();
    expect(info).toMatchObject({ paidDate: '2026-10-20', bankAccount: 'RO66BACX0000001234567890', bankOwnerName: 'Mihai Pop' });
    const accounts = (await as(ctx, alice, { method: 'POST', url: '/api/user/repayments/bank-accounts', payload: {} })).json();
    expect(accounts.list.map((a: { bankAccount: string }) => a.bankAccount)).toEqual(['RO49AAAA1B31007593840000', 'RO66BACX0000001234567890']);
    const awaiting = (await as(ctx, alice, { method: 'POST', url: '/api/user/repayments/awaiting-list', payload: {} })).json();
    expect(awaiting.list).toEqual([
      expect.objectContaining({ id: rows[6]!.id, awb: rows[6]!.awb, price: 7025, bankAccount: 'RO49AAAA1B31007593840000', contactName: 'Ion Destinatar', addressTo: 'Sectorul 1, Bucuresti' }),
    ]);
  });
});

describe('scoping', () => {
  it("another client sees none of it: their list is empty; the sheet, its info and its export answer 404", async () => {
    const theirs = (await list(bob, RANGE)).json() as TRepaymentListResponse;
    expect(theirs).toMatchObject({ count: 0, list: [] });
    expect((await list(bob, { sheetId })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/repayments/sheet/info/${sheetId}` })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'POST', url: '/api/user/repayments/sheet/download', payload: { sheetId } })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'POST', url: '/api/user/repayments/sheets', payload: {} })).json().list).toEqual([]);
    expect((await as(ctx, bob, { method: 'POST', url: '/api/user/repayments/awaiting-list', payload: {} })).json().list).toEqual([]);
    expect((await list(bob, { ...RANGE, selectedClient: alice.id })).statusCode).toBe(403);
    expect((await list(null, RANGE)).statusCode).toBe(401);
  });

  it('an admin sees a client through selectedClient', async () => {
    const body = (await list(admin, { ...RANGE, selectedClient: alice.id })).json() as TRepaymentListResponse;
    expect(body.count).toBe(11);
    const own = (await list(admin, RANGE)).json() as TRepaymentListResponse;
    expect(own.count).toBe(0);
  });
});

async function readXlsx(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const out: unknown[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('export', () => {
  it("downloads the filter's rows as xlsx (read back)", async () => {
    const res = await as(ctx, alice, { method: 'POST', url: '/api/user/repayments/sheet/download', payload: { ...RANGE, isAtCourier: true } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [header, ...lines] = await readXlsx(res.rawPayload);
    expect(header).toEqual([...REPAYMENT_EXPORT_COLUMNS]);
    expect(lines.map((l) => l[1])).toEqual([rows[4]!.awb, rows[3]!.awb, rows[2]!.awb]);
    expect(lines.map((l) => l[4])).toEqual([50, 40, 30]);
    expect(lines[0]![7]).toBe('Trimis de curier');
    // Days are date cells (a number with a dd.mm.yyyy format), not text: they sort and filter as dates.
    expect(lines[0]![0]).toEqual(new Date('2026-10-06T00:00:00Z'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = [1, 9, 10].map((col) => book.worksheets[0]!.getRow(2).getCell(col));
    expect(cells.map((c) => [c.type, c.numFmt])).toEqual([
      [ExcelJS.ValueType.Date, 'dd.mm.yyyy'],
      [ExcelJS.ValueType.Date, 'dd.mm.yyyy'],
      [ExcelJS.ValueType.Date, 'dd.mm.yyyy'],
    ]);
    // rows[4] was ordered on 6 October; the courier sent it two days later (support/repayments-list.ts).
    expect(cells[2]!.value).toEqual(new Date('2026-10-08T00:00:00Z'));
  });

  it("a sheet's xlsx, and the same file mailed through the outbox", async () => {
    const res = await as(ctx, alice, { method: 'POST', url: '/api/user/repayments/sheet/download', payload: { sheetId } });
    const [, ...lines] = await readXlsx(res.rawPayload);
    expect(lines.map((l) => l[4])).toEqual([100, 90, 80]);
    const mailed = await as(ctx, alice, { method: 'POST', url: '/api/user/repayments/sheet/email', payload: { sheetId } });
    expect(mailed.json()).toMatchObject({ success: true, message: 'Fisierul a fost trimis pe email.' });
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, alice.id));
    expect(mail).toMatchObject({ to: [alice.email], kind: 'repaymentsExport' });
    const ref = mail!.attachments[0]!;
    if (!('repaymentsExport' in ref)) throw new Error('not a repayments export');
    const [, ...attached] = await readXlsx(await repaymentsExportAttachment(ctx.database, ref));
    expect(attached).toEqual(lines);
  });
});
