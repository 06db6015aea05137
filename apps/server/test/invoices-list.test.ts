import { INVOICE_ANNEX_COLUMNS, INVOICES_PAGE_SIZE, INVOICES_MESSAGES, messages } from '@colete/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities } from '../src/db/schema.js';
import { bucharestDayStart } from '../src/lib/dates.js';
import { xlsxDay } from '../src/lib/xlsx-dates.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { issueInvoice, type InvoicingDeps } from '../src/modules/invoicing/invoicing-service.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';
import { activatedShipment, postpaidClient, xlsxRows } from './support/invoices.js';
import { pdfText } from './support/pdf-tools.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
}, 120_000);
afterAll(async () => ctx?.close());

const deps = (): InvoicingDeps => ({ seller: ctx.config.seller, platformIban: ctx.config.platformIban, series: ctx.config.invoiceSeries, mail: false });
const list = (u: TestUser, query: string) => as(ctx, u, { method: 'GET', url: `/api/user/invoices?${query}` });
type Item = { id: number; fullNumber: string; kind: string; issuedAt: string; billingEntityId: number; entityName: string; netBani: number; totalBani: number; paid: boolean; hasAnnex: boolean; annexUrl: string | null; pdfUrl: string };

/** A second, inactive billing entry (an individual) of the client. */
async function secondEntity(u: TestUser) {
  const [row] = await ctx.database.db
    .insert(billingEntities)
    .values({ userId: u.id, name: 'Ana Popescu', isCompany: false, isVatPayer: false, identificationCode: '1960101123456', fiscalIdentificationType: 6, countyCode: 'B', county: 'Bucuresti', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '1', isActive: false, verifyStatus: 'verified' })
    .returning();
  return row!;
}

describe('GET /api/user/invoices: the invoices page', () => {
  let alice: TestUser;
  let companyId: number;
  let personId: number;
  const days: string[] = [];

  beforeAll(async () => {
    alice = await createUser(ctx);
    const company = await activeCompany(ctx, alice);
    const person = await secondEntity(alice);
    companyId = company.id;
    personId = person.id;
    // 30 invoices from 1 to 30 October 2026 (noon, Bucharest), the 5th, 15th and 25th to the individual; one in September.
    await ctx.database.db.transaction(async (tx) => {
      for (let d = 1; d <= 30; d += 1) {
        const day = `2026-10-${String(d).padStart(2, '0')}`;
        days.push(day);
        const at = new Date(bucharestDayStart(day).getTime() + 12 * 3_600_000);
        const entity = d % 10 === 5 ? { id: person.id, buyer: { name: person.name, identificationCode: person.identificationCode, isCompany: false, isVatPayer: false, tradeRegister: null, address: 'Calea Victoriei 1', county: 'Bucuresti', countryCode: 'RO' } } : company;
        await issueInvoice(tx, deps(), { userId: alice.id, entity, kind: 'orders', lines: [{ description: `Expediere ${day}`, grossBani: 1000 + d }], at });
      }
      await issueInvoice(tx, deps(), { userId: alice.id, entity: company, kind: 'prepay', lines: [{ description: 'Avans', grossBani: 121_00 }], at: new Date('2026-09-15T10:00:00Z') });
    });
  });

  it('pages the period newest first in SQL, with the count over all pages', async () => {
    const first = await list(alice, 'from=2026-10-01&to=2026-10-31');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().count).toBe(30);
    const page1 = first.json().list as Item[];
    expect(page1).toHaveLength(INVOICES_PAGE_SIZE);
    const page2 = (await list(alice, 'from=2026-10-01&to=2026-10-31&page=2')).json().list as Item[];
    expect(page2).toHaveLength(30 - INVOICES_PAGE_SIZE);
    const all = [...page1, ...page2];
    // Newest first: the 30th down to the 1st; numbers consecutive in issue order.
    expect(all.map((i) => i.totalBani)).toEqual(days.map((_, k) => 1000 + 30 - k));
    const numbers = all.map((i) => Number(i.fullNumber.split(' ')[1]));
    expect(numbers.slice(1).every((n, k) => n === numbers[k]! - 1)).toBe(true);
    // Amounts with and without VAT (21% in October 2026), the annex only for documents covering shipments.
    expect(all[0]).toMatchObject({ kind: 'orders', totalBani: 1030, netBani: 851, paid: true, hasAnnex: false, annexUrl: null, pdfUrl: `/api/invoice/print/${all[0]!.id}` });
    const small = (await list(alice, 'from=2026-10-01&to=2026-10-31&limit=7&page=5')).json();
    expect(small.list).toHaveLength(2);
  });

  it('filters by period (Bucharest days, both ends included) and by billing entry', async () => {
    const week = (await list(alice, 'from=2026-10-05&to=2026-10-11')).json();
    expect(week.count).toBe(7);
    expect((week.list as Item[]).map((i) => i.totalBani)).toEqual([1011, 1010, 1009, 1008, 1007, 1006, 1005]);
    const person = (await list(alice, `from=2026-10-01&to=2026-10-31&billingEntityId=${personId}`)).json();
    expect(person.count).toBe(3);
    expect((person.list as Item[]).map((i) => [i.entityName, i.totalBani])).toEqual([
      ['Ana Popescu', 1025],
      ['Ana Popescu', 1015],
      ['Ana Popescu', 1005],
    ]);
    const company = (await list(alice, `from=2026-09-01&to=2026-10-31&billingEntityId=${companyId}&limit=100`)).json();
    expect(company.count).toBe(28);
    expect((company.list as Item[]).at(-1)).toMatchObject({ kind: 'prepay', totalBani: 121_00, paid: true });
    // Without dates: everything.
    expect((await list(alice, '')).json().count).toBe(31);
  });

  it('refuses a start after the end on `from`, and another client sees none of it', async () => {
    const bad = await list(alice, 'from=2026-10-31&to=2026-10-01');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(INVOICES_MESSAGES.rangeInvalid);
    const bob = await createUser(ctx);
    expect((await list(bob, 'from=2026-09-01&to=2026-10-31')).json()).toEqual({ success: true, list: [], count: 0 });
    // Naming alice's billing entry filters bob's own invoices: still none.
    expect((await list(bob, `billingEntityId=${companyId}`)).json().count).toBe(0);
  });

  it('prints an invoice (the PDF) for its owner only: another client gets 404', async () => {
    const [item] = (await list(alice, 'from=2026-10-30&to=2026-10-30')).json().list as Item[];
    const res = await as(ctx, alice, { method: 'GET', url: item!.pdfUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Factura-${item!.fullNumber.replace(' ', '-')}.pdf`);
    const [page] = await pdfText(res.rawPayload);
    expect(page).toContain(`nr. ${item!.fullNumber.split(' ')[1]}`);
    expect(page).toContain('Expediere 2026-10-30');
    const bob = await createUser(ctx);
    for (const url of [item!.pdfUrl, `/api/invoice/annex/${item!.id}`]) {
      const other = await as(ctx, bob, { method: 'GET', url });
      expect(other.statusCode, url).toBe(404);
      expect(other.json().message).toBe(messages.invoicing.invoiceNotFound);
    }
    // An invoice that covers no shipment (an advance) has no annex.
    const none = await as(ctx, alice, { method: 'GET', url: `/api/invoice/annex/${item!.id}` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(INVOICES_MESSAGES.noAnnex);
  });
});

describe('GET /api/invoice/annex/:id: the shipments an invoice covers', () => {
  it('lists every shipment of a settlement invoice, read back with exceljs', async () => {
    const carol = await createUser(ctx);
    await postpaidClient(ctx, carol, false);
    const one = await activatedShipment(ctx, carol);
    const two = await activatedShipment(ctx, carol);
    const settled = await as(ctx, carol, { method: 'POST', url: '/api/user/settle-account-finances' });
    expect(settled.statusCode, settled.body).toBe(200);
    const [item] = (await list(carol, '')).json().list as Item[];
    expect(item).toMatchObject({ kind: 'settlement', hasAnnex: true, paid: false, annexUrl: `/api/invoice/annex/${item!.id}` });

    const res = await as(ctx, carol, { method: 'GET', url: item!.annexUrl! });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`Anexa-${item!.fullNumber.replace(' ', '-')}.xlsx`);
    const { name, rows } = await xlsxRows(res.rawPayload);
    expect(name).toBe(`Anexa ${item!.fullNumber}`);
    expect(rows[0]).toEqual([...INVOICE_ANNEX_COLUMNS]);
    expect(rows.slice(1).map((r) => r[1])).toEqual([one.awb, two.awb]);
    // The day is a date cell (a number shown as dd.mm.yyyy), not text: today in Bucharest, at midnight UTC as spreadsheets keep days.
    const [y, mo, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date()).split('-').map(Number);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    for (const n of [2, 3]) {
      const cell = sheet.getRow(n).getCell(1);
      expect(cell.type, `row ${n}`).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt, `row ${n}`).toBe('dd.mm.yyyy');
      expect((cell.value as Date).toISOString()).toBe(new Date(Date.UTC(y!, mo! - 1, d!)).toISOString());
    }
    for (const [row, shipment] of [[rows[1]!, one], [rows[2]!, two]] as const) {
      const gross = Number(shipment.price);
      expect(row[2]).toBe('Ion Destinatar, Sectorul 1');
      expect(typeof row[3]).toBe('string');
      expect(row[4]).toBe(3.5);
      expect(row[6]).toBe(gross);
      expect(row[5]).toBeCloseTo(Math.round((gross * 100 * 100) / 121) / 100, 2);
    }
    // The annex's totals are the invoice's.
    const sum = rows.slice(1).reduce((s, r) => s + Math.round(Number(r[6]) * 100), 0);
    expect(sum).toBe(item!.totalBani);
  });

  it("a spreadsheet day is the instant's Bucharest day, around midnight and in summer", () => {
    // 00:30 in Bucharest on 27 November (UTC+2) is still 26 November in UTC.
    expect(xlsxDay(new Date('2026-11-26T22:30:00Z')).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(xlsxDay(new Date('2026-11-26T21:59:59Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    // Summer time (UTC+3): 23:30 UTC on 31 July is 1 August in Bucharest.
    expect(xlsxDay(new Date('2025-07-31T21:30:00Z')).toISOString()).toBe('2025-08-01T00:00:00.000Z');
  });
});
