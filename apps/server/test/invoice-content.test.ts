import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableCharges, billingEntities, invoices, ledgerEntries, users } from '../src/db/schema.js';
import { startOfMonthInBucharest } from '../src/jobs/monthly-invoices.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoicingService } from '../src/modules/invoicing/invoicing-service.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { readInvoicePdf, type InvoiceReading } from './support/pdf-tools.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './support/parties.js';

/**
 * The invoice PDFs say what the invoice is: number and series, the seller (the platform, from its
 * SELLER_* configuration) in the seller's block and the buyer (the client's billing data) in the
 * buyer's, every line with its net amount and VAT, the VAT rate and the totals. One client gets
 * each kind the platform issues, through the same paths as in production: the advance invoice of
 * a card top-up, the invoice of one shipment (invoiceEveryOrder), the monthly invoice (the job's
 * function) and the settlement invoice, whose negative 'Stornare avans' line is the reversing
 * document (the platform issues no separate credit note). Then the client edits its billing data,
 * and every PDF must read exactly as before.
 */

let ctx: TestContext;
let client: TestUser;
type Entity = typeof billingEntities.$inferSelect;
type Source = { kind: 'prepay' | 'orders' | 'settlement'; what: string; id: number; entity: Entity; lines: { description: string; grossBani: number }[] };
/** Each invoice, with what it was issued from (amounts and descriptions as the platform produced them), and its PDF as first read. */
const issued: { source: Source; before: InvoiceReading }[] = [];

const CLUJ = { countyCode: 'CJ', city: 'cluj-napoca', postalCode: '400114', street: 'Memorandumului', number: '28', additionalInfo: 'Etaj 2' };
const BUYER_CUI = '14399840';

const pdfOf = async (id: number) => {
  const res = await as(ctx, client, { method: 'GET', url: `/api/user/invoices/${id}/pdf` });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};
const entityNow = async () => (await ctx.database.db.select().from(billingEntities).where(eq(billingEntities.userId, client.id)))[0]!;
const newInvoices = async (seen: Set<number>) => {
  const rows = await ctx.database.db.select().from(invoices).where(eq(invoices.userId, client.id));
  return rows.filter((r) => !seen.has(r.id));
};

async function record(kind: Source['kind'], what: string, lines: Source['lines'], seen: Set<number>) {
  const rows = await newInvoices(seen);
  expect(rows.map((r) => r.kind), what).toEqual([kind]);
  seen.add(rows[0]!.id);
  const source = { kind, what, id: rows[0]!.id, entity: await entityNow(), lines };
  issued.push({ source, before: await readInvoicePdf(await pdfOf(source.id)) });
}

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  client = await createUser(ctx, { name: 'Facturi Test SRL' });
  const seen = new Set<number>();

  // Billing data through the API; the company-check simulator verifies the CUI.
  const saved = await as(ctx, client, {
    method: 'POST',
    url: '/api/user/billing/data',
    payload: { entityData: { name: 'Demo Logistic SRL', isCompany: true, isVatPayer: true, identificationCode: BUYER_CUI, tradeRegister: 'J12/1234/2010' }, address: CLUJ },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await entityNow()).verifyStatus).toBe('verified');
  await ctx.database.db.update(users).set({ bankAccount: 'RO66BACX0000001234567890' }).where(eq(users.id, client.id));

  // 1. A card top-up of 300 lei: its advance invoice.
  const start = await as(ctx, client, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 300 } });
  expect(start.statusCode, start.body).toBe(200);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: start.json().url,
    payload: 'number=4242424242424242&expiry=12%2F30&cvc=123',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBeLessThan(400);
  // The advance is for the top-up as the ledger records it.
  const [credit] = await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, client.id), eq(ledgerEntries.kind, 'topup')));
  expect(credit!.amountBani).toBe(30_000);
  await record('prepay', 'top-up', [{ description: `Avans servicii de curierat - ${credit!.description}`, grossBani: credit!.amountBani }], seen);

  // 2. A shipment, invoiced on its own (invoiceEveryOrder; the top-ups no longer invoiced as advances).
  const settings = await as(ctx, client, {
    method: 'POST',
    url: '/api/user/settings/invoicing',
    payload: { settings: { invoiceEveryPrepay: { value: false }, invoiceEveryOrder: { value: true } } },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const draft = {
    sender: SENDER,
    recipient: RECIPIENT,
    packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }],
    content: 'Carti',
    clientReference: 'FACT-1',
    options: NO_OPTIONS,
  };
  const offers = await as(ctx, client, { method: 'POST', url: '/api/shipments/offers', payload: draft });
  const offer = (offers.json().offers as { serviceId: string; type: string; errors: string[] }[]).find((o) => o.type === 'standard' && o.errors.length === 0)!;
  const sent = await as(ctx, client, { method: 'POST', url: '/api/shipments', payload: { ...draft, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true } });
  expect(sent.statusCode, sent.body).toBe(200);
  const shipment = sent.json().shipment as { awb: string; price: string; serviceName: string };
  await record(
    'orders',
    'shipment',
    [{ description: `Expediere AWB ${shipment.awb} - ${shipment.serviceName} (Cluj-Napoca - Sectorul 1)`, grossBani: Math.round(Number(shipment.price) * 100) }],
    seen,
  );

  // 3. Last month's charges on the monthly invoice (the monthly job's function).
  const lastMonth = new Date(startOfMonthInBucharest().getTime() - 5 * 86_400_000);
  const monthly = [
    { description: 'Expediere AWB 4210000000777 - Standard (Brasov - Iasi)', grossBani: 2380 },
    { description: 'Expediere AWB 7300000000888 - Express 24 (Timisoara - Constanta)', grossBani: 4165 },
  ];
  for (const c of monthly) {
    await ctx.database.db.insert(billableCharges).values({ userId: client.id, amountBani: c.grossBani, description: c.description, reference: randomUUID(), createdAt: lastMonth });
  }
  await invoicingService({ database: ctx.database, seller: ctx.config.seller, platformIban: ctx.config.platformIban, series: ctx.config.invoiceSeries }).invoiceOpenChargesBefore(startOfMonthInBucharest());
  await record('orders', 'monthly', monthly, seen);

  // 4. Settling: this month's charge, and the unspent advance reversed.
  const open = { description: 'Ramburs retur AWB C24500000999', grossBani: 1190 };
  await ctx.database.db.insert(billableCharges).values({ userId: client.id, amountBani: open.grossBani, description: open.description, reference: randomUUID() });
  const balanceBani = Math.round(Number((await as(ctx, client, { method: 'GET', url: '/api/user/prepay/balance' })).json().balance) * 100);
  expect(balanceBani).toBe(30_000 - Math.round(Number(shipment.price) * 100));
  const settled = await as(ctx, client, { method: 'POST', url: '/api/user/settle-account-finances' });
  expect(settled.statusCode, settled.body).toBe(200);
  await record('settlement', 'settlement', [open, { description: 'Stornare avans: sold preplatit returnat clientului', grossBani: -balanceBani }], seen);
}, 180_000);
afterAll(async () => ctx?.close());

/** Lei as the platform writes them, '1.033,68' (the totals add ' lei'). */
const ron = (bani: number) => `${bani < 0 ? '-' : ''}${String(Math.floor(Math.abs(bani) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(Math.abs(bani) % 100).padStart(2, '0')}`;
const block = (lines: string[]) => lines.join(' ');

describe('invoice PDFs: what they say, and where', () => {
  it('issued the four kinds of invoice', () => {
    expect(issued.map((i) => `${i.source.kind}:${i.source.what}`)).toEqual(['prepay:top-up', 'orders:shipment', 'orders:monthly', 'settlement:settlement']);
  });

  for (const what of ['top-up', 'shipment', 'monthly', 'settlement']) {
    it(`the ${what} invoice: number and series, seller and buyer in their blocks, lines, VAT and totals`, async () => {
      const { source, before: pdf } = issued.find((i) => i.source.what === what)!;
      const [row] = await ctx.database.db.select().from(invoices).where(and(eq(invoices.id, source.id), eq(invoices.userId, client.id)));
      const seller = ctx.config.seller;
      const buyer = source.entity;

      // Number and series (the configured series, the number the database gave), the VAT rate.
      expect(row!.series).toBe(ctx.config.invoiceSeries);
      const header = block(pdf.header);
      expect(header).toContain(`Seria ${ctx.config.invoiceSeries} nr. ${String(row!.number).padStart(6, '0')}`);
      // Every supply of this test is today's: 21% since 1 August 2025.
      expect(row!.vatPercent).toBe(21);
      expect(header).toContain(`Cota TVA: ${row!.vatPercent}%`);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(row!.issuedAt).split('-').reverse().join('.');
      expect(header).toContain(`Data emiterii: ${day}`);

      // The seller's block carries the platform's company, and nothing of the buyer's.
      const sellerText = block(pdf.seller);
      expect(pdf.seller[0]).toBe('FURNIZOR');
      for (const t of [seller.name, `CIF: RO${seller.cui}`, `Nr. Reg. Com.: ${seller.tradeRegister}`, `Adresa: ${seller.address}`, `Judet: ${seller.county}`, `IBAN: ${ctx.config.platformIban}`, `Banca: ${seller.bank}`]) {
        expect(sellerText, `seller block of the ${what} invoice`).toContain(t);
      }
      // The buyer's block carries the client's billing data as it was when the invoice was issued.
      const buyerText = block(pdf.buyer);
      expect(pdf.buyer[0]).toBe('CUMPARATOR');
      for (const t of [buyer.name, `CIF: RO${buyer.identificationCode}`, `Nr. Reg. Com.: ${buyer.tradeRegister}`, buyer.street!, buyer.city, buyer.postalCode!, `Judet: ${buyer.county}`]) {
        expect(buyerText, `buyer block of the ${what} invoice`).toContain(t);
      }
      for (const t of [buyer.name, buyer.identificationCode]) expect(sellerText).not.toContain(t);
      for (const t of [seller.name, seller.cui, seller.tradeRegister]) expect(buyerText).not.toContain(t);

      // Each line: its description, quantity, unit price, net and VAT, split at the invoice's stored rate.
      const split = source.lines.map((l) => {
        const netBani = Math.round((l.grossBani * 100) / (100 + row!.vatPercent));
        return { ...l, netBani, vatBani: l.grossBani - netBani };
      });
      expect(pdf.rows).toHaveLength(split.length);
      expect(pdf.descriptions).toBe(split.map((l) => l.description).join(' '));
      split.forEach((l, i) => {
        expect(pdf.rows[i]!.startsWith(`${i + 1} `), pdf.rows[i]).toBe(true);
        expect(pdf.rows[i]!.endsWith(` buc 1 ${ron(l.netBani)} ${ron(l.netBani)} ${ron(l.vatBani)}`), pdf.rows[i]).toBe(true);
      });

      // Totals: net, VAT and the total to pay, each from the lines.
      const net = split.reduce((s, l) => s + l.netBani, 0);
      const vat = split.reduce((s, l) => s + l.vatBani, 0);
      const total = split.reduce((s, l) => s + l.grossBani, 0);
      expect(row).toMatchObject({ netBani: net, vatBani: vat, totalBani: total });
      expect(pdf.totals.slice(0, 3)).toEqual([`Total fara TVA ${ron(net)} lei`, `TVA ${row!.vatPercent}% ${ron(vat)} lei`, `Total de plata ${ron(total)} lei`]);
    });
  }

  it('reads the same after the client edits its billing data', async () => {
    // The account is settled, so the client may edit its entry: another company, name and address.
    const entity = await entityNow();
    const edited = await as(ctx, client, {
      method: 'POST',
      url: '/api/user/billing/data',
      payload: {
        fiscalSubaccountNumber: entity.id,
        entityData: { name: 'Transport Rapid SA', isCompany: true, isVatPayer: true, identificationCode: '4221306', tradeRegister: 'J40/5678/1993' },
        address: { countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await entityNow()).toMatchObject({ name: 'Transport Rapid SA', identificationCode: '4221306' });
    for (const { source, before } of issued) {
      const after = await readInvoicePdf(await pdfOf(source.id));
      expect(after.pages, `${source.what} invoice`).toEqual(before.pages);
      expect(block(after.buyer)).toContain(source.entity.name);
      expect(block(after.buyer)).not.toContain('Transport Rapid SA');
    }
  });
});
