import type { TCustomer, TCustomerInvoice } from '@colete/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities, eInvoiceSent } from '../src/db/schema.js';
import type { EFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { supplierXml } from '../src/integrations/e-invoicing/simulator-suppliers.js';
import { einvoiceSender, invoiceIssuedListener } from '../src/modules/einvoice/einvoice-send.js';
import { as, createUser, type TestContext, type TestUser } from './helper.js';
import { sendingTestApp } from './support/efactura.js';

/*
 * The e-invoices on a customer's page (issue 27, GET user/customer/{id}/invoices): the invoices the
 * client sent through 'Trimite factura' to that buyer, newest first, with their amounts and
 * statuses. A company is found by its CUI however it was typed (with or without RO); a buyer without
 * identification by its name among the documents without one. Not listed: another buyer (even of the
 * same name), a person of the same name with a CNP, another client's invoices to the same company,
 * and the platform's own invoices, although they go out through the same connected company.
 */

const SELLER = '45500006'; // the owner's company, also the platform's: its own invoices are uploaded through it
const STRANGER_CUI = '15900825';
const BUYER = '14399840';
const OTHER = '4221306';
const CNP = '1800101123450';
const MIN = 60_000;

let ctx: TestContext;
let rest: EFacturaRest;
let owner: TestUser;
let stranger: TestUser;

const address = { street: 'Strada Memorandumului 28', city: 'Cluj-Napoca', countyCode: 'CJ', postalCode: '400114', country: 'RO' };
const company = (identification: string, name = 'Demo Logistic SRL') => ({ type: 'company', name, identification, vatPayer: true, address });
const person = (name: string, identification = '') => ({ type: 'individual', name, identification, address });
/** One line of `bani` at 21%: the total is bani * 1.21. */
const form = (seller: string, number: string, issueDate: string, buyer: object, bani: number, over: object = {}) => ({
  identificationCode: seller,
  series: 'AMC',
  number,
  issueDate,
  dueDate: '2026-12-31',
  currency: 'RON',
  buyer,
  lines: [{ name: 'Masa de lucru', quantity: 1, unitCode: 'H87', vatRate: 21, unitPriceBani: bani }],
  ...over,
});
async function submit(user: TestUser, payload: object) {
  const res = await as(ctx, user, { method: 'POST', url: '/api/user/invoicing-system/invoice', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invoicingSystemId as number;
}
async function customer(user: TestUser, payload: object) {
  const res = await as(ctx, user, { method: 'POST', url: '/api/user/customer', payload: { country: 'RO', phone: '', address: null, ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { customer: TCustomer }).customer.id;
}
async function invoicesOf(user: TestUser, id: number) {
  const res = await as(ctx, user, { method: 'GET', url: `/api/user/customer/${id}/invoices` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { list: TCustomerInvoice[] }).list;
}
const sender = () =>
  einvoiceSender({
    database: ctx.database,
    rest,
    einvoice: ctx.app.services.einvoice,
    platformCui: SELLER,
    document: async () => ({ xml: supplierXml({ kind: 'invoice', sellerCui: SELLER, buyerCui: BUYER, number: 'CO 0001', issueDate: '2026-11-23', dueDate: '2026-12-23', lines: [{ name: 'Servicii curierat', quantity: 1, unitPriceBani: 10_000, vatPercent: 21 }] }), standard: 'UBL', b2c: false }),
    check: checkEInvoice,
  });

beforeAll(async () => {
  ({ ctx, rest, owner, stranger } = await sendingTestApp(SELLER, STRANGER_CUI));
  // Their billing data says they pay VAT (the register does): their invoices state their VAT ids.
  await ctx.database.db.update(billingEntities).set({ isVatPayer: true }).where(inArray(billingEntities.identificationCode, [SELLER, STRANGER_CUI]));
}, 120_000);
afterAll(async () => ctx?.close());

describe("a customer's e-invoices", () => {
  it('lists exactly the invoices sent to that buyer, newest first, with their amounts and statuses', async () => {
    const demo = await customer(owner, { type: 'company', name: 'Demo Logistic SRL', identification: 'RO14399840' });
    const ana = await customer(owner, { type: 'individual', name: 'Ana Pop' });
    const anaCnp = await customer(owner, { type: 'individual', name: 'Ana Pop', identification: CNP });
    const ion = await customer(owner, { type: 'individual', name: 'Ion Ionescu' });
    const strangersDemo = await customer(stranger, { type: 'company', name: 'Demo Logistic SRL', identification: BUYER });

    // Sent and accepted: two invoices to the company (its CUI with RO, then without) and the
    // platform's own invoice to it, uploaded through the owner's company.
    const first = await submit(owner, form(SELLER, '1', '2026-11-20', company(`RO${BUYER}`), 10_000));
    const second = await submit(owner, form(SELLER, '2', '2026-11-24', company(BUYER), 15_000));
    await invoiceIssuedListener.handle(ctx.database.db, {
      id: 1,
      type: 'invoice.issued',
      createdAt: new Date(),
      payload: { invoiceId: 1, number: 'CO 0001', kind: 'invoice', buyerName: 'Demo Logistic SRL', buyerIdentification: BUYER, issueDay: '2026-11-23', netBani: 10_000, vatBani: 2_100, totalBani: 12_100 },
    });
    const now = new Date();
    expect(await sender().sendDue(now)).toMatchObject({ uploaded: 3 });
    expect(await sender().sendDue(new Date(now.getTime() + 2 * MIN))).toMatchObject({ success: 3 });
    const platform = (await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.source, 'platform')))[0]!;
    expect(platform).toMatchObject({ status: 'success', buyerIdentification: BUYER });
    expect(platform.billingEntityId).not.toBeNull();

    // Queued, not sent yet: a credit note of the first (the same day as the second, stored after it),
    // the people's invoices, another company of the same name, and the stranger's to the same company.
    const credit = await submit(owner, form(SELLER, '3', '2026-11-24', company(BUYER), 10_000, { kind: 'creditNote', creditedInvoice: { number: 'AMC 1', issueDate: '2026-11-20' } }));
    const toAna = await submit(owner, form(SELLER, '4', '2026-11-22', person('ANA  POP'), 2_000));
    const toAnaCnp = await submit(owner, form(SELLER, '5', '2026-11-21', person('Ana Pop', CNP), 3_000));
    await submit(owner, form(SELLER, '6', '2026-11-25', person('Ion Ionescu'), 4_000));
    await submit(owner, form(SELLER, '7', '2026-11-26', company(OTHER), 5_000));
    const strangers = await submit(stranger, form(STRANGER_CUI, '1', '2026-11-26', company(BUYER), 6_000));

    const row = (invoicingSystemId: number, number: string, issueDate: string, kind: string, status: string, totalBani: number, seller = SELLER) => ({ invoicingSystemId, number, issueDate, kind, status, totalBani, company: seller });
    expect(await invoicesOf(owner, demo)).toEqual([
      row(credit, 'AMC 3', '2026-11-24', 'creditNote', 'initial', -12_100),
      row(second, 'AMC 2', '2026-11-24', 'invoice', 'success', 18_150),
      row(first, 'AMC 1', '2026-11-20', 'invoice', 'success', 12_100),
    ]);
    expect(await invoicesOf(owner, ana)).toEqual([row(toAna, 'AMC 4', '2026-11-22', 'invoice', 'initial', 2_420)]);
    expect(await invoicesOf(owner, anaCnp)).toEqual([row(toAnaCnp, 'AMC 5', '2026-11-21', 'invoice', 'initial', 3_630)]);
    expect((await invoicesOf(owner, ion)).map((r) => r.number)).toEqual(['AMC 6']);
    expect(await invoicesOf(stranger, strangersDemo)).toEqual([row(strangers, 'AMC 1', '2026-11-26', 'invoice', 'initial', 7_260, STRANGER_CUI)]);

    // Another client's customer is as missing as an unknown one.
    expect((await as(ctx, stranger, { method: 'GET', url: `/api/user/customer/${demo}/invoices` })).statusCode).toBe(404);
    expect((await as(ctx, owner, { method: 'GET', url: `/api/user/customer/${strangersDemo}/invoices` })).statusCode).toBe(404);
  }, 180_000);

  it('lists none for a client without any company (no billing entry, so no document could be sent)', async () => {
    const newcomer = await createUser(ctx);
    const demo = await customer(newcomer, { type: 'company', name: 'Demo Logistic SRL', identification: BUYER });
    expect(await invoicesOf(newcomer, demo)).toEqual([]);
  });
});
