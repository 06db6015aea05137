import { messages } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, twoUsers, type TestContext, type TestUser } from './helper.js';

const p = messages.packaging;
const s = messages.shipments;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const pkg = (extra: object = {}) => ({ name: '', weight: 2.5, xLength: 40, yLength: 30, zLength: 20, ...extra });
const addTemplate = (user: TestUser, name: string, template: object = { content: 'Haine', packages: [pkg()] }) =>
  as(ctx, user, { method: 'POST', url: '/api/user/packaging/templates/add', payload: { name, template } });
const listTemplates = (user: TestUser, paginationOptions: object = {}) =>
  as(ctx, user, { method: 'POST', url: '/api/user/packaging/templates', payload: { paginationOptions, count: true } });
const addPackage = (user: TestUser, body: object) => as(ctx, user, { method: 'POST', url: '/api/user/packaging/packages/add', payload: body });
const listPackages = (user: TestUser, paginationOptions: object = {}) =>
  as(ctx, user, { method: 'POST', url: '/api/user/packaging/packages/list', payload: { paginationOptions } });

describe('packaging templates (Marfa ambalata)', () => {
  it('adds with the shipments’ package rules, lists favourites first, toggles favourite, searches and deletes', async () => {
    const { alice } = await twoUsers(ctx);
    const first = await addTemplate(alice, 'Cutie haine');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: p.templateSaved,
      template: { name: 'Cutie haine', favourite: false, template: { content: 'Haine', envelope: false, isDocuments: false, packages: [{ weight: 2.5, xLength: 40, volume: 24000 }] } },
    });
    const firstId = first.json().template.id as number;
    await addTemplate(alice, 'Plic acte', { envelope: true, isDocuments: true, packages: [pkg({ weight: 0.2, xLength: 25, yLength: 20, zLength: 3 })] });

    let list = await listTemplates(alice);
    expect(list.json().list.map((x: { name: string }) => x.name)).toEqual(['Plic acte', 'Cutie haine']);
    const fav = await as(ctx, alice, { method: 'PUT', url: `/api/user/packaging/templates/${firstId}` });
    expect(fav.json()).toEqual({ success: true, favourite: true });
    list = await listTemplates(alice);
    expect(list.json()).toMatchObject({ count: 2, list: [{ name: 'Cutie haine', favourite: true }, { name: 'Plic acte', favourite: false }] });
    expect((await as(ctx, alice, { method: 'PUT', url: `/api/user/packaging/templates/${firstId}` })).json().favourite).toBe(false);

    const found = await listTemplates(alice, { search: 'PLIC' });
    expect(found.json()).toMatchObject({ count: 1, list: [{ name: 'Plic acte' }] });
    const page = await listTemplates(alice, { page: 2, limit: 1 });
    expect(page.json()).toMatchObject({ count: 2, list: [{ name: 'Cutie haine' }] });

    const del = await as(ctx, alice, { method: 'DELETE', url: `/api/user/packaging/templates/${firstId}` });
    expect(del.json()).toEqual({ success: true, message: p.templateDeleted });
    expect((await listTemplates(alice)).json().count).toBe(1);
  });

  it('refuses invalid packages with the shipments’ messages and an envelope over its limits', async () => {
    const { alice } = await twoUsers(ctx);
    const res = await addTemplate(alice, '', { packages: [pkg({ weight: 0.05, zLength: 2 })] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: p.nameRequired, 'template.packages.0.weight': s.weightMin, 'template.packages.0.zLength': s.heightMin });
    const envelope = await addTemplate(alice, 'Plic', { envelope: true, packages: [pkg(), pkg()] });
    expect(envelope.json().errors).toMatchObject({ 'template.packages': s.envelopeSingle, 'template.packages.0.weight': s.envelopeWeight });
    const none = await addTemplate(alice, 'Gol', { packages: [] });
    expect(none.json().errors).toEqual({ 'template.packages': s.packagesRequired });
  });

  it('another user’s packaging template answers 404 to toggle and delete, and is not listed', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const id = (await addTemplate(alice, 'Al Alicei')).json().template.id as number;
    expect((await as(ctx, bob, { method: 'PUT', url: `/api/user/packaging/templates/${id}` })).statusCode).toBe(404);
    const del = await as(ctx, bob, { method: 'DELETE', url: `/api/user/packaging/templates/${id}` });
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe(p.templateNotFound);
    expect((await listTemplates(bob)).json()).toEqual({ success: true, list: [], count: 0 });
    expect((await listTemplates(alice)).json().list[0].favourite).toBe(false);
  });
});

describe('saved packages (Tipuri ambalaje)', () => {
  it('adds, lists newest first, searches, deletes; validates sizes; another user’s package is 404', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const added = await addPackage(alice, { name: 'Cutie mica', weight: 0.5, xLength: 20, yLength: 15, zLength: 10 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ message: p.packageSaved, package: { name: 'Cutie mica', weight: 0.5, xLength: 20, yLength: 15, zLength: 10 } });
    await addPackage(alice, { name: 'Cutie mare', weight: 5, xLength: 60, yLength: 40, zLength: 40 });
    expect((await listPackages(alice)).json().list.map((x: { name: string }) => x.name)).toEqual(['Cutie mare', 'Cutie mica']);
    expect((await listPackages(alice, { search: 'mica' })).json()).toMatchObject({ count: 1, list: [{ name: 'Cutie mica' }] });

    const bad = await addPackage(alice, { name: 'X', weight: 0, xLength: 0, yLength: 1, zLength: 700 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ weight: s.weightMin, xLength: s.lengthMin, zLength: s.sideMax });

    const id = added.json().package.id as number;
    expect((await as(ctx, bob, { method: 'DELETE', url: `/api/user/packaging/packages/${id}` })).statusCode).toBe(404);
    expect((await listPackages(bob)).json().count).toBe(0);
    const del = await as(ctx, alice, { method: 'DELETE', url: `/api/user/packaging/packages/${id}` });
    expect(del.json()).toEqual({ success: true, message: p.packageDeleted });
    expect((await as(ctx, alice, { method: 'DELETE', url: `/api/user/packaging/packages/${id}` })).statusCode).toBe(404);
    expect((await listPackages(alice)).json().count).toBe(1);
  });

  it('edits a packaging template and a saved package from their pages; invalid values refused in Romanian; another user’s is 404', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const template = (await addTemplate(alice, 'Cutie veche')).json().template;
    const editTemplate = (user: TestUser, id: number, body: object) => as(ctx, user, { method: 'PUT', url: `/api/user/packaging/templates/${id}/edit`, payload: body });
    const edited = await editTemplate(alice, template.id, { name: 'Cutie noua', template: { content: 'Carti', envelope: false, packages: [pkg({ weight: 4 }), pkg({ weight: 1 })] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: p.templateSaved, template: { id: template.id, name: 'Cutie noua', template: { content: 'Carti', packages: [{ weight: 4 }, { weight: 1 }] } } });
    expect((await listTemplates(alice, { search: 'noua' })).json()).toMatchObject({ count: 1, list: [{ name: 'Cutie noua' }] });
    const badTemplate = await editTemplate(alice, template.id, { name: '', template: { packages: [pkg({ zLength: 1 })] } });
    expect(badTemplate.statusCode).toBe(400);
    expect(badTemplate.json().errors).toMatchObject({ name: p.nameRequired, 'template.packages.0.zLength': s.heightMin });
    expect((await editTemplate(bob, template.id, { name: 'Furat', template: { packages: [pkg()] } })).statusCode).toBe(404);
    expect((await listTemplates(alice)).json().list[0].name).toBe('Cutie noua');

    const saved = (await addPackage(alice, { name: 'Cutie mica', weight: 1, xLength: 20, yLength: 15, zLength: 10 })).json().package;
    const editPackage = (user: TestUser, id: number, body: object) => as(ctx, user, { method: 'PUT', url: `/api/user/packaging/packages/${id}/edit`, payload: body });
    const changed = await editPackage(alice, saved.id, { name: 'Cutie medie', weight: 2, xLength: 30, yLength: 20, zLength: 15 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ message: p.packageSaved, package: { id: saved.id, name: 'Cutie medie', weight: 2, xLength: 30, yLength: 20, zLength: 15 } });
    const badPackage = await editPackage(alice, saved.id, { name: 'Cutie', weight: 0, xLength: 30, yLength: 20, zLength: 15 });
    expect(badPackage.statusCode).toBe(400);
    expect(badPackage.json().errors).toMatchObject({ weight: s.weightMin });
    expect((await editPackage(bob, saved.id, { name: 'Furat', weight: 2, xLength: 30, yLength: 20, zLength: 15 })).statusCode).toBe(404);
    expect((await listPackages(alice, { search: 'medie' })).json()).toMatchObject({ count: 1, list: [{ name: 'Cutie medie', weight: 2 }] });
  });

  it('signed out is 401', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/packaging/packages/list', payload: {} })).statusCode).toBe(401);
  });
});
