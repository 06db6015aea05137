import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceReceived } from '../src/db/schema.js';
import { eFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { injectFetch } from '../src/integrations/e-invoicing/index.js';
import { SIM_REST_BASE } from '../src/integrations/e-invoicing/simulator-rest.js';
import { issueSupplierDocument } from '../src/integrations/e-invoicing/simulator-suppliers.js';
import { einvoiceSync } from '../src/modules/einvoice/einvoice-sync.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { connectCompany } from './support/efactura.js';
import { pdfText } from './support/pdf-tools.js';

/*
 * Issue 25: a received invoice's page (its document read from the XML) and, when the supplier attached
 * no PDF, ours drawn from the XML with Romanian labels, read back as text.
 */

const SELLER = '15900825';
const BUYER = '14399840';
let ctx: TestContext;
let alice: TestUser;
let entityId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  alice = await createUser(ctx);
  entityId = await connectCompany(ctx, alice, BUYER);
  await issueSupplierDocument(ctx.database.db, {
    kind: 'invoice',
    sellerCui: SELLER,
    buyerCui: BUYER,
    number: 'PG-7001',
    issueDate: '2026-11-20',
    dueDate: '2026-12-20',
    lines: [
      { name: 'Cutii carton 40x30x30', quantity: 50, unitPriceBani: 450, vatPercent: 21 },
      { name: 'Carte tehnica ambalare', quantity: 1, unitPriceBani: 4_999, vatPercent: 11 },
    ],
  }, new Date());
  const rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(ctx.app) });
  await einvoiceSync({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice }).syncCompany(entityId);
}, 120_000);
afterAll(async () => ctx?.close());

const row = async () => (await ctx.database.db.select().from(eInvoiceReceived).where(and(eq(eInvoiceReceived.billingEntityId, entityId), eq(eInvoiceReceived.number, 'PG-7001'))))[0]!;

describe('a received invoice', () => {
  it('is answered with its document: parties, lines, VAT per rate and totals in bani; another client’s answers 404', async () => {
    const { id } = await row();
    const res = await as(ctx, alice, { method: 'GET', url: `/api/user/invoicing-system/received-invoice/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.accountType).toBe('customer');
    expect(body.invoice).toMatchObject({ receivedInvoiceId: id, generalData: { invoiceIdentification: 'PG-7001', invoiceDate: '2026-11-20' }, hasPdf: false, status: 'initial' });
    // 50 x 4,50 = 225,00 at 21% (47,25) and 49,99 at 11% (5,50): 274,99 + 52,75 = 327,74.
    expect(body.document.lines.map((l: { name: string; netBani: number; vatPercent: string }) => [l.name, l.netBani, l.vatPercent])).toEqual([
      ['Cutii carton 40x30x30', 22500, '21'],
      ['Carte tehnica ambalare', 4999, '11'],
    ]);
    expect(body.document.taxes.map((t: { percent: string; taxableBani: number; taxBani: number }) => [t.percent, t.taxableBani, t.taxBani])).toEqual([
      ['21', 22500, 4725],
      ['11', 4999, 550],
    ]);
    expect(body.document.totals).toMatchObject({ taxExclusiveBani: 27499, taxInclusiveBani: 32774, payableBani: 32774 });
    expect(body.document.seller.identification).toBe(SELLER);
    expect(body.document.dueDate).toBe('2026-12-20');
    const bob = await createUser(ctx);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/invoicing-system/received-invoice/${id}` })).statusCode).toBe(404);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/invoicing-system/received-invoice/0' })).statusCode).toBe(400);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/invoicing-system/received-invoice/99999999' })).statusCode).toBe(404);
  });

  it('without a supplier’s PDF downloads ours, drawn from the XML with Romanian labels', async () => {
    const { id, messageId } = await row();
    const pdf = await as(ctx, alice, { method: 'GET', url: `/api/user/invoicing-system/received-invoice/download/${id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="factura-PG-7001-${messageId}.pdf"`);
    const text = (await pdfText(new Uint8Array(pdf.rawPayload))).join('\n');
    for (const expected of ['FACTURA', 'Nr. PG-7001', 'Data emiterii: 20.11.2026', 'Data scadentei: 20.12.2026', 'Furnizor', 'Cumparator', 'Cutii carton 40x30x30', 'Carte tehnica ambalare', 'Total fara TVA', '274,99 lei', '327,74 lei', 'Total de plata', `mesajul ${messageId}`]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Cota 21% \(S\): baza 225,00 lei, TVA 47,25 lei/);
    expect(text).toMatch(/Cota 11% \(S\): baza 49,99 lei, TVA 5,50 lei/);
  });
});
