import { COURIER_CHECK_TEXTS } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceReceived, eInvoiceReceivedAwbs, eInvoiceSuppliers, shipments } from '../src/db/schema.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { issueCourierInvoice, SIM_COURIER_COMPANIES } from '../src/integrations/e-invoicing/simulator-courier-invoices.js';
import { issueSupplierDocument, supplierXml } from '../src/integrations/e-invoicing/simulator-suppliers.js';
import { checkCourierInvoice, type CheckedDocument } from '../src/modules/einvoice/courier-invoice-check.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { connectCompany } from './support/efactura.js';

/*
 * Issue 25, the 'Internal' account: the platform's own company's received invoices are its couriers',
 * each checked on receipt against what its AWBs cost us. A supplier not on file is 'Furnizor
 * inexistent' until 'Adauga furnizor si accepta' puts it on file, which checks its other invoices.
 */

const PLATFORM = '45500006';
const CUSTOMER = '14399840';
const RAPID = SIM_COURIER_COMPANIES.rapidcarpati!;
const DUNAREA = SIM_COURIER_COMPANIES.dunarea!;
const VERDE = SIM_COURIER_COMPANIES.postaverde!;
const DAY = '2026-11-20';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;
let platformId: number;
let customerId: number;

/** An AWB the platform bought, at this cost (bani without VAT). */
async function awb(courierId: string, number: string, costBani: number, status: 'delivered' | 'cancelled' = 'delivered') {
  const place = { contactName: 'Ion Pop', contactPhone: '+40722000000', addressCountyCode: 'CJ', addressCity: 'Cluj-Napoca', addressId: null };
  await ctx.database.db.insert(shipments).values({
    uniqueId: `u-${number}`,
    userId: other.id,
    status,
    sender: place as never,
    recipient: place as never,
    packages: [],
    content: 'Carti',
    options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
    courierId,
    awb: number,
    priceNoVatBani: costBani,
    priceBani: Math.round(costBani * 1.21),
    activatedAt: new Date(),
  });
}

const sync = (id: number) => ctx.app.services.einvoiceSync.syncCompany(id);
const row = async (entity: number, number: string) => (await ctx.database.db.select().from(eInvoiceReceived).where(and(eq(eInvoiceReceived.billingEntityId, entity), eq(eInvoiceReceived.number, number))))[0]!;
const courierInvoice = (courierId: string, number: string, awbs: [string, number][], overchargeBani = 0, buyerCui = PLATFORM) =>
  issueCourierInvoice(ctx.database.db, { courierId, buyerCui, number, issueDate: DAY, dueDate: '2026-12-20', awbs: awbs.map(([a, c]) => ({ awb: a, costBani: c })), overchargeBani }, new Date(Date.now() - 60_000));
const patch = (user: TestUser, payload: Record<string, unknown>) => as(ctx, user, { method: 'PATCH', url: '/api/user/invoicing-system/invoice/status', payload });

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  owner = await createUser(ctx);
  other = await createUser(ctx);
  platformId = await connectCompany(ctx, owner, PLATFORM);
  customerId = await connectCompany(ctx, other, CUSTOMER);
  await ctx.database.db.insert(eInvoiceSuppliers).values([
    { identification: RAPID, name: 'Rapid Carpati', courierId: 'rapidcarpati' },
    { identification: DUNAREA, name: 'Dunarea Expres', courierId: 'dunarea' },
    { identification: '4221306', name: 'Transport Rapid SA', courierId: null },
  ]);
  for (const [c, n, cost] of [
    ['rapidcarpati', 'RC100001', 1_850],
    ['rapidcarpati', 'RC100002', 2_310],
    ['rapidcarpati', 'RC100003', 1_500],
    ['dunarea', 'DE200001', 1_800],
    ['dunarea', 'DE200002', 1_800],
    ['dunarea', 'DE200003', 1_800],
    ['postaverde', 'PV300001', 1_299],
    ['postaverde', 'PV300002', 1_401],
  ] as const) await awb(c, n, cost);
  await awb('rapidcarpati', 'RC100009', 1_700, 'cancelled');
}, 120_000);
afterAll(async () => ctx?.close());

describe('a courier invoice checked on receipt', () => {
  it('is accepted by the check when every line bills one of our AWBs with that courier for what it cost; its AWBs are kept', async () => {
    await courierInvoice('rapidcarpati', 'RC-1', [
      ['RC100001', 1_850],
      ['RC100002', 2_310],
    ]);
    await sync(platformId);
    const r = await row(platformId, 'RC-1');
    expect(r.status).toBe('accepted_by_script');
    expect(r.courierCheck).toMatchObject({ courierId: 'rapidcarpati', problems: [], lines: [{ line: '1', awb: 'RC100001', invoicedBani: 1_850, costBani: 1_850, problem: null }, { line: '2', awb: 'RC100002', invoicedBani: 2_310, costBani: 2_310, problem: null }] });
    const kept = await ctx.database.db.select({ awb: eInvoiceReceivedAwbs.awb, courierId: eInvoiceReceivedAwbs.courierId }).from(eInvoiceReceivedAwbs).where(eq(eInvoiceReceivedAwbs.receivedInvoiceId, r.id)).orderBy(eInvoiceReceivedAwbs.awb);
    expect(kept).toEqual([
      { awb: 'RC100001', courierId: 'rapidcarpati' },
      { awb: 'RC100002', courierId: 'rapidcarpati' },
    ]);
  });

  it('tolerates 1% of the cost and no more: 18 bani over 18,00 lei is accepted, 19 bani waits for a person with the amounts', async () => {
    await courierInvoice('dunarea', 'DE-1', [['DE200001', 1_800]], 18);
    await courierInvoice('dunarea', 'DE-2', [['DE200002', 1_800]], 19);
    await courierInvoice('dunarea', 'DE-3', [['DE200003', 1_800]], -19);
    await sync(platformId);
    expect((await row(platformId, 'DE-1')).status).toBe('accepted_by_script');
    const over = await row(platformId, 'DE-2');
    expect(over.status).toBe('ready_for_interaction');
    expect(over.courierCheck?.problems).toEqual([COURIER_CHECK_TEXTS.amount('DE200002', '18,19 lei', '18,00 lei')]);
    expect(over.courierCheck?.problems).toEqual(['AWB DE200002: facturat 18,19 lei, cost inregistrat 18,00 lei.']);
    expect((await row(platformId, 'DE-3')).courierCheck?.problems).toEqual(['AWB DE200003: facturat 17,81 lei, cost inregistrat 18,00 lei.']);
  });

  it('waits for a person when an AWB is billed twice, is not ours with that courier, was cancelled, or a line names none', async () => {
    await courierInvoice('rapidcarpati', 'RC-2', [
      ['RC100002', 2_310],
      ['RC100003', 1_500],
      ['RC100003', 1_500],
      ['DE200001', 1_800],
      ['RC100009', 1_700],
    ]);
    await issueSupplierDocument(
      ctx.database.db,
      { kind: 'invoice', sellerCui: RAPID, buyerCui: PLATFORM, number: 'RC-3', issueDate: DAY, dueDate: '2026-12-20', lines: [{ name: 'Taxa combustibil noiembrie', quantity: 1, unitPriceBani: 4_000, vatPercent: 21 }] },
      new Date(Date.now() - 60_000),
    );
    await sync(platformId);
    const r = await row(platformId, 'RC-2');
    expect(r.status).toBe('ready_for_interaction');
    expect(r.courierCheck?.problems).toEqual([
      'AWB RC100002 a mai fost facturat pe factura RC-1.',
      'AWB RC100003 apare de mai multe ori pe factura.',
      'AWB DE200001 nu este o expeditie a platformei la Rapid Carpati.',
      'AWB RC100009 a fost anulat inainte de ridicare.',
    ]);
    // The first RC100003 line is fine: only its repetition is a problem.
    expect(r.courierCheck?.lines[1]).toMatchObject({ awb: 'RC100003', problem: null, costBani: 1_500 });
    const fuel = await row(platformId, 'RC-3');
    expect([fuel.status, fuel.courierCheck?.problems]).toEqual(['ready_for_interaction', ['Linia 1 nu indica un AWB.']]);
  });

  it('a supplier on file that is not a courier waits for a person; a seller not on file is Furnizor inexistent; a customer company is not checked', async () => {
    await issueSupplierDocument(
      ctx.database.db,
      { kind: 'invoice', sellerCui: '4221306', buyerCui: PLATFORM, number: 'TRR-9', issueDate: DAY, dueDate: '2026-12-20', lines: [{ name: 'Transport marfa', quantity: 1, unitPriceBani: 85_000, vatPercent: 21 }] },
      new Date(Date.now() - 60_000),
    );
    await courierInvoice('postaverde', 'PV-1', [['PV300001', 1_299]]);
    await courierInvoice('rapidcarpati', 'RC-77', [['RC100001', 1_850]], 0, CUSTOMER);
    await sync(platformId);
    expect(await sync(customerId)).toMatchObject({ failed: 0 });
    expect([(await row(platformId, 'TRR-9')).status, (await row(platformId, 'TRR-9')).courierCheck?.problems]).toEqual(['ready_for_interaction', [COURIER_CHECK_TEXTS.notCourier]]);
    expect([(await row(platformId, 'PV-1')).status, (await row(platformId, 'PV-1')).courierCheck]).toEqual(['supplier_missing', null]);
    expect([(await row(customerId, 'RC-77')).status, (await row(customerId, 'RC-77')).courierCheck]).toEqual(['initial', null]);
  });

  it('the simulator’s courier invoice states each AWB as its line’s object and passes the official rules', async () => {
    const xml = supplierXml({ kind: 'invoice', sellerCui: RAPID, buyerCui: PLATFORM, number: 'RC-10', issueDate: DAY, dueDate: '2026-12-20', lines: [{ name: 'Servicii curierat AWB RC1', quantity: 1, unitPriceBani: 1_850, vatPercent: 21, objectId: 'RC1' }] });
    expect(xml).toMatch(/<cac:DocumentReference>\s*<cbc:ID schemeID="AWB">RC1<\/cbc:ID>\s*<cbc:DocumentTypeCode>130<\/cbc:DocumentTypeCode>/);
    const report = await checkEInvoice(xml);
    expect(report.schemaErrors).toEqual([]);
    expect(report.fatal).toEqual([]);
  }, 120_000);
});

describe('the account’s screens', () => {
  it('the invoice’s page shows the check to the platform’s account; the list offers the couriers to the Internal account only', async () => {
    const r = await row(platformId, 'DE-2');
    const page = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/received-invoice/${r.id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ accountType: 'internal', courierCheck: { courierName: 'Dunarea Expres', problems: ['AWB DE200002: facturat 18,19 lei, cost inregistrat 18,00 lei.'] } });
    expect(page.json().couriers.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['rapidcarpati', 'dunarea', 'colet24', 'postaverde']));
    const body = (code: string) => ({ identificationCode: code, filtersObj: { date: { fromDate: '2026-11-01', toDate: '2026-11-30' } } });
    const list = await as(ctx, owner, { method: 'POST', url: '/api/user/invoicing-system/received-invoices', payload: body(PLATFORM) });
    expect(list.json().couriers.length).toBe(4);
    const customer = await as(ctx, other, { method: 'POST', url: '/api/user/invoicing-system/received-invoices', payload: body(CUSTOMER) });
    expect([customer.json().accountType, customer.json().couriers]).toEqual(['customer', []]);
    // Another client's invoice answers 404, the check included.
    expect((await as(ctx, other, { method: 'GET', url: `/api/user/invoicing-system/received-invoice/${r.id}` })).statusCode).toBe(404);
  });
});

describe("'Adauga furnizor si accepta'", () => {
  it('refuses an unknown courier and a courier with another move, changing nothing', async () => {
    const pv = await row(platformId, 'PV-1');
    const unknown = await patch(owner, { receivedInvoiceId: pv.id, oldStatus: 'supplier_missing', newStatus: 'supplier_force_accept', supplierCourierId: 'nu-exista' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Curierul ales nu exista.']);
    const withReject = await patch(owner, { receivedInvoiceId: pv.id, oldStatus: 'supplier_missing', newStatus: 'rejected', supplierCourierId: 'postaverde' });
    expect(withReject.statusCode).toBe(400);
    expect(JSON.stringify(withReject.json())).toContain('Curierul se alege doar cand adaugati furnizorul.');
    expect((await row(platformId, 'PV-1')).status).toBe('supplier_missing');
    expect(await ctx.database.db.select().from(eInvoiceSuppliers).where(eq(eInvoiceSuppliers.identification, VERDE))).toEqual([]);
  });

  it('puts the seller on file as the courier chosen, once under two clicks, and checks its other invoices waiting for it', async () => {
    await courierInvoice('postaverde', 'PV-2', [['PV300002', 1_401]]);
    await courierInvoice('postaverde', 'PV-3', [['PV300001', 1_299]]);
    await sync(platformId);
    expect((await row(platformId, 'PV-2')).status).toBe('supplier_missing');
    const pv = await row(platformId, 'PV-1');
    const clicks = await Promise.all([0, 1].map(() => patch(owner, { receivedInvoiceId: pv.id, oldStatus: 'supplier_missing', newStatus: 'supplier_force_accept', supplierCourierId: 'postaverde' })));
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(clicks.find((c) => c.statusCode === 200)!.json()).toMatchObject({ status: 'supplier_force_accept', message: 'Furnizorul a fost adaugat, iar factura a fost acceptata.' });
    const onFile = await ctx.database.db.select().from(eInvoiceSuppliers).where(eq(eInvoiceSuppliers.identification, VERDE));
    expect(onFile.map((s) => [s.name, s.courierId, s.createdBy])).toEqual([['Posta Verde Servicii SRL', 'postaverde', owner.id]]);
    expect((await row(platformId, 'PV-1')).courierCheck?.problems).toEqual([]);
    // Its other invoices: PV-2 bills its own AWB (accepted), PV-3 the AWB PV-1 billed (waits).
    expect((await row(platformId, 'PV-2')).status).toBe('accepted_by_script');
    const again = await row(platformId, 'PV-3');
    expect([again.status, again.courierCheck?.problems]).toEqual(['ready_for_interaction', ['AWB PV300001 a mai fost facturat pe factura PV-1.']]);
    // A person accepts the one that waits.
    const accepted = await patch(owner, { receivedInvoiceId: again.id, oldStatus: 'ready_for_interaction', newStatus: 'manually_accepted' });
    expect([accepted.statusCode, (await row(platformId, 'PV-3')).status]).toEqual([200, 'manually_accepted']);
  });
});

describe('one document checked (checkCourierInvoice called directly)', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const couriers = () => [{ id: 'rapidcarpati', name: 'Rapid Carpati' }];
  const line = (id: string | null, objectId: string | null, netBani: number | null, name: string | null = 'Servicii curierat') => ({ id, objectId, name, netBani });
  const check = (doc: Partial<CheckedDocument>, seller = RAPID) => checkCourierInvoice(ctx.database.db, couriers, { kind: 'invoice', currency: 'RON', lines: [line('1', 'RC100050', 1_000)], ...doc }, seller, now);
  const manual = (problem: string, courierId: string | null = 'rapidcarpati', courierName: string | null = 'Rapid Carpati') => ({
    status: 'ready_for_interaction',
    check: { courierId, courierName, lines: [], problems: [problem], checkedAt: now.toISOString() },
    courierId,
    awbs: [],
  });

  it('a credit note, another currency, no currency or no lines wait for a person, nothing billed; a supplier not a courier too', async () => {
    await awb('rapidcarpati', 'RC100050', 1_000);
    expect(await check({ kind: 'creditNote' })).toEqual(manual(COURIER_CHECK_TEXTS.creditNote));
    expect(await check({ currency: 'EUR' })).toEqual(manual(COURIER_CHECK_TEXTS.notRon('EUR')));
    expect(await check({ currency: null })).toEqual(manual(COURIER_CHECK_TEXTS.notRon('-')));
    expect(await check({ lines: [] })).toEqual(manual(COURIER_CHECK_TEXTS.noLines));
    expect(await check({}, '4221306')).toEqual(manual(COURIER_CHECK_TEXTS.notCourier, null, null));
    expect(await check({})).toMatchObject({ status: 'accepted_by_script', awbs: ['RC100050'] });
  });

  it('a line without an amount, an AWB without a recorded cost and a line without its number or AWB say so', async () => {
    await awb('rapidcarpati', 'RC100051', 0);
    await ctx.database.db.update(shipments).set({ priceNoVatBani: null }).where(eq(shipments.awb, 'RC100051'));
    const verdict = await check({ lines: [line('1', 'RC100050', null), line('2', 'RC100051', 1_000), line(null, null, 500, null)] });
    expect(verdict.status).toBe('ready_for_interaction');
    expect(verdict.check?.problems).toEqual(['AWB RC100050: facturat -, cost inregistrat 10,00 lei.', 'AWB RC100051: facturat 10,00 lei, cost inregistrat -.', 'Linia 3 nu indica un AWB.']);
  });
});
