import { USER_TYPE, messages } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed.js';
import { seedDemoTemplates } from '../src/db/seed-templates.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, sessionCookie, twoUsers, type TestContext, type TestUser } from './helper.js';
import { templateAddress } from './support/parties.js';

const t = messages.templates;
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  admin = await createUser(ctx, { userType: USER_TYPE.admin, name: 'Admin' });
});
afterAll(async () => ctx?.close());

const saveBody = (extra: { name?: string; id?: number; uniqueId?: string; options?: object; address?: object; logo?: null } = {}) => ({
  data: { name: extra.name ?? 'Retururi magazin', id: extra.id, uniqueId: extra.uniqueId, options: extra.options ?? {} },
  address: extra.address ?? templateAddress(),
  ...(extra.logo === null ? { logo: null } : {}),
});

const save = (user: TestUser, body: object, query = '') => as(ctx, user, { method: 'POST', url: `/api/order-template${query}`, payload: body });
const list = (user: TestUser, options: object = {}) => as(ctx, user, { method: 'POST', url: '/api/order-template/data/list', payload: { options, count: true } });
const get = (user: TestUser, id: number, query = '') => as(ctx, user, { method: 'GET', url: `/api/order-template/data/${id}${query}` });
const remove = (user: TestUser, id: number) => as(ctx, user, { method: 'DELETE', url: `/api/order-template/${id}` });

type Detail = { id: number; uniqueId: string; name: string; logo: string | null; options: Record<string, unknown> & { return: { enabled: boolean } }; toAddress: Record<string, unknown> };
async function created(user: TestUser, body: object = saveBody(), query = ''): Promise<Detail> {
  const res = await save(user, body, query);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(t.saved);
  return res.json().data;
}

/** A multipart body with the given file parts (all named `file` unless told). */
function multipart(files: Array<{ name?: string; filename: string; type: string; content: Buffer }>) {
  const boundary = '----colete-test-boundary';
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (user: TestUser, uniqueId: string, files: Parameters<typeof multipart>[0]) => {
  const body = multipart(files);
  return as(ctx, user, { method: 'PUT', url: `/api/order-template/upload-photo/${uniqueId}`, payload: body.payload, headers: body.headers });
};
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('order templates: create, read, list, update, delete', () => {
  it('creates with a typed address and the spec defaults; reads it back; lists it with its public path', async () => {
    const alice = await createUser(ctx);
    const d = await created(alice);
    expect(d.uniqueId).toMatch(/^[a-z0-9]{16}$/);
    expect(d.options).toMatchObject({ allowRepayment: true, additional: true, allowPackageExchange: false, approved: false, terms: '', return: { enabled: false, isMandatory: false, fields: [] } });
    expect(d.toAddress).toMatchObject({ addressId: null, shortName: 'Depozit Cluj', city: 'Cluj-Napoca', county: 'Cluj', contactPhone: '+40722123456', type: 1 });
    const got = await get(alice, d.id);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(d);
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, count: 1, list: [{ id: d.id, name: 'Retururi magazin', publicPath: `/order/return/${d.uniqueId}`, logo: null }] });
    expect(res.json().list[0].address).toContain('Cluj-Napoca');
  });

  it('takes an address-book entry by id; another user’s entry is refused like a missing one', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const book = await as(ctx, alice, { method: 'POST', url: '/api/address', payload: templateAddress({ shortName: 'Sediu' }) });
    const addressId = book.json().address.id as number;
    const d = await created(alice, saveBody({ address: { addressId } }));
    expect(d.toAddress).toMatchObject({ addressId, shortName: 'Sediu' });
    const foreign = await save(bob, saveBody({ address: { addressId } }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ 'address.addressId': messages.address.notFound });
  });

  it('validates: name, address fields against the nomenclature, builder rules, and the empty mandatory form', async () => {
    const alice = await createUser(ctx);
    const noName = await save(alice, saveBody({ name: ' ' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual({ 'data.name': t.nameRequired });
    const badCity = await save(alice, saveBody({ address: templateAddress({ city: 'Nicaieri' }) }));
    expect(badCity.statusCode).toBe(400);
    expect(badCity.json().errors).toEqual({ 'address.city': messages.address.cityInvalid });
    const emptyForm = await save(alice, saveBody({ options: { return: { enabled: true, isMandatory: true, fields: [] } } }));
    expect(emptyForm.statusCode).toBe(400);
    expect(emptyForm.json().errors).toEqual({ 'data.options.return.fields': t.formEmpty });
    const badField = await save(alice, saveBody({ options: { return: { enabled: true, fields: [{ id: 'f1', type: 'fields-table', config: { columnsArray: [] } }] } } }));
    expect(badField.json().errors).toEqual({ 'data.options.return.fields.0.config.columnsArray': t.columnsMin });
    const tooLong = await save(alice, saveBody({ options: { return: { enabled: true, fields: [{ id: 'f1', type: 'text-input', config: { label: 'L', maxLength: 301 } }] } } }));
    expect(tooLong.json().errors).toEqual({ 'data.options.return.fields.0.config.maxLength': t.maxLengthLimit });
  });

  it('updates by id keeping the name (locked in edit mode); the list card updates the options by uniqueId', async () => {
    const alice = await createUser(ctx);
    const d = await created(alice);
    const fields = [{ id: 'a1', type: 'email-input', config: { label: 'Email', isMandatory: true } }];
    const updated = await created(alice, saveBody({ id: d.id, name: 'Alt nume', options: { allowRepayment: false, return: { enabled: true, isMandatory: true, fields } } }));
    expect(updated).toMatchObject({ id: d.id, uniqueId: d.uniqueId, name: 'Retururi magazin', options: { allowRepayment: false, return: { enabled: true } } });
    const card = await save(alice, { data: { uniqueId: d.uniqueId, options: { ...updated.options, allowSaturdayDelivery: false } } });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ message: t.settingsUpdated, data: { options: { allowSaturdayDelivery: false, allowRepayment: false } } });
    expect((await get(alice, d.id)).json().data.options.allowSaturdayDelivery).toBe(false);
  });

  it('searches by name in SQL and pages by the request', async () => {
    const alice = await createUser(ctx);
    for (const name of ['Șablon unu', 'Sablon doi', 'Altceva']) await created(alice, saveBody({ name }));
    const found = await list(alice, { search: 'sablon' });
    expect(found.json().count).toBe(2);
    expect(found.json().list.map((x: { name: string }) => x.name).sort()).toEqual(['Sablon doi', 'Șablon unu']);
    const page2 = await list(alice, { page: 2, limit: 2 });
    expect(page2.json()).toMatchObject({ count: 3, list: [{ name: 'Șablon unu' }] });
  });

  it('another user’s template answers 404 on read, edit, card update, upload and delete; a deleted one is gone', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const d = await created(alice);
    expect((await get(bob, d.id)).statusCode).toBe(404);
    expect((await get(bob, d.id)).json().message).toBe(t.notFound);
    expect((await save(bob, saveBody({ id: d.id }))).statusCode).toBe(404);
    expect((await save(bob, { data: { uniqueId: d.uniqueId, options: {} } })).statusCode).toBe(404);
    expect((await upload(bob, d.uniqueId, [{ filename: 'a.png', type: 'image/png', content: PNG }])).statusCode).toBe(404);
    expect((await remove(bob, d.id)).statusCode).toBe(404);
    expect((await list(bob)).json().count).toBe(0);
    const del = await remove(alice, d.id);
    expect(del.json()).toEqual({ success: true, message: t.deleted });
    expect((await get(alice, d.id)).statusCode).toBe(404);
    expect((await remove(alice, d.id)).statusCode).toBe(404);
    expect((await list(alice)).json().count).toBe(0);
  });

  it('signed out is 401', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/order-template/data/list', payload: {} })).statusCode).toBe(401);
  });
});

describe('admin-only options', () => {
  it('a client cannot set approved, terms, shop list, special or uniqueId, even through the API; an admin acting for them can', async () => {
    const alice = await createUser(ctx);
    const adminOnly = { approved: true, terms: '<p>T</p>', showInShopList: true, isSpecialTemplate: true };
    const d = await created(alice, saveBody({ uniqueId: 'ales-de-client', options: adminOnly }));
    expect(d.uniqueId).not.toBe('ales-de-client');
    expect(d.options).toMatchObject({ approved: false, terms: '', showInShopList: false, isSpecialTemplate: false });
    const viaCard = await save(alice, { data: { uniqueId: d.uniqueId, options: { ...d.options, ...adminOnly } } });
    expect(viaCard.json().data.options).toMatchObject({ approved: false, terms: '' });

    const byAdmin = await created(admin, saveBody({ id: d.id, uniqueId: 'magazin-special', options: adminOnly }), `?selectedClient=${alice.id}`);
    expect(byAdmin).toMatchObject({ uniqueId: 'magazin-special', options: { approved: true, terms: '<p>T</p>', showInShopList: true, isSpecialTemplate: true } });
    // The client's card sends the whole options back: the admin's values stay.
    const kept = await save(alice, { data: { uniqueId: 'magazin-special', options: { ...byAdmin.options, approved: false, terms: '', showInShopList: false } } });
    expect(kept.json().data.options).toMatchObject({ approved: true, terms: '<p>T</p>', showInShopList: true, isSpecialTemplate: true });
    // A taken uniqueId is refused on its field.
    const other = await created(alice);
    const taken = await save(admin, saveBody({ id: other.id, uniqueId: 'magazin-special' }), `?selectedClient=${alice.id}`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ 'data.uniqueId': t.uniqueIdTaken });
  });

  it('HTML terms are sanitised: a script never comes back, in the editor or on the public page', async () => {
    const alice = await createUser(ctx);
    const terms = '<p onclick="x()">Termeni <a href="javascript:alert(1)">aici</a> <a href="https://ex.ro">ok</a></p><script>alert(1)</script><img src=x onerror=alert(1)>';
    const d = await created(admin, saveBody({ options: { terms } }), `?selectedClient=${alice.id}`);
    expect(d.options.terms).toBe('<p>Termeni <a target="_blank" rel="noopener noreferrer nofollow">aici</a> <a href="https://ex.ro" target="_blank" rel="noopener noreferrer nofollow">ok</a></p>');
    const pub = await ctx.app.inject({ method: 'GET', url: `/api/order/return/${d.uniqueId}` });
    expect(pub.json().template.terms).not.toMatch(/script|onerror|onclick|javascript/);
  });
});

describe('logo upload', () => {
  it('accepts a real PNG and serves it with its type, nosniff and a strict policy; a new logo changes the URL', async () => {
    const alice = await createUser(ctx);
    const d = await created(alice);
    const res = await upload(alice, d.uniqueId, [{ filename: 'logo.png', type: 'image/png', content: PNG }]);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().logo as string;
    expect(url).toBe(`/api/order/return/${d.uniqueId}/logo?v=1`);
    const img = await ctx.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-security-policy']).toContain("default-src 'none'");
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await get(alice, d.id)).json().data.logo).toBe(url);
    const again = await upload(alice, d.uniqueId, [{ filename: 'x.bin', type: 'application/octet-stream', content: PNG }]);
    expect(again.json().logo).toBe(`/api/order/return/${d.uniqueId}/logo?v=2`);
    // logo: null on save removes it.
    const removed = await created(alice, saveBody({ id: d.id, logo: null }));
    expect(removed.logo).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses 60 KB, a text file renamed .png, two files, and an SVG with a script; accepts a clean SVG', async () => {
    const alice = await createUser(ctx);
    const d = await created(alice);
    const big = Buffer.concat([PNG, Buffer.alloc(60 * 1024)]);
    const tooBig = await upload(alice, d.uniqueId, [{ filename: 'big.png', type: 'image/png', content: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(t.uploadTooLarge);
    const text = await upload(alice, d.uniqueId, [{ filename: 'notes.png', type: 'image/png', content: Buffer.from('nu sunt o imagine') }]);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(t.uploadNotImage);
    const two = await upload(alice, d.uniqueId, [
      { filename: 'a.png', type: 'image/png', content: PNG },
      { filename: 'b.png', type: 'image/png', content: PNG },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(t.uploadOneFile);
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.ro/a.svg#x"/></svg>',
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"></svg>',
      '<?xml-stylesheet href="https://evil.ro/a.css"?><svg xmlns="http://www.w3.org/2000/svg"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:f="http://www.w3.org/1999/xlink"><use f:href="https://evil.ro/a.svg#x"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.ro/p)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "https://evil.ro/a.css";</style></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="&#106;avascript:alert(1)"><rect/></a></svg>',
    ]) {
      const res = await upload(alice, d.uniqueId, [{ filename: 'logo.svg', type: 'image/svg+xml', content: Buffer.from(svg) }]);
      expect(res.statusCode, svg).toBe(400);
      expect(res.json().message).toBe(t.uploadNotImage);
    }
    expect((await get(alice, d.id)).json().data.logo).toBeNull();
    const clean = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>';
    const ok = await upload(alice, d.uniqueId, [{ filename: 'logo.svg', type: 'image/svg+xml', content: Buffer.from(clean) }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const img = await ctx.app.inject({ method: 'GET', url: ok.json().logo });
    expect(img.headers['content-type']).toBe('image/svg+xml');
    expect(img.headers['content-security-policy']).toContain('sandbox');
  });
});

describe('demo templates', () => {
  it('gives client@demo.ro two order templates (one with a return form), packaging templates (one favourite), saved packages and a return, once', async () => {
    await seedDemo(ctx.database);
    expect(await seedDemoTemplates(ctx.database, ctx.app.services)).toBe(true);
    expect(await seedDemoTemplates(ctx.database, ctx.app.services)).toBe(false);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'client@demo.ro', password: 'Client123!' } });
    const demo = { id: 0, email: 'client@demo.ro', password: '', name: '', cookie: sessionCookie(login) };
    const templates = (await list(demo)).json();
    expect(templates.count).toBe(2);
    const shop = templates.list.find((x: { uniqueId: string }) => x.uniqueId === 'demo-retur');
    expect(shop.options).toMatchObject({ approved: true, return: { enabled: true, isMandatory: true } });
    expect(new Set(shop.options.return.fields.map((f: { type: string }) => f.type))).toEqual(
      new Set(['title', 'paragraph', 'text-input', 'email-input', 'date-picker', 'checkbox', 'radio-buttons', 'fields-table']),
    );
    const packaging = (await as(ctx, demo, { method: 'POST', url: '/api/user/packaging/templates', payload: {} })).json();
    expect(packaging.count).toBe(3);
    expect(packaging.list[0]).toMatchObject({ name: 'Colet haine', favourite: true });
    expect((await as(ctx, demo, { method: 'POST', url: '/api/user/packaging/packages/list', payload: {} })).json().count).toBe(3);
    const returns = (await as(ctx, demo, { method: 'GET', url: '/api/shipments?status=draft' })).json().list.filter((x: { kind: string }) => x.kind === 'return');
    expect(returns).toHaveLength(1);
    const detail = (await as(ctx, demo, { method: 'GET', url: `/api/shipments/${returns[0].uniqueId}` })).json().shipment;
    expect(detail.returnAnswers).toContainEqual({ label: 'Numarul comenzii', value: '10045' });
  });
});
