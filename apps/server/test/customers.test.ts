import { randomUUID } from 'node:crypto';
import { messages, ZShipmentCreateRequest, ZShipmentDraft, type TCustomer, type TShipmentDraft } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { simulatedCourierNetwork } from '../src/integrations/couriers/simulator.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { backfillCustomers } from '../src/modules/customers/index.js';
import { seedDemo } from '../src/db/seed.js';
import { seedDemoCustomers } from '../src/db/seed-customers.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoicingDepsOf, shipmentBilling } from '../src/modules/invoicing/index.js';
import { creditTopUp } from '../src/modules/ledger/index.js';
import { shipmentsService } from '../src/modules/shipments/index.js';
import type { UserRow } from '../src/types.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './support/parties.js';
import { multipartFile } from './support/repayments.js';
import { xlsxOf } from './support/xlsx.js';

/*
 * The customer book (issue 27): its CRUD and messages, the search by any word's start without case
 * or diacritics, pages of 5-20, the import's preview and confirmation, the customers matched from
 * the client's shipments (one per person), and another client's customer answering 404.
 */

const m = messages.customers;
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  alice = await createUser(ctx);
  bob = await createUser(ctx);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const company = { type: 'company', name: 'Transport Rapid SA', country: 'RO', phone: '0722123456', email: 'Office@Rapid.ro', identification: 'RO14399840', address: { countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '28' } };
const person = (name: string, phone = '') => ({ type: 'individual', name, country: 'RO', phone, address: null });
const create = (u: TestUser, payload: object) => as(ctx, u, { method: 'POST', url: '/api/user/customer', payload });
const list = async (u: TestUser, body: object = {}) => {
  const res = await as(ctx, u, { method: 'POST', url: '/api/user/customer/list', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: TCustomer[]; count: number };
};

describe('customer book: add, read, edit, delete', () => {
  it('saves a company with its CUI and a nomenclature address, and reads it back', async () => {
    const res = await create(alice, company);
    expect(res.statusCode, res.body).toBe(200);
    const { customer, message } = res.json() as { customer: TCustomer; message: string };
    expect(message).toBe(m.saved);
    expect(customer).toMatchObject({ type: 'company', name: 'Transport Rapid SA', phone: '+40722123456', email: 'office@rapid.ro', identification: 'RO14399840', source: 'manual', shipmentCount: 0, lastShippedAt: null });
    expect(customer.address).toMatchObject({ countyCode: 'CJ', county: 'Cluj', city: 'Cluj-Napoca', postalCode: '400114' });
    expect(customer.addressText).toContain('Cluj-Napoca');
    const read = await as(ctx, alice, { method: 'GET', url: `/api/user/customer/${customer.id}` });
    expect(read.json().customer).toEqual(customer);

    const edited = await as(ctx, alice, { method: 'PUT', url: `/api/user/customer/${customer.id}`, payload: { ...company, name: 'Transport Rapid Grup SA' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: m.updated, customer: { name: 'Transport Rapid Grup SA' } });

    // The same CUI (with or without RO) is the same company: refused beside the name.
    const again = await create(alice, { ...company, identification: '14399840', name: 'Alt nume' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: m.duplicate, errors: { name: m.duplicate } });

    const del = await as(ctx, alice, { method: 'DELETE', url: `/api/user/customer/${customer.id}` });
    expect(del.json()).toMatchObject({ success: true, message: m.deleted });
    expect((await as(ctx, alice, { method: 'GET', url: `/api/user/customer/${customer.id}` })).statusCode).toBe(404);
  });

  it('refuses each invalid value with its message (400)', async () => {
    const cases: [object, string, string][] = [
      [{ ...company, identification: 'RO14399841' }, 'identification', m.cuiInvalid],
      [{ ...person('Ana Pop'), identification: '1800101123451' }, 'identification', m.cnpInvalid],
      [{ ...company, country: 'DE', identification: 'DE1', address: { street: 'Hauptstr. 1', city: 'Berlin' } }, 'identification', m.foreignVatInvalid],
      [{ ...company, name: '  ' }, 'name', m.nameRequired],
      [{ ...company, phone: '123' }, 'phone', m.phoneInvalid],
      [{ ...company, email: 'nu-e-email' }, 'email', messages.auth.emailInvalid],
      [{ ...company, type: 'altceva' }, 'type', m.type],
      [{ ...company, country: 'DE', identification: '', address: { city: 'Berlin' } }, 'address.street', m.streetRequired],
      [{ ...company, identification: '', address: { ...company.address, postalCode: '010093' } }, 'address.postalCode', messages.address.postalCodeMismatch],
    ];
    for (const [payload, field, text] of cases) {
      const res = await create(alice, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors?.[field], field).toBe(text);
    }
  });

  it('keeps a foreign company with its VAT id and a typed address, and a person with a valid CNP', async () => {
    const foreign = await create(alice, { ...company, name: 'Müller GmbH', country: 'de', identification: 'DE 123456789', phone: '', address: { street: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115' } });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json().customer).toMatchObject({ country: 'DE', identification: 'DE123456789', address: { city: 'Berlin', county: '' } });
    const cnp = await create(alice, { ...person('Maria Ionescu', '0733000111'), identification: '1800101123450' });
    expect(cnp.statusCode, cnp.body).toBe(200);
  });
});

describe('customer search and pages', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(ctx);
    for (const name of ['Ștefan Popescu', 'Ştefan Ionescu', 'Stela Marin', 'Ana Ţăranu', 'Bogdan Stefanescu', 'Ion Vasile', 'Ioana Pop']) {
      expect((await create(user, person(name))).statusCode).toBe(200);
    }
  });

  it('finds names by any word start, without case or diacritics', async () => {
    const names = async (search: string) => (await list(user, { search, limit: 20 })).list.map((c) => c.name);
    // In the order of the matching word, then the name.
    expect(await names('Stefan')).toEqual(['Ştefan Ionescu', 'Ștefan Popescu', 'Bogdan Stefanescu']);
    expect(await names('ștefan')).toEqual(await names('STEFAN'));
    expect(await names('taranu')).toEqual(['Ana Ţăranu']);
    expect(await names('pop')).toEqual(['Ioana Pop', 'Ștefan Popescu']);
    expect(await names('stefan pop')).toEqual(['Ștefan Popescu']);
    // Inside a word is not a word's start.
    expect(await names('tefan')).toEqual([]);
    expect(await names('ion')).toEqual(['Ion Vasile', 'Ştefan Ionescu']);
  });

  it('counts a customer once when two of its words start with the search', async () => {
    const other = await createUser(ctx);
    await create(other, person('Pop Popa'));
    await create(other, person('Ana Popovici'));
    const found = await list(other, { search: 'pop' });
    expect(found.count).toBe(2);
    expect(found.list.map((c) => c.name)).toEqual(['Pop Popa', 'Ana Popovici']);
    // Renamed: its words follow.
    const renamed = await as(ctx, other, { method: 'PUT', url: `/api/user/customer/${found.list[0]!.id}`, payload: person('Vasile Ene') });
    expect(renamed.statusCode).toBe(200);
    expect((await list(other, { search: 'pop' })).count).toBe(1);
    expect((await list(other, { search: 'ene' })).list.map((c) => c.name)).toEqual(['Vasile Ene']);
  });

  it('pages in SQL by 5, 10, 15 or 20, by name', async () => {
    const first = await list(user, { limit: 5, page: 1 });
    const second = await list(user, { limit: 5, page: 2 });
    expect(first.count).toBe(7);
    expect(first.list).toHaveLength(5);
    expect(second.list.map((c) => c.name)).toEqual(['Ștefan Popescu', 'Stela Marin']);
    expect(first.list[0]!.name).toBe('Ana Ţăranu');
    const bad = await as(ctx, user, { method: 'POST', url: '/api/user/customer/list', payload: { limit: 7 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('import', () => {
  it('previews every row (added or refused with its reason), then adds the good ones', async () => {
    const user = await createUser(ctx);
    await create(user, person('Deja Existent', '0744000000'));
    const csv = [
      'Tip;Nume;Tara;Telefon;Email;CUI/CNP;Judet;Localitate;Cod postal;Strada;Numar;Detalii',
      'Firma;Exemplu Distributie SRL;RO;0722123456;;RO14399840;CJ;Cluj-Napoca;400114;Memorandumului;28;',
      'Persoana fizica;Ion Popescu;RO;0733111222;;;B;Sectorul 1;010093;Calea Victoriei;120;Ap. 3',
      'Firma;CUI Gresit SRL;RO;;;RO14399841;;;;;;',
      'Persoana fizica;Deja Existent;RO;0744000000;;;;;;;;',
      'Firma;Müller GmbH;DE;;;DE123456789;;Berlin;10115;Hauptstr.;1;',
    ].join('\n');
    const preview = await as(ctx, user, { method: 'POST', url: '/api/user/customer/import/preview', ...multipartFile('clienti.csv', csv) });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json() as { rows: { line: number; status: string; reason: string | null; customer: unknown }[]; toAdd: number; refused: number };
    expect(body).toMatchObject({ toAdd: 3, refused: 2 });
    expect(body.rows.map((r) => [r.line, r.status, r.reason])).toEqual([
      [2, 'add', null],
      [3, 'add', null],
      [4, 'refused', m.cuiInvalid],
      [5, 'refused', m.duplicate],
      [6, 'add', null],
    ]);
    // Nothing saved by the preview.
    expect((await list(user)).count).toBe(1);

    const rows = body.rows.filter((r) => r.status === 'add').map((r) => r.customer);
    const done = await as(ctx, user, { method: 'POST', url: '/api/user/customer/import', payload: { rows } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ added: 3, refused: [], message: m.imported(3) });
    expect((await list(user)).list.map((c) => [c.name, c.source])).toContainEqual(['Exemplu Distributie SRL', 'import']);
    // A second confirmation adds nothing: each row is now in the book.
    const twice = await as(ctx, user, { method: 'POST', url: '/api/user/customer/import', payload: { rows } });
    expect(twice.json()).toMatchObject({ added: 0, refused: [{ index: 0, reason: m.duplicate }, { index: 1, reason: m.duplicate }, { index: 2, reason: m.duplicate }] });
  });

  it('reads an XLSX file; refuses a file without a name column, an empty file and a row repeated in the file', async () => {
    const user = await createUser(ctx);
    const xlsx = await xlsxOf([
      ['Nume', 'Telefon'],
      ['Elena Radu', '0722000111'],
      ['Elena Radu', '0722000111'],
    ]);
    const preview = await as(ctx, user, { method: 'POST', url: '/api/user/customer/import/preview', ...multipartFile('clienti.xlsx', xlsx) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rows.map((r: { status: string; reason: string | null }) => r.reason)).toEqual([null, m.duplicateInFile]);
    const noName = await as(ctx, user, { method: 'POST', url: '/api/user/customer/import/preview', ...multipartFile('x.csv', 'Telefon\n0722000111\n') });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(m.importNoColumns);
    const empty = await as(ctx, user, { method: 'POST', url: '/api/user/customer/import/preview', ...multipartFile('x.csv', '') });
    expect(empty.statusCode).toBe(400);
    const none = await as(ctx, user, { method: 'POST', url: '/api/user/customer/import', payload: { rows: [] } });
    expect(none.statusCode).toBe(400);
    // Rows that are not customers at all are refused in the catalogue's words.
    const garbage = await as(ctx, user, { method: 'POST', url: '/api/user/customer/import', payload: { rows: ['x', { type: 'individual', name: 'A', extra: 1 }] } });
    expect(garbage.json()).toMatchObject({ added: 0, refused: [{ index: 0, reason: m.rowInvalid }, { index: 1, reason: messages.common.fieldInvalid }] });
  });
});

describe('customers from shipments', () => {
  const db = () => ctx.database.db;
  const service = () => shipmentsService({ database: ctx.database, network: simulatedCourierNetwork(ctx.database), billing: shipmentBilling(invoicingDepsOf(ctx.config)) });
  async function activated(u: TestUser, recipient: TShipmentDraft['recipient']) {
    const [row] = await db().select().from(users).where(eq(users.id, u.id));
    const c = row as UserRow;
    const draft: TShipmentDraft = { sender: SENDER, recipient, packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }], content: 'Carti', clientReference: null, options: NO_OPTIONS };
    const svc = service();
    const offer = (await svc.offers(c, ZShipmentDraft.parse(draft))).find((o) => o.errors.length === 0)!;
    return (await svc.create(c, ZShipmentCreateRequest.parse({ ...draft, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true }))).row;
  }

  it('one customer per person: the same recipient twice is one customer with two shipments; a cancellation takes one back', async () => {
    const u = await createUser(ctx);
    await creditTopUp(db(), { userId: u.id, amountBani: 100_000, reference: randomUUID(), description: 'Reincarcare test' });
    const first = await activated(u, RECIPIENT);
    // The same person typed otherwise: case, diacritics, phone written nationally.
    await activated(u, { ...RECIPIENT, contactName: 'ION destinatar', contactPhone: '0733000002' });
    await activated(u, { ...RECIPIENT, contactName: 'Maria Altcineva', contactCompany: 'Firma Noua SRL', contactPhone: '+40744000003' });
    await deliverLifecycleEvents(ctx.database);
    await deliverLifecycleEvents(ctx.database);
    const book = await list(u);
    expect(book.list.map((c) => [c.name, c.type, c.source, c.shipmentCount])).toEqual([
      ['Firma Noua SRL', 'company', 'shipment', 1],
      ['Ion Destinatar', 'individual', 'shipment', 2],
    ]);
    const ion = book.list[1]!;
    expect(ion.lastShippedAt).not.toBeNull();
    expect(ion.address).toMatchObject({ countyCode: 'B', city: 'Sectorul 1', postalCode: '010093' });

    const page = await as(ctx, u, { method: 'GET', url: `/api/user/customer/${ion.id}/shipments?page=1&limit=10` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().count).toBe(2);
    expect(page.json().list.map((s: { uniqueId: string }) => s.uniqueId)).toContain(first.uniqueId);
    expect((await as(ctx, u, { method: 'GET', url: `/api/user/customer/${ion.id}/invoices` })).json()).toEqual({ success: true, list: [] });

    const [row] = await db().select().from(users).where(eq(users.id, u.id));
    await service().cancel(row as UserRow, first.uniqueId);
    await deliverLifecycleEvents(ctx.database);
    expect((await list(u)).list.find((c) => c.id === ion.id)!.shipmentCount).toBe(1);
  });

  it('the one-off backfill adds the shipments sent before the book, once', async () => {
    const u = await createUser(ctx);
    await creditTopUp(db(), { userId: u.id, amountBani: 100_000, reference: randomUUID(), description: 'Reincarcare test' });
    await activated(u, { ...RECIPIENT, contactName: 'Vechi Destinatar', contactPhone: '+40755000004' });
    // Before any delivery of the events: the backfill finds the shipment; the event later changes nothing.
    await backfillCustomers(ctx.database);
    await deliverLifecycleEvents(ctx.database);
    expect((await list(u)).list.map((c) => [c.name, c.shipmentCount])).toEqual([['Vechi Destinatar', 1]]);
    expect(await backfillCustomers(ctx.database)).toBe(0);
  });
});

describe('tenancy', () => {
  it("another client's customer answers 404 on every call", async () => {
    const mine = (await create(alice, person('Client Privat', '0766000001'))).json().customer as TCustomer;
    for (const req of [
      { method: 'GET', url: `/api/user/customer/${mine.id}` },
      { method: 'PUT', url: `/api/user/customer/${mine.id}`, payload: person('Altul') },
      { method: 'DELETE', url: `/api/user/customer/${mine.id}` },
      { method: 'GET', url: `/api/user/customer/${mine.id}/shipments` },
      { method: 'GET', url: `/api/user/customer/${mine.id}/invoices` },
    ] as const) {
      const res = await as(ctx, bob, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().message).toBe(m.notFound);
    }
    expect((await list(bob, { search: 'privat' })).count).toBe(0);
    expect((await as(ctx, null, { method: 'POST', url: '/api/user/customer/list', payload: {} })).statusCode).toBe(401);
  });
});

describe('demo', () => {
  it("fills the demo client's book once, each customer valid (nomenclature addresses, fiscal codes)", async () => {
    await seedDemo(ctx.database);
    await seedDemoCustomers(ctx.database, ctx.app.services);
    await seedDemoCustomers(ctx.database, ctx.app.services);
    const [demo] = await ctx.database.db.select().from(users).where(eq(users.email, 'client@demo.ro'));
    const res = await ctx.app.services.customers.list(demo!.id, { search: 'stefan', page: 1, limit: 20 });
    expect(res.list.map((c) => c.name)).toEqual(['Ștefan Popescu']);
    expect((await ctx.app.services.customers.list(demo!.id, { search: '', page: 1, limit: 20 })).count).toBe(7);
  });
});
