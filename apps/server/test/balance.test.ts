import ExcelJS from 'exceljs';
import { BALANCE_EXPORT_COLUMNS, USER_TYPE, balanceMessages } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayments, invoicePayments, invoices } from '../src/db/schema.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { issueInvoice, type InvoicingDeps } from '../src/modules/invoicing/invoicing-service.js';
import { attachInvoice, bonus, chargeShipment, correction, creditTopUp, refundShipment } from '../src/modules/ledger/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';
import { activatedShipment, postpaidClient, xlsxRows } from './support/invoices.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
}, 120_000);
afterAll(async () => ctx?.close());

const deps = (cui?: string): InvoicingDeps => ({
  seller: cui ? { ...ctx.config.seller, cui, name: 'Firma Veche SRL' } : ctx.config.seller,
  platformIban: ctx.config.platformIban,
  series: ctx.config.invoiceSeries,
  mail: false,
});
const post = (u: TestUser, view: string, payload: object = {}) => as(ctx, u, { method: 'POST', url: `/api/user/balance/${view}`, payload });
const SEP = new Date('2026-09-10T09:00:00Z');
const oct = (d: number) => new Date(`2026-10-${String(d).padStart(2, '0')}T09:00:00Z`);
const OCTOBER = { fromDate: '2026-10-01', toDate: '2026-10-31' };

/** Alice: a 200 lei top-up in September (its advance invoice paid by card), then October's movements and one invoice. */
async function aliceHistory(alice: TestUser) {
  const company = await activeCompany(ctx, alice);
  await ctx.database.db.transaction(async (tx) => {
    await tx.insert(cardPayments).values({ identifier: `pay-${alice.id}`, userId: alice.id, amountBani: 200_00, status: 'succeeded', cardBrand: 'Visa', lastDigits: '4242', cardBank: 'Banca Transilvania' });
    const top = await creditTopUp(tx, { userId: alice.id, amountBani: 200_00, reference: `pay-${alice.id}`, description: 'Reincarcare cont cu cardul Visa **** 4242', at: SEP });
    const advance = await issueInvoice(tx, deps(), { userId: alice.id, entity: company, kind: 'prepay', lines: [{ description: 'Avans', grossBani: 200_00 }], at: SEP });
    await attachInvoice(tx, top!.id, advance.id);
    await chargeShipment(tx, { userId: alice.id, amountBani: 30_00, reference: `shipment:${900_000 + alice.id}`, description: 'Expediere A', at: oct(2) });
    await refundShipment(tx, { userId: alice.id, amountBani: 30_00, reference: `shipment:${900_000 + alice.id}`, description: 'Expediere A anulata', at: oct(3) });
    await chargeShipment(tx, { userId: alice.id, amountBani: 25_00, reference: `shipment:${800_000 + alice.id}`, description: 'Expediere B', at: oct(5) });
    await bonus(tx, { userId: alice.id, amountBani: 5_00, reference: `bonus-${alice.id}`, description: 'Bonus recomandare', at: oct(6) });
    await correction(tx, { userId: alice.id, signedBani: -2_00, reference: `corr-${alice.id}`, description: 'Corectie', at: oct(7) });
    await issueInvoice(tx, deps(), { userId: alice.id, entity: company, kind: 'orders', lines: [{ description: 'Expedieri octombrie', grossBani: 25_00 }], at: oct(31) });
    // November: outside the period.
    await chargeShipment(tx, { userId: alice.id, amountBani: 10_00, reference: `shipment:${700_000 + alice.id}`, description: 'Expediere C', at: new Date('2026-11-02T09:00:00Z') });
  });
}

describe('the balance views of a prepaid client', () => {
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    alice = await createUser(ctx);
    bob = await createUser(ctx);
    admin = await createUser(ctx, { userType: USER_TYPE.admin });
    await aliceHistory(alice);
  });

  it('available: the period\'s movements oldest first, the balance before and after, totals equal to the rows', async () => {
    const res = await post(alice, 'available', OCTOBER);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.userPaymentType).toBe('prepaid');
    expect(body.count).toBe(4);
    expect(body.transactions.map((t: { amount: number; isRevert: boolean }) => [t.amount, t.isRevert])).toEqual([
      [-30_00, false],
      [30_00, true],
      [-25_00, false],
      [-2_00, false],
    ]);
    expect(body.amounts).toEqual({
      totalTransactions: 55_00,
      totalReturnedTransactions: 30_00,
      totalServicesNotInvoiced: 0,
      totalPrepaid: 0,
      totalNotInvoiced: 0,
      totalBonus: 5_00,
      totalLeft: 178_00,
      previousBonus: 0,
      previousLeft: 200_00,
      totalOther: -2_00,
    });
    const rows = body.transactions.reduce((s: number, t: { amount: number }) => s + t.amount, 0);
    expect(body.amounts.previousLeft + rows + body.amounts.totalBonus).toBe(body.amounts.totalLeft);
    // Paged in SQL: two of two, the count over both.
    const page2 = (await post(alice, 'available', { ...OCTOBER, page: 2, limit: 3 })).json();
    expect(page2.transactions).toHaveLength(1);
    expect(page2.count).toBe(4);
  });

  it('bonus: only the bonuses, with the bonus before the period', async () => {
    const body = (await post(alice, 'bonus', { fromDate: '2026-10-07', toDate: '2026-11-30' })).json();
    expect(body.transactions).toEqual([]);
    expect(body.amounts.previousBonus).toBe(5_00);
    const oct6 = (await post(alice, 'bonus', OCTOBER)).json();
    expect(oct6.transactions).toMatchObject([{ amount: 5_00, description: 'Bonus recomandare', isRevert: false, orderAwb: null }]);
    expect(oct6.amounts.totalBonus).toBe(5_00);
  });

  it('invoices: the previous period (the advance paid by card), the period\'s invoice paid from the balance', async () => {
    const res = await post(alice, 'invoices', { ...OCTOBER, checkOld: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.checkOld).toBe(false);
    expect(body.companies).toEqual([]);
    expect(body.transactions).toHaveLength(1);
    expect(body.transactions[0]).toMatchObject({ isInvoice: true, isPayment: false, invoiceAmount: 25_00, paymentAmount: 25_00, difference: 0, prePayAmount: 25_00, cardData: null });
    expect(body.amounts).toMatchObject({ previousInvoices: 200_00, previousPayments: 200_00, previousDifference: 0, previousPrePay: 0, totalInvoices: 25_00, totalPayments: 25_00, totalDifference: 0, totalPrePay: 25_00, isTotalDifference: false });
    const sept = (await post(alice, 'invoices', { fromDate: '2026-09-01', toDate: '2026-09-30' })).json();
    expect(sept.transactions[0]).toMatchObject({
      description: expect.stringContaining('Factura avans'),
      invoiceAmount: 200_00,
      paymentAmount: 200_00,
      cardData: { info: { brand: 'Visa' }, cardNumber: { lastDigits: '4242' }, bank: { name: 'Banca Transilvania' } },
      invoice: { hasAnnex: false, kind: 'prepay' },
    });
  });

  it('general: the whole history', async () => {
    const body = (await post(alice, 'general')).json();
    expect(body.amounts.totalLeft).toBe(168_00);
    expect(body.amounts.previousLeft).toBe(0);
    expect(body.invoices.totalInvoices).toBe(225_00);
  });

  it('another client never sees it; naming them is refused; an admin sees it only for the chosen client', async () => {
    for (const view of ['available', 'bonus', 'invoices', 'general']) {
      const own = (await post(bob, view, {})).json();
      expect(own.transactions ?? [], view).toEqual([]);
      expect((await post(bob, view, { selectedClient: alice.id })).statusCode, view).toBe(403);
      // An admin without a chosen client acts for themselves: nothing of alice's.
      const bare = (await post(admin, view, {})).json();
      expect(bare.transactions ?? [], view).toEqual([]);
    }
    expect((await post(bob, 'general')).json().amounts.totalLeft).toBe(0);
    const chosen = (await post(admin, 'available', { ...OCTOBER, selectedClient: alice.id })).json();
    expect(chosen.count).toBe(4);
    expect((await post(admin, 'general', { selectedClient: alice.id })).json().amounts.totalLeft).toBe(168_00);
    const exported = await as(ctx, bob, { method: 'POST', url: '/api/user/balance/invoices/export', payload: { ...OCTOBER, selectedClient: alice.id } });
    expect(exported.statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'POST', url: '/api/user/balance/available', payload: {} })).statusCode).toBe(401);
  });

  it('refuses a start after the end and a malformed company, with the contract\'s messages', async () => {
    const bad = await post(alice, 'available', { fromDate: '2026-10-31', toDate: '2026-10-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(balanceMessages.rangeInvalid);
    const company = await post(alice, 'invoices', { company: 'x; drop' });
    expect(company.statusCode).toBe(400);
    expect(company.body).toContain(balanceMessages.companyInvalid);
    expect((await post(alice, 'available', { limit: 10_000 })).statusCode).toBe(400);
  });

  it('exports what the invoices view shows: the previous line, the rows, the totals (read back with exceljs)', async () => {
    const res = await as(ctx, alice, { method: 'POST', url: '/api/user/balance/invoices/export', payload: { fromDate: '2026-09-01', toDate: '2026-10-31' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('Situatie-facturi-plati-2026-09-01-2026-10-31.xlsx');
    const { name, rows } = await xlsxRows(res.rawPayload);
    expect(name).toBe(balanceMessages.exportSheet);
    expect(rows[0]).toEqual([...BALANCE_EXPORT_COLUMNS]);
    expect(rows[1]).toEqual([undefined, balanceMessages.previousLine, undefined, 0, 0, 0, 0]);
    // The days are date cells (dd.mm.yyyy), not text.
    expect(rows[2]).toEqual([new Date('2026-09-10T00:00:00Z'), expect.stringContaining('Factura avans'), expect.any(String), 200, 200, 0, 0]);
    expect(rows[3]).toEqual([new Date('2026-10-31T00:00:00Z'), expect.stringMatching(/^Factura /), expect.any(String), 25, 25, 0, 25]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const day = book.worksheets[0]!.getRow(3).getCell(1);
    expect([day.type, day.numFmt]).toEqual([ExcelJS.ValueType.Date, 'dd.mm.yyyy']);
    expect(rows[4]).toEqual([undefined, balanceMessages.totalLine, undefined, 225, 225, 0, 25]);
    expect(rows).toHaveLength(5);
  });
});

describe('a postpaid client and an older seller company', () => {
  it('an unpaid settlement invoice leaves a difference; the services not invoiced before it', async () => {
    const carol = await createUser(ctx);
    await postpaidClient(ctx, carol, false);
    await activatedShipment(ctx, carol);
    await activatedShipment(ctx, carol);
    const before = (await post(carol, 'available')).json();
    expect(before.userPaymentType).toBe('postpaid');
    expect(before.amounts.totalServicesNotInvoiced).toBeGreaterThan(0);
    expect(before.transactions).toEqual([]);
    const settled = await as(ctx, carol, { method: 'POST', url: '/api/user/settle-account-finances' });
    expect(settled.statusCode, settled.body).toBe(200);
    const after = (await post(carol, 'invoices')).json();
    const [row] = after.transactions;
    expect(row).toMatchObject({ paymentAmount: 0, prePayAmount: 0, difference: row.invoiceAmount, invoice: { hasAnnex: true, kind: 'settlement' } });
    expect(row.invoiceAmount).toBe(before.amounts.totalServicesNotInvoiced);
    expect(after.amounts).toMatchObject({ totalDifference: row.invoiceAmount, isTotalDifference: true });
    expect((await post(carol, 'available')).json().amounts.totalServicesNotInvoiced).toBe(0);

    // Two recorded payments: one activated and partly reverted (counts what is left), one not activated yet (counts nothing).
    // Paid one and two minutes after the invoice's own instant (the database's clock), not the
    // test's: nothing here depends on the time of day the test runs at.
    const invoiceId = row.invoice.id as number;
    const [issued] = await ctx.database.db.select({ at: invoices.issuedAt }).from(invoices).where(eq(invoices.id, invoiceId));
    const afterIssue = (ms: number) => new Date(issued!.at.getTime() + ms);
    await ctx.database.db.insert(invoicePayments).values([
      { userId: carol.id, invoiceId, amountBani: 10_00, revertedBani: 3_00, active: true, reference: 'OP 12', paidAt: afterIssue(60_000) },
      { userId: carol.id, invoiceId, amountBani: 5_00, active: false, reference: 'OP 13', paidAt: afterIssue(120_000) },
    ]);
    const paid = (await post(carol, 'invoices')).json();
    expect(paid.count).toBe(3);
    expect(paid.transactions.slice(1)).toMatchObject([
      { isPayment: true, isInvoice: false, paymentAmount: 7_00, difference: -7_00, description: `Plata ${row.invoice.invoiceNumber} (OP 12)`, payment: { amountBani: 10_00, leftBani: 7_00, active: true } },
      { isPayment: true, paymentAmount: 0, difference: 0, description: `Plata neactivata ${row.invoice.invoiceNumber} (OP 13)`, payment: { amountBani: 5_00, leftBani: 5_00, active: false } },
    ]);
    expect(paid.amounts).toMatchObject({ totalPayments: 7_00, totalDifference: row.invoiceAmount - 7_00 });
    // Another client never sees them.
    const eve = await createUser(ctx);
    expect((await post(eve, 'invoices')).json().count).toBe(0);
  });

  it('checkOld finds an older seller, lists both companies and filters by one', async () => {
    const dan = await createUser(ctx);
    const company = await activeCompany(ctx, dan);
    await ctx.database.db.transaction(async (tx) => {
      await issueInvoice(tx, deps('11112222'), { userId: dan.id, entity: company, kind: 'orders', lines: [{ description: 'Vechi', grossBani: 10_00 }], at: oct(1) });
      await issueInvoice(tx, deps(), { userId: dan.id, entity: company, kind: 'orders', lines: [{ description: 'Nou', grossBani: 20_00 }], at: oct(2) });
    });
    const body = (await post(dan, 'invoices', { ...OCTOBER, checkOld: true })).json();
    expect(body.checkOld).toBe(true);
    expect(body.companies).toEqual(
      expect.arrayContaining([
        { id: '11112222', name: 'Firma Veche SRL' },
        { id: ctx.config.seller.cui, name: ctx.config.seller.name },
      ]),
    );
    const old = (await post(dan, 'invoices', { ...OCTOBER, company: '11112222' })).json();
    expect(old.transactions.map((t: { invoiceAmount: number }) => t.invoiceAmount)).toEqual([10_00]);
    expect(old.amounts.totalInvoices).toBe(10_00);
  });
});
