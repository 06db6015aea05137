import { ZInvoiceFormRequest } from '@colete/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities, eInvoiceConnections, eInvoiceSent, eInvoiceSentEvents, efacturaSimMessages, efacturaSimUploads, users } from '../src/db/schema.js';
import { eFacturaRest, type EFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { injectFetch } from '../src/integrations/e-invoicing/index.js';
import { SIM_REST_BASE } from '../src/integrations/e-invoicing/simulator-rest.js';
import { clientDocument, invoiceFormService } from '../src/modules/einvoice/einvoice-form.js';
import type { FormRulesCheck } from '../src/modules/einvoice/einvoice-form-findings.js';
import { einvoiceSender } from '../src/modules/einvoice/einvoice-send.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { connectCompany } from './support/efactura.js';

/*
 * Issue 26, 'Trimite factura': a client issues an invoice or a credit note from its connected
 * company; the form's rules answer beside the fields, the official rules' findings too, a valid
 * document is stored once and the sender uploads it through that company's own connection.
 */

const SELLER = '15900825';
const BUYER = '14399840';
const PLATFORM = '45500006';
const MIN = 60_000;

let ctx: TestContext;
let rest: EFacturaRest;
let alice: TestUser;
let bob: TestUser;

const sender = () => einvoiceSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice, platformCui: PLATFORM, document: () => Promise.reject(new Error('no platform document here')), check: checkEInvoice });
const buyer = { type: 'company', name: 'Demo Logistic SRL', identification: `RO${BUYER}`, vatPayer: true, address: { street: 'Strada Memorandumului 28', city: 'Cluj-Napoca', countyCode: 'CJ', postalCode: '400114', country: 'RO' } };
const form = (number: string, over: Record<string, unknown> = {}) => ({
  identificationCode: SELLER,
  series: 'AMC',
  number,
  issueDate: '2026-11-27',
  dueDate: '2026-12-27',
  currency: 'RON',
  buyer,
  lines: [
    { name: 'Masa de lucru', quantity: 2, unitCode: 'H87', vatRate: 21, unitPriceBani: 45_050 },
    { name: 'Carte tehnica', quantity: 1.5, unitCode: 'KGM', vatRate: 11, unitPriceBani: 3_333 },
  ],
  ...over,
});
const submit = (user: TestUser, payload: object) => as(ctx, user, { method: 'POST', url: '/api/user/invoicing-system/invoice', payload });
const rowOf = async (id: number) => (await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.id, id)))[0]!;

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(ctx.app) });
  alice = await createUser(ctx);
  bob = await createUser(ctx);
  await connectCompany(ctx, alice, SELLER);
  // Its billing data says it pays VAT (the register does): its invoices state its VAT id.
  await ctx.database.db.update(billingEntities).set({ isVatPayer: true }).where(eq(billingEntities.identificationCode, SELLER));
  await connectCompany(ctx, bob, BUYER);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the form’s lists and the participation request', () => {
  it('answers the currencies, the VAT rates in force (the standard first) and the participation once', async () => {
    const currencies = await as(ctx, alice, { method: 'GET', url: '/api/user/available-currencies' });
    expect(currencies.json().list.slice(0, 3)).toEqual(['RON', 'EUR', 'USD']);
    const vat = await as(ctx, alice, { method: 'GET', url: '/api/user/invoicing-system/vat/values' });
    expect(vat.json().list[0]).toMatchObject({ id: 21, value: 21, label: '21%' });
    const first = await as(ctx, alice, { method: 'POST', url: '/api/user/invoicing-system/send-request-to-participate', payload: {} });
    expect([first.statusCode, first.json().message]).toEqual([200, 'Cererea a fost transmisa cu succes!']);
    const second = await as(ctx, alice, { method: 'POST', url: '/api/user/invoicing-system/send-request-to-participate', payload: {} });
    expect([second.statusCode, second.json().message, second.json().code]).toEqual([409, 'Deja ati optat pentru aceasta optiune!', 'alreadyRequested']);
  });
});

describe('a client’s invoice', () => {
  it('is checked, stored once, uploaded through its own company and reaches success; the buyer receives it', async () => {
    const res = await submit(alice, form('1001'));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().invoicingSystemId as number;
    const row = await rowOf(id);
    // 2 x 450.50 at 21% and 1.5 x 33.33 (49.995 -> 50.00) at 11%.
    expect(row).toMatchObject({ source: 'client', number: 'AMC 1001', status: 'initial', taxExcludedBani: 90_100 + 5_000, taxBani: 18_921 + 550, deadline: '2026-12-08' });
    const now = new Date();
    expect(await sender().sendDue(now)).toMatchObject({ uploaded: 1 });
    expect(await sender().sendDue(new Date(now.getTime() + 2 * MIN))).toMatchObject({ success: 1 });
    expect((await rowOf(id)).status).toBe('success');
    const uploads = await ctx.database.db.select().from(efacturaSimUploads).where(like(efacturaSimUploads.xml, '%<cbc:ID>AMC 1001</cbc:ID>%'));
    expect(uploads.map((u) => u.cif)).toEqual([SELLER]);
    const received = await ctx.database.db.select().from(efacturaSimMessages).where(and(eq(efacturaSimMessages.cif, BUYER), eq(efacturaSimMessages.uploadIndex, uploads[0]!.uploadIndex)));
    expect(received.map((m) => m.type)).toEqual(['FACTURA PRIMITA']);

    // Its company's sent list shows it, with its details and downloads; another client's company or document answers 404.
    const list = await as(ctx, alice, { method: 'POST', url: '/api/user/invoicing-system/outgoing-list', payload: { identificationCode: SELLER } });
    expect(list.json()).toMatchObject({ ownCompany: false, list: [{ invoicingSystemId: id, serial: 'AMC', invoiceNumber: '1001', status: 4 }] });
    const index = (await rowOf(id)).uploadIndex!;
    expect((await as(ctx, alice, { method: 'GET', url: `/api/user/invoicing-system/status-details/${id}` })).statusCode).toBe(200);
    expect((await as(ctx, alice, { method: 'GET', url: `/api/user/invoicing-system/invoice/download/${index}/xml` })).body).toContain('AMC 1001');
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/invoicing-system/status-details/${id}` })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/invoicing-system/invoice/download/${index}/xml` })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'POST', url: '/api/user/invoicing-system/outgoing-list', payload: { identificationCode: BUYER } })).json().list).toEqual([]);
  }, 120_000);

  it('in euro states its VAT in RON, and a credit note names the invoice it corrects: both pass the official rules', async () => {
    const euro = await submit(alice, form('1002', { currency: 'EUR', exchangeRate: 4.9764 }));
    expect(euro.statusCode, euro.body).toBe(200);
    const xml = (await import('../src/modules/einvoice/einvoice-form.js')).clientDocument;
    expect((await xml(ctx.database.db, euro.json().invoicingSystemId)).xml).toContain('<cbc:TaxAmount currencyID="RON">968.95</cbc:TaxAmount>');
    const credit = await submit(alice, form('1003', { kind: 'creditNote', creditedInvoice: { number: 'AMC 1001', issueDate: '2026-11-27' } }));
    expect(credit.statusCode, credit.body).toBe(200);
    expect(await rowOf(credit.json().invoicingSystemId)).toMatchObject({ kind: 'creditNote', totalBani: -(95_100 + 19_471) });
    // The sent list says each document's currency: its amounts are in it.
    const list = (await as(ctx, alice, { method: 'POST', url: '/api/user/invoicing-system/outgoing-list', payload: { identificationCode: SELLER } })).json().list as { invoicingSystemId: number; currency: string; amounts: { total: number } }[];
    const listed = new Map(list.map((r) => [r.invoicingSystemId, r]));
    expect(listed.get(euro.json().invoicingSystemId)).toMatchObject({ currency: 'EUR', amounts: { total: 95_100 + 19_471 } });
    expect(listed.get(credit.json().invoicingSystemId)).toMatchObject({ currency: 'RON' });
  }, 60_000);

  it('refuses a due date before the issue date and takes one on the issue date itself', async () => {
    const before = await submit(alice, form('2101', { issueDate: '2026-11-27', dueDate: '2026-11-26' }));
    expect([before.statusCode, before.json().code, before.json().errors]).toEqual([400, 'validation', { dueDate: 'Data scadentei nu poate fi inainte de data facturii.' }]);
    expect(await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.number, 'AMC 2101'))).toEqual([]);
    const same = await submit(alice, form('2101', { issueDate: '2026-11-27', dueDate: '2026-11-27' }));
    expect(same.statusCode, same.body).toBe(200);
  }, 60_000);

  it('answers each bad field with its Romanian message and stores nothing', async () => {
    const bad = await submit(alice, form('2001', { buyer: { ...buyer, identification: '14399841' }, lines: [{ name: 'X', quantity: 0, unitCode: 'H87', vatRate: 19, unitPriceBani: 100 }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'lines.0.quantity': 'Cantitatea trebuie sa fie mai mare decat 0 (cel mult 3 zecimale).',
      'lines.0.vatRate': 'Cota de TVA nu este in vigoare la data facturii.',
      'buyer.identification': 'CUI-ul clientului nu este valid.',
    });
    const money = await submit(alice, form('2002', { lines: [{ name: 'X', quantity: 1, unitCode: 'H87', vatRate: 21, unitPriceBani: 10.5 }] }));
    expect(money.json().errors).toEqual({ 'lines.0.unitPriceBani': 'Pretul este o suma in bani, intreaga, de cel putin 0.' });
    const due = await submit(alice, form('2002', { dueDate: '2026-11-01', currency: 'EUR' }));
    expect(due.json().errors).toEqual({ dueDate: 'Data scadentei nu poate fi inainte de data facturii.', exchangeRate: 'Cursul valutar fata de RON este obligatoriu pentru o factura in alta moneda (cel mult 4 zecimale).' });
    // What only the official rules see (a country code not in ISO 3166) answers beside its field.
    const rules = await submit(alice, form('2003', { buyer: { ...buyer, identification: 'XX123456', address: { ...buyer.address, countyCode: '', country: 'XX' } } }));
    expect(rules.statusCode, rules.body).toBe(400);
    expect(rules.json()).toMatchObject({ code: 'rules', message: 'Factura nu respecta regulile oficiale (CIUS-RO). Corectati campurile marcate.' });
    expect(rules.json().errors['buyer.address.country']).toMatch(/^Nu respecta regula oficiala BR-CL-14/);
    expect(await ctx.database.db.select().from(eInvoiceSent).where(like(eInvoiceSent.number, 'AMC 200%'))).toEqual([]);
  }, 60_000);

  it('from a company the client does not own answers 404', async () => {
    const res = await submit(bob, form('3001'));
    expect([res.statusCode, res.json().message]).toEqual([404, 'Firma nu este conectata la e-Factura.']);
  });

  it('submitted twice at once is one document', async () => {
    const [a, b] = await Promise.all([submit(alice, form('4001')), submit(alice, form('4001'))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().invoicingSystemId).toBe(b.json().invoicingSystemId);
    // Queued once, with its first step (whichever request stored it).
    const steps = (await as(ctx, alice, { method: 'GET', url: `/api/user/invoicing-system/status-details/${a.json().invoicingSystemId}` })).json().list as { text: string; status: { status: string } }[];
    expect(steps.map((x) => [x.status.status, x.text])).toEqual([['queued', 'Documentul asteapta trimiterea in e-Factura.']]);
    const history = await ctx.database.db.select().from(eInvoiceSentEvents).where(eq(eInvoiceSentEvents.sentId, a.json().invoicingSystemId as number));
    expect(history.map((e) => [e.status, e.text])).toEqual([['initial', 'Documentul asteapta trimiterea in e-Factura.']]);
    const again = await submit(alice, form('4001'));
    expect(again.json().invoicingSystemId).toBe(a.json().invoicingSystemId);
    expect(await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.number, 'AMC 4001'))).toHaveLength(1);
    // Another invoice under a number already used is refused, not answered as if sent; the first stays as it was.
    const before = await rowOf(a.json().invoicingSystemId as number);
    const other = await submit(alice, form('4001', { lines: [{ name: 'Scaun', quantity: 1, unitCode: 'H87', vatRate: 21, unitPriceBani: 10_000 }] }));
    expect([other.statusCode, other.json().code, other.json().message]).toEqual([409, 'numberUsed', 'Seria si numarul au fost deja folosite pentru o alta factura a firmei: alegeti alt numar.']);
    expect(await rowOf(a.json().invoicingSystemId as number)).toEqual(before);
    expect(await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.number, 'AMC 4001'))).toHaveLength(1);
  }, 60_000);

  it('waits while its company is not connected, then goes through that company’s connection', async () => {
    const carol = await createUser(ctx);
    const entityId = await connectCompany(ctx, carol, '38712049');
    await ctx.database.db.update(billingEntities).set({ isVatPayer: true }).where(eq(billingEntities.id, entityId));
    const res = await submit(carol, form('5001', { identificationCode: '38712049' }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().invoicingSystemId as number;
    await ctx.database.db.update(eInvoiceConnections).set({ state: 'EXPIRED' }).where(eq(eInvoiceConnections.billingEntityId, entityId));
    const at = new Date(Date.now() + 10 * MIN);
    // (The other tests' documents are due too: this one's row tells.)
    await sender().sendDue(at);
    expect(await rowOf(id)).toMatchObject({ status: 'initial', lastError: 'Firma emitenta nu mai este conectata la e-Factura: documentul asteapta reconectarea.' });
    await ctx.database.db.update(eInvoiceConnections).set({ state: 'ACTIVE' }).where(eq(eInvoiceConnections.billingEntityId, entityId));
    await sender().sendDue(new Date(at.getTime() + 60 * MIN));
    expect((await rowOf(id)).status).toBe('pending');
    const uploads = await ctx.database.db.select().from(efacturaSimUploads).where(like(efacturaSimUploads.xml, '%<cbc:ID>AMC 5001</cbc:ID>%'));
    expect(uploads.map((u) => u.cif)).toEqual(['38712049']);
  }, 60_000);

  it('two requests past the number check at once store one document: the second answers the first one’s id', async () => {
    const [client] = await ctx.database.db.select().from(users).where(eq(users.id, alice.id));
    // The official rules stand in: each request waits at the check until both have reached it.
    let arrived = 0;
    let release = () => {};
    const both = new Promise<void>((resolve) => (release = resolve));
    const check: FormRulesCheck = async () => {
      if (++arrived === 2) release();
      await both;
      return { schemaErrors: [], fatal: [] };
    };
    const service = invoiceFormService({ database: ctx.database, check });
    const doc = ZInvoiceFormRequest.parse(form('6001'));
    const [a, b] = await Promise.all([service.create(client!, doc), service.create(client!, doc)]);
    expect(a).toMatchObject({ ok: true, id: expect.any(Number) });
    expect(b).toEqual(a);
    expect(await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.number, 'AMC 6001'))).toHaveLength(1);
  });

  it('is built again for its upload from its company’s billing entry; unknown, or its company deleted since, it cannot be', async () => {
    await expect(clientDocument(ctx.database.db, 99_999_999)).rejects.toThrow('client e-invoice 99999999 without its document or its company');
    const dave = await createUser(ctx);
    const entityId = await connectCompany(ctx, dave, '24567810');
    await ctx.database.db.update(billingEntities).set({ isVatPayer: true }).where(eq(billingEntities.id, entityId));
    const res = await submit(dave, form('7001', { identificationCode: '24567810' }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().invoicingSystemId as number;
    const built = await clientDocument(ctx.database.db, id);
    expect([built.cif, built.xml.includes('<cbc:ID>AMC 7001</cbc:ID>')]).toEqual(['24567810', true]);
    await ctx.database.db.delete(billingEntities).where(eq(billingEntities.id, entityId));
    await expect(clientDocument(ctx.database.db, id)).rejects.toThrow(`client e-invoice ${id} without its document or its company`);
  }, 60_000);
});
