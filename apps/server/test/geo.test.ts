import { nameMatchRank } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { createTestApp, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/search/${url}` });

describe('nomenclature loading', () => {
  it('loads 41 counties and Bucharest, every locality and street; a second load does nothing', async () => {
    const again = await loadNomenclature(ctx.database);
    expect(again.loaded).toBe(false);
    const { rows } = await ctx.database.executeSql(
      'SELECT (SELECT count(*) FROM geo_counties) AS counties, (SELECT count(*) FROM geo_localities) AS localities, (SELECT count(*) FROM geo_streets) AS streets',
    );
    const counts = rows[0] as { counties: number; localities: number; streets: number } | undefined;
    expect(Number(counts!.counties)).toBe(42);
    expect(Number(counts!.localities)).toBe(13856);
    expect(Number(counts!.streets)).toBe(41320);
  });
});

describe('GET /api/search/counties/ro', () => {
  it('answers every county as {code, name}, sorted by name', async () => {
    const res = await get('counties/ro');
    expect(res.statusCode).toBe(200);
    const list = res.json().list as { code: string; name: string }[];
    expect(list).toHaveLength(42);
    expect(list[0]).toEqual({ code: 'AB', name: 'Alba' });
    expect(list.find((c) => c.code === 'B')).toEqual({ code: 'B', name: 'București' });
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['AB', 'AR', 'AG', 'BC', 'CJ', 'TM', 'VN', 'IF', 'SV']));
    const names = list.map((c) => c.name.normalize('NFD').replace(/\p{M}/gu, ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ro')));
  });
});

describe('GET /api/search/locality', () => {
  it('finds by inner word, without diacritics, case-insensitively', async () => {
    const res = await get('locality/RO/CJ/napoca');
    expect(res.json()).toEqual({
      success: true,
      list: [{ localityName: 'Cluj-Napoca', postalCode: '0', locationType: 'big_city', countyCode: 'CJ' }],
      limit: 50,
      page: 1,
      total: 1,
    });
  });

  it('matches both cedilla and comma-below spellings and plain letters', async () => {
    for (const typed of ['Şomcuta', 'Șomcuta', 'somcuta', 'SOMCUTA']) {
      const list = (await get(`locality/RO/MM/${encodeURIComponent(typed)}`)).json().list as { localityName: string }[];
      expect(list.map((l) => l.localityName), typed).toContain('Șomcuta Mare');
    }
    const tg = (await get(`locality/RO/MS/${encodeURIComponent('târgu mureș')}`)).json().list;
    expect(tg[0]).toMatchObject({ localityName: 'Târgu Mureș', postalCode: '0', locationType: 'big_city' });
  });

  it('a village shows its commune (upLocality) and its own postal code', async () => {
    const list = (await get('locality/RO/AG/lazaresti')).json().list;
    expect(list).toEqual(
      expect.arrayContaining([
        { localityName: 'Lăzărești', postalCode: '117653', locationType: 'other', upLocality: 'Schitu Golești', countyCode: 'AG' },
        { localityName: 'Lăzărești', postalCode: '117511', locationType: 'other', upLocality: 'Moșoaia', countyCode: 'AG' },
      ]),
    );
    // The commune's name finds its villages too.
    const byCommune = (await get('locality/RO/AG/schitu')).json().list.map((l: { localityName: string }) => l.localityName);
    expect(byCommune).toContain('Lăzărești');
  });

  it('Bucharest is county B with cities Sectorul 1 to 6', async () => {
    const list = (await get('locality/RO/b/sector')).json().list.map((l: { localityName: string }) => l.localityName);
    expect(list).toEqual(['Sectorul 1', 'Sectorul 2', 'Sectorul 3', 'Sectorul 4', 'Sectorul 5', 'Sectorul 6']);
  });

  it("ranks the same name first, then names starting with the text, a later word, the text inside, then communes: 'Iasi' is Iași", async () => {
    const iasi = (await get('locality/RO/IS/Iasi')).json().list;
    expect(iasi[0]).toMatchObject({ localityName: 'Iași', postalCode: '0', locationType: 'big_city' });
    const malu = (await get('locality/RO/AG/malu')).json().list as { localityName: string; upLocality?: string }[];
    const names = malu.map((l) => l.localityName);
    expect(names).toEqual(expect.arrayContaining(['Malu', 'Mălureni', 'Malu Vânăt', 'Cotu Malului']));
    const ranks = malu.map((l) => nameMatchRank(l.localityName, 'malu') ?? 4);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks[0]).toBe(0);
    // The text inside a name: 'apoca' finds Cluj-Napoca.
    expect((await get('locality/RO/CJ/apoca')).json().list.map((l: { localityName: string }) => l.localityName)).toEqual(['Cluj-Napoca']);
  });

  it("'Bucu' in Bucharest lists the six sectors", async () => {
    const list = (await get('locality/RO/B/Bucu')).json().list.map((l: { localityName: string }) => l.localityName);
    expect(list).toEqual(['Sectorul 1', 'Sectorul 2', 'Sectorul 3', 'Sectorul 4', 'Sectorul 5', 'Sectorul 6']);
  });

  it('pages by 50', async () => {
    const first = (await get('locality/RO/SV/b')).json();
    expect(first.limit).toBe(50);
    expect(first.total).toBeGreaterThan(50);
    expect(first.list).toHaveLength(50);
    const second = (await get('locality/RO/SV/b?page=2')).json();
    expect(second.page).toBe(2);
    const firstNames = new Set(first.list.map((l: { localityName: string; postalCode: string }) => `${l.localityName}|${l.postalCode}`));
    expect(second.list.some((l: { localityName: string; postalCode: string }) => firstNames.has(`${l.localityName}|${l.postalCode}`))).toBe(false);
  });

  it('bad parameters answer 400 or an empty list, never a 5xx', async () => {
    expect((await get('locality/RO/ZZ/cluj')).json()).toMatchObject({ success: true, list: [], total: 0 });
    expect((await get(`locality/RO/CJ/${'a'.repeat(2000)}`)).statusCode).toBe(400);
    expect((await get(`locality/RO/${encodeURIComponent("CJ' OR 1=1 --")}/cluj`)).statusCode).toBe(400);
    const injection = await get(`locality/RO/CJ/${encodeURIComponent("x' OR '1'='1")}`);
    expect(injection.statusCode).toBe(200);
    expect(injection.json().list).toEqual([]);
    expect((await get('locality/RO/CJ/%25%25')).statusCode).toBe(200);
    expect((await get('locality/DE/CJ/cluj')).statusCode).toBe(400);
    expect((await get('locality/RO/CJ/cluj?page=-1')).statusCode).toBe(400);
    expect((await get('locality/RO/CJ/cluj?page=abc')).statusCode).toBe(400);
  });
});

describe('GET /api/search/street', () => {
  it('finds streets of a city by any word', async () => {
    const res = await get('street/RO/Cluj-Napoca/CJ/memorand');
    expect(res.json()).toEqual({ success: true, list: [{ name: 'Strada Memorandumului' }], limit: 50, page: 1, total: 1 });
    const victoriei = (await get(`street/RO/${encodeURIComponent('Sectorul 1')}/B/victoriei`)).json().list.map((s: { name: string }) => s.name);
    expect(victoriei).toContain('Calea Victoriei');
    const revolutiei = (await get('street/RO/timisoara/TM/revolutiei')).json().list.map((s: { name: string }) => s.name);
    expect(revolutiei).toContain('Bulevardul Revoluției 1989');
  });

  it('an unknown city or a village answers an empty list', async () => {
    expect((await get('street/RO/Nicaieri/CJ/a')).json()).toMatchObject({ list: [], total: 0 });
    expect((await get('street/RO/Lazaresti/AG/a')).json()).toMatchObject({ list: [], total: 0 });
  });
});

describe('GET /api/search/postal-code-reverse', () => {
  it('a street-level code gives the city and its streets', async () => {
    expect((await get('postal-code-reverse/RO/400114')).json()).toEqual({
      success: true,
      locality: { localityName: 'Cluj-Napoca', postalCode: '0', locationType: 'big_city', countyCode: 'CJ' },
      countyCode: 'CJ',
      street: [{ name: 'Strada Memorandumului' }],
    });
  });
  it('a village code gives the village with its commune', async () => {
    const body = (await get('postal-code-reverse/RO/117653')).json();
    expect(body.locality).toMatchObject({ localityName: 'Lăzărești', upLocality: 'Schitu Golești', postalCode: '117653' });
    expect(body.countyCode).toBe('AG');
    expect(body.street).toEqual([]);
  });
  it('a Bucharest code gives county B and the sector', async () => {
    const body = (await get('postal-code-reverse/RO/010093')).json();
    expect(body).toMatchObject({ countyCode: 'B', locality: { localityName: 'Sectorul 1' } });
    expect(body.street.map((s: { name: string }) => s.name)).toContain('Calea Victoriei');
  });
  it('an unknown code answers 404 with a Romanian message; a malformed one 400', async () => {
    const res = await get('postal-code-reverse/RO/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Cod postal invalid!', code: 'notFound' });
    expect((await get('postal-code-reverse/RO/12ab')).statusCode).toBe(400);
  });
});

describe('GET /api/search/postal-code', () => {
  it('answers the codes of a street, with the numbers each covers', async () => {
    const res = await get(`postal-code/RO/${encodeURIComponent('Sectorul 1')}/B/${encodeURIComponent('Calea Victoriei')}?validateStreet=2`);
    const codes = res.json().codes as { code: string; street: string; numbers: string }[];
    expect(codes).toEqual(expect.arrayContaining([{ code: '010093', street: 'Calea Victoriei', numbers: 'nr. 118-124' }]));
  });
  it('a locality without streets answers its own code', async () => {
    const res = await get('postal-code/RO/Lazaresti/AG/-');
    expect(res.json().codes[0].code).toMatch(/^1175|^1176/);
  });
  it('an unknown street answers 404 when asked to validate it, otherwise an empty list', async () => {
    const validated = await get('postal-code/RO/Cluj-Napoca/CJ/Strada%20Inexistenta?validateStreet=2');
    expect(validated.statusCode).toBe(404);
    expect(validated.json().message).toBe('Strada nu exista in localitatea aleasa!');
    expect((await get('postal-code/RO/Cluj-Napoca/CJ/Strada%20Inexistenta')).json().codes).toEqual([]);
    expect((await get('postal-code/RO/Nicaieri/CJ/x')).statusCode).toBe(404);
  });
});

describe('POST /api/search/validate-phone', () => {
  const check = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/search/validate-phone', payload });
  it('validates with the libphonenumber rules, +40 by default', async () => {
    expect((await check({ phone: '0722123456' })).json()).toEqual({ success: true, valid: true, phone: '+40722123456' });
    expect((await check({ phone: '+40722123456', countryCode: 'RO' })).json().valid).toBe(true);
    expect((await check({ phone: '07221' })).json().valid).toBe(false);
    expect((await check({ phone: '+40 722 123 456' })).json().valid).toBe(false);
    expect((await check({ phone: '1234567890123456' })).json().valid).toBe(false);
  });
  it('refuses a malformed body', async () => {
    expect((await check({ phone: 'x'.repeat(60) })).statusCode).toBe(400);
    expect((await check({ phone: '0722123456', countryCode: 'romania' })).statusCode).toBe(400);
  });
});
