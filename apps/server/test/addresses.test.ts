import { ADDRESS_TYPE_LOCKED } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../src/db/schema.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, twoUsers, type TestContext, type TestUser } from './helper.js';
import { USER_TYPE } from '@colete/contract';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  ({ alice, bob } = await twoUsers(ctx));
});
afterAll(async () => ctx?.close());

const cluj = {
  shortName: 'Depozit',
  contactName: 'Mihai Pop',
  contactPhone: '0722123456',
  contactCompany: 'Alice Transport SRL',
  countyCode: 'CJ',
  city: 'cluj-napoca',
  postalCode: '400114',
  street: 'Memorandumului',
  number: '28',
  block: 'B2',
  entrance: '1',
  intercom: '12',
  floor: '3',
  apartment: '14',
};

async function create(user: TestUser, body: object) {
  return as(ctx, user, { method: 'POST', url: '/api/address', payload: body });
}

describe('address book', () => {
  it('creates an entry with the nomenclature’s names and the full address line', async () => {
    const res = await create(alice, cluj);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Adresa a fost salvata cu succes!',
      address: {
        shortName: 'Depozit',
        addressCity: 'Cluj-Napoca',
        addressCounty: 'Cluj',
        addressCountyCode: 'CJ',
        addressStreet: 'Strada Memorandumului',
        addressPostalCode: '400114',
        addressCountry: { code: 'RO', nameRo: 'Romania' },
        contactPhone: '+40722123456',
        type: 1,
        fullAddress: 'Strada Memorandumului, Nr. 28, Bl. B2, Sc. 1, Int. 12, Et. 3, Ap. 14',
      },
    });
  });

  it('accepts a village identified by its postal code, and a Bucharest sector', async () => {
    const village = await create(alice, { ...cluj, shortName: 'Sat', countyCode: 'AG', city: 'Lazaresti', postalCode: '117511', street: '', block: null });
    expect(village.statusCode).toBe(200);
    expect(village.json().address).toMatchObject({ addressCity: 'Lăzărești', addressCounty: 'Argeș', addressPostalCode: '117511', addressStreet: null });
    const sector = await create(alice, { ...cluj, shortName: 'Birou', countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' });
    expect(sector.statusCode).toBe(200);
    expect(sector.json().address).toMatchObject({ addressCounty: 'București', addressCity: 'Sectorul 1', addressStreet: 'Calea Victoriei' });
  });

  it('refuses an invalid address with the form’s messages, field by field', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ countyCode: '' }, { countyCode: 'Judetul este obligatoriu!' }],
      [{ countyCode: 'ZZ' }, { countyCode: 'Judet invalid!' }],
      [{ city: '' }, { city: 'Localitatea este obligatorie!' }],
      [{ city: 'Nicaieri' }, { city: 'Localitate invalida!' }],
      [{ postalCode: '' }, { postalCode: 'Codul postal este obligatoriu!' }],
      [{ postalCode: '40011' }, { postalCode: 'Cod postal invalid!' }],
      [{ postalCode: '400115' }, { postalCode: 'Codul postal nu corespunde localitatii sau strazii alese!' }],
      [{ street: '' }, { street: 'Strada este obligatorie!' }],
      [{ street: 'Strada Inexistenta' }, { street: 'Strada nu exista in localitatea aleasa!' }],
      [{ contactPhone: '07221' }, { contactPhone: 'Campul este invalid!' }],
      [{ contactPhone2: 'abc' }, { contactPhone2: 'Campul este invalid!' }],
      [{ shortName: '' }, { shortName: 'Numele adresei este obligatoriu!' }],
      [{ number: '' }, { number: 'Campul este obligatoriu!' }],
    ];
    for (const [change, errors] of cases) {
      const res = await create(alice, { ...cluj, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors, JSON.stringify(change)).toMatchObject(errors);
    }
  });

  it('lists only the acting user’s entries, searches without diacritics and pages in SQL', async () => {
    await create(bob, { ...cluj, shortName: 'Al lui Bob' });
    const all = await as(ctx, alice, { method: 'POST', url: '/api/address/all' });
    expect(all.statusCode).toBe(200);
    const names = all.json().addresses.map((a: { shortName: string }) => a.shortName);
    expect(names).not.toContain('Al lui Bob');
    expect(all.json().count).toBe(names.length);

    const found = await as(ctx, alice, { method: 'POST', url: '/api/address/all', payload: { search: 'LĂZĂREȘTI' } });
    expect(found.json().addresses.map((a: { shortName: string }) => a.shortName)).toEqual(['Sat']);
    const paged = await as(ctx, alice, { method: 'POST', url: '/api/address/all', payload: { page: 2, limit: 1 } });
    expect(paged.json().addresses).toHaveLength(1);
    expect(paged.json().count).toBe(names.length);
    const wild = await as(ctx, alice, { method: 'POST', url: '/api/address/all', payload: { search: '%' } });
    expect(wild.json().addresses).toEqual([]);
  });

  it('edits and deletes an entry; another user gets 404 for it', async () => {
    const created = (await create(alice, { ...cluj, shortName: 'De modificat' })).json().address;
    const edited = await as(ctx, alice, { method: 'PUT', url: `/api/address/${created.id}`, payload: { ...cluj, shortName: 'Modificat', number: '30' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ message: 'Adresa a fost modificata cu succes!', address: { shortName: 'Modificat', addressNumber: '30' } });

    for (const req of [
      { method: 'GET' as const, url: `/api/address/${created.id}` },
      { method: 'PUT' as const, url: `/api/address/${created.id}`, payload: { ...cluj, shortName: 'Furat' } },
      { method: 'DELETE' as const, url: `/api/address/${created.id}` },
    ]) {
      const res = await as(ctx, bob, req);
      expect(res.statusCode, req.method).toBe(404);
      expect(res.json().message).toBe('Adresa nu exista!');
    }
    expect((await as(ctx, alice, { method: 'GET', url: `/api/address/${created.id}` })).json().address.shortName).toBe('Modificat');

    const del = await as(ctx, alice, { method: 'DELETE', url: `/api/address/${created.id}` });
    expect(del.json()).toEqual({ success: true, message: 'Adresa a fost stearsa cu succes!' });
    expect((await as(ctx, alice, { method: 'GET', url: `/api/address/${created.id}` })).statusCode).toBe(404);
  });

  it('an invalid edit changes nothing', async () => {
    const created = (await create(alice, { ...cluj, shortName: 'Stabil' })).json().address;
    const bad = await as(ctx, alice, { method: 'PUT', url: `/api/address/${created.id}`, payload: { ...cluj, shortName: 'Stricat', postalCode: '999999' } });
    expect(bad.statusCode).toBe(400);
    const after = (await as(ctx, alice, { method: 'GET', url: `/api/address/${created.id}` })).json().address;
    expect(after.shortName).toBe('Stabil');
  });

  it('a type-10 entry is locked: the server refuses to edit or delete it', async () => {
    const created = (await create(alice, { ...cluj, shortName: 'Punct ridicare' })).json().address;
    await ctx.database.db.update(addresses).set({ type: ADDRESS_TYPE_LOCKED }).where(eq(addresses.id, created.id));
    const edit = await as(ctx, alice, { method: 'PUT', url: `/api/address/${created.id}`, payload: { ...cluj, shortName: 'Alt nume' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('Adresa este folosita ca punct de ridicare si nu poate fi modificata sau stearsa!');
    expect((await as(ctx, alice, { method: 'DELETE', url: `/api/address/${created.id}` })).statusCode).toBe(409);
    expect((await as(ctx, alice, { method: 'GET', url: `/api/address/${created.id}` })).json().address).toMatchObject({ shortName: 'Punct ridicare', type: 10 });
  });

  it('the type cannot be set through the API', async () => {
    const res = await create(alice, { ...cluj, shortName: 'Vreau blocat', type: 10 });
    expect(res.json().address.type).toBe(1);
  });

  it('an admin works on the selected client’s address book; others cannot', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin, password: 'AdminParola1!' });
    // At least this entry, whatever the other tests of this file added before.
    expect((await create(alice, { ...cluj, shortName: 'Vazuta de admin' })).statusCode).toBe(200);
    const res = await as(ctx, admin, { method: 'POST', url: `/api/address/all?selectedClient=${alice.id}` });
    expect(res.json().addresses.map((a: { shortName: string }) => a.shortName)).toContain('Vazuta de admin');
    // Exactly Alice's own book, as she sees it herself.
    const rows = await ctx.database.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, alice.id));
    expect(res.json().count).toBe(rows.length);
    expect(res.json()).toEqual((await as(ctx, alice, { method: 'POST', url: '/api/address/all' })).json());
    const made = await as(ctx, admin, { method: 'POST', url: '/api/address', payload: { ...cluj, shortName: 'Facuta de admin', selectedClient: alice.id } });
    expect(made.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, made.json().address.id));
    expect(row!.userId).toBe(alice.id);
    expect((await as(ctx, bob, { method: 'POST', url: `/api/address/all?selectedClient=${alice.id}` })).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    expect((await as(ctx, null, { method: 'POST', url: '/api/address/all' })).statusCode).toBe(401);
    expect((await as(ctx, null, { method: 'POST', url: '/api/address', payload: cluj })).statusCode).toBe(401);
  });
});
