import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingEntities, eInvoiceConnections, eInvoiceReceived, efacturaSimTokens, users } from '../src/db/schema.js';
import { einvoiceCompaniesService } from '../src/modules/einvoice/einvoice-companies.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { connectCompany } from './support/efactura.js';

/*
 * Issue 25, 'Management firme': the client's companies connected to e-Factura, one renewed now
 * ('Actualizeaza conexiune': new tokens, a year more), one deleted (its received invoices kept);
 * another client's company answers 404.
 */

const BUYER = '14399840';
let ctx: TestContext;
let alice: TestUser;
let entityId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  alice = await createUser(ctx);
  entityId = await connectCompany(ctx, alice, BUYER);
}, 120_000);
afterAll(async () => ctx?.close());

const connection = async () => (await ctx.database.db.select().from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, entityId)))[0];

describe('the connected companies', () => {
  it('are listed with their state, refresh expiry and last sync; another client sees none of them', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: '/api/user/invoicing-system/companies' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().list).toEqual([{ fiscalSubaccountNumber: entityId, name: expect.any(String), identificationCode: BUYER, tradeRegister: null, state: 'ACTIVE', refreshExpiresAt: expect.any(String), lastSync: null, lastSyncError: null }]);
    const bob = await createUser(ctx);
    expect((await as(ctx, bob, { method: 'GET', url: '/api/user/invoicing-system/companies' })).json().list).toEqual([]);
    expect((await as(ctx, bob, { method: 'POST', url: `/api/user/invoicing-system/company/${entityId}/refresh` })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'DELETE', url: `/api/user/invoicing-system/company/${entityId}` })).statusCode).toBe(404);
    expect(await connection()).toBeDefined();
  });

  it("'Actualizeaza conexiune' stores new tokens with a later refresh expiry; a revoked consent answers 409 and keeps them", async () => {
    const before = (await connection())!;
    await new Promise((r) => setTimeout(r, 20));
    const res = await as(ctx, alice, { method: 'POST', url: `/api/user/invoicing-system/company/${entityId}/refresh` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Conexiunea a fost actualizata.');
    const after = (await connection())!;
    expect(after.refreshTokenEnc).not.toBe(before.refreshTokenEnc);
    expect(after.refreshExpiresAt.getTime()).toBeGreaterThan(before.refreshExpiresAt.getTime());
    // The consent revoked at the tax authority: the refresh is refused, the stored tokens stay.
    await ctx.database.db.update(efacturaSimTokens).set({ revokedAt: new Date() });
    const refused = await as(ctx, alice, { method: 'POST', url: `/api/user/invoicing-system/company/${entityId}/refresh` });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'refreshFailed']);
    expect(refused.json().message).toBe('Conexiunea nu a putut fi actualizata: autorizarea ANAF nu mai este valabila. Conectati firma din nou.');
    expect((await connection())!.refreshTokenEnc).toBe(after.refreshTokenEnc);
  });

  it('a refused refresh is logged with the company and the reason, and answers 409 without a logger too', async () => {
    const [client] = await ctx.database.db.select().from(users).where(eq(users.id, alice.id));
    const einvoice = { refreshNow: async () => Promise.reject(new Error('consent revoked')) };
    const warn = vi.fn();
    await expect(einvoiceCompaniesService({ database: ctx.database, einvoice, log: { warn } }).refresh(client!, entityId)).rejects.toMatchObject({ statusCode: 409, code: 'refreshFailed' });
    expect(warn).toHaveBeenCalledWith({ billingEntityId: entityId, err: 'consent revoked' }, 'e-invoicing connection not refreshed');
    await expect(einvoiceCompaniesService({ database: ctx.database, einvoice }).refresh(client!, entityId)).rejects.toMatchObject({ statusCode: 409, code: 'refreshFailed' });
  });

  it('shows the trade register of a company that has one', async () => {
    await ctx.database.db.update(billingEntities).set({ tradeRegister: 'J12/1234/2010' }).where(eq(billingEntities.id, entityId));
    const list = (await as(ctx, alice, { method: 'GET', url: '/api/user/invoicing-system/companies' })).json().list;
    expect(list.map((c: { fiscalSubaccountNumber: number; tradeRegister: string | null }) => [c.fiscalSubaccountNumber, c.tradeRegister])).toEqual([[entityId, 'J12/1234/2010']]);
  });

  it('is deleted: the authorisation goes, the received invoices stay; a second delete answers 404', async () => {
    await ctx.database.db.insert(eInvoiceReceived).values({ billingEntityId: entityId, messageId: '1', uploadIndex: '1', messageAt: new Date(), zip: Buffer.from('PK'), kind: 'invoice', number: 'K-1', issueDate: '2026-11-02', currency: 'RON', sellerName: 'Furnizor', sellerIdentification: '4221306', taxBani: 21, totalBani: 121, document: {} });
    const res = await as(ctx, alice, { method: 'DELETE', url: `/api/user/invoicing-system/company/${entityId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Firma a fost stearsa cu succes!');
    expect(await connection()).toBeUndefined();
    expect(await ctx.database.db.select().from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, entityId))).toHaveLength(1);
    expect((await as(ctx, alice, { method: 'DELETE', url: `/api/user/invoicing-system/company/${entityId}` })).statusCode).toBe(404);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/invoicing-system/companies' })).json().list).toEqual([]);
    expect((await as(ctx, alice, { method: 'DELETE', url: '/api/user/invoicing-system/company/abc' })).statusCode).toBe(400);
  });
});
