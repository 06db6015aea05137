import { EINVOICE_RETURN_TARGETS, USER_TYPE, messages, type TBillingData } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { billingEntities, eInvoiceAuthorizations, eInvoiceConnections, efacturaSimCodes, efacturaSimTokens } from '../src/db/schema.js';
import { DEMO_COMPANIES } from '../src/integrations/company-check/simulator.js';
import { EInvoiceAuthError } from '../src/integrations/e-invoicing/einvoice-auth.js';
import { SIM_CLIENT_ID, simClientSecret } from '../src/integrations/e-invoicing/simulator-store.js';
import { eInvoiceAuthFor } from '../src/integrations/e-invoicing/index.js';
import { tokenCipher, tokenContext } from '../src/modules/einvoice/einvoice-crypto.js';
import { einvoiceService } from '../src/modules/einvoice/einvoice-service.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { sha256 } from '../src/lib/tokens.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';

const m = messages.einvoice;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
});
afterAll(async () => ctx?.close());

const CALLBACK = '/api/user/invoicing-system/connect/callback';
const LIST_CONNECTED = '/profile/billing/data/list?einvoice=connected';
const LIST_FAILED = '/profile/billing/data/list?einvoice=error&reason=failed';
const LIST_REFUSED = '/profile/billing/data/list?einvoice=error&reason=refused';
const clujAddress = { countyCode: 'CJ', city: 'cluj-napoca', postalCode: '400114', street: 'Memorandumului', number: '28' };

/** An entry through the billing API: companies are checked with the company-check simulator's register. */
/** A company under the register's name for its CUI (the register refuses another name), or an individual. */
async function entry(user: TestUser, code: string, isCompany = true) {
  const res = await as(ctx, user, {
    method: 'POST',
    url: '/api/user/billing/data',
    payload: { entityData: { name: isCompany ? (DEMO_COMPANIES[code]?.name ?? 'Transport Rapid SA') : 'Ana Popescu', isCompany, identificationCode: code }, address: clujAddress },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { fiscalSubaccountNumber: number; isActive: boolean; verifyStatus: string };
}

const prepare = (user: TestUser, body: object, query = '') =>
  as(ctx, user, { method: 'POST', url: `/api/user/invoicing-system/connect/prepare${query}`, payload: body });
const list = async (user: TestUser) => (await as(ctx, user, { method: 'GET', url: '/api/user/billing/data' })).json().list as {
  fiscalSubaccountNumber: number;
  eInvoice: { state: string; refreshExpiresAt: string | null } | null;
}[];
const eInvoiceOf = async (user: TestUser, id: number) => (await list(user)).find((e) => e.fiscalSubaccountNumber === id)?.eInvoice;

/** prepare, then the simulator's consent page: the url it answered and the authorize request's parameters. */
async function startConsent(user: TestUser, id: number, code = '4221306', query = '') {
  const res = await prepare(user, { fiscalSubaccountNumber: id, identificationCode: code }, query);
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url;
  const params = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
  return { url, params };
}

/** The user's choice on the consent page; answers where the simulator sends the browser back. */
async function consent(params: Record<string, string>, decision: 'allow' | 'deny', certificate = 'sim-cert-4221306') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/sim/efactura/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...params, decision, certificate }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location as string);
}

const callback = (user: TestUser | null, back: URL) => as(ctx, user, { method: 'GET', url: `${CALLBACK}${back.search}` });

async function connect(user: TestUser, id: number, query = '') {
  const { params } = await startConsent(user, id, '4221306', query);
  const back = await consent(params, 'allow');
  const res = await callback(user, back);
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe(LIST_CONNECTED);
  return back;
}

const connectionRow = async (id: number) =>
  (await ctx.database.db.select().from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, id)))[0];

const tokenCall = (form: Record<string, string>, secret = simClientSecret(ctx.config.tokenEncryptionKey)) =>
  ctx.app.inject({
    method: 'POST',
    url: '/sim/efactura/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${SIM_CLIENT_ID}:${secret}`).toString('base64')}` },
    payload: new URLSearchParams(form).toString(),
  });

describe('prepare: which entries can be connected', () => {
  it('answers the simulator’s consent page for a verified Romanian company, with a state kept only as its hash', async () => {
    const alice = await createUser(ctx);
    const company = await entry(alice, '4221306');
    expect(company.verifyStatus).toBe('verified');
    const { url, params } = await startConsent(alice, company.fiscalSubaccountNumber, 'RO 4221306');
    expect(url.startsWith('/sim/efactura/authorize?')).toBe(true);
    expect(params).toMatchObject({ response_type: 'code', client_id: SIM_CLIENT_ID, token_content_type: 'jwt', redirect_uri: `http://localhost${CALLBACK}` });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    const [stored] = await ctx.database.db.select().from(eInvoiceAuthorizations).where(eq(eInvoiceAuthorizations.stateHash, sha256(params.state!)));
    expect(stored).toMatchObject({ userId: alice.id, billingEntityId: company.fiscalSubaccountNumber });
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    // Nothing is connected until the consent comes back.
    expect(await eInvoiceOf(alice, company.fiscalSubaccountNumber)).toBeNull();
  });

  it('refuses individuals, companies not verified, and a code that is not the entry’s', async () => {
    const alice = await createUser(ctx);
    const person = await entry(alice, '1800101123450', false);
    const unknown = await entry(alice, '68596620');
    expect(unknown.verifyStatus).toBe('invalid');
    const company = await entry(alice, '4221306');

    for (const [id, code] of [
      [person.fiscalSubaccountNumber, '1800101123450'],
      [unknown.fiscalSubaccountNumber, '68596620'],
    ] as const) {
      const res = await prepare(alice, { fiscalSubaccountNumber: id, identificationCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: m.onlyVerifiedCompany });
    }
    // Waiting for the register is not verified either.
    await ctx.database.db.update(billingEntities).set({ verifyStatus: 'pendingVerification' }).where(eq(billingEntities.id, company.fiscalSubaccountNumber));
    const pending = await prepare(alice, { fiscalSubaccountNumber: company.fiscalSubaccountNumber, identificationCode: '4221306' });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().message).toBe(m.onlyVerifiedCompany);
    await ctx.database.db.update(billingEntities).set({ verifyStatus: 'verified' }).where(eq(billingEntities.id, company.fiscalSubaccountNumber));

    const mismatch = await prepare(alice, { fiscalSubaccountNumber: company.fiscalSubaccountNumber, identificationCode: '14399840' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ success: false, message: m.codeMismatch, errors: { identificationCode: m.codeMismatch } });

    const missing = await prepare(alice, { fiscalSubaccountNumber: company.fiscalSubaccountNumber });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('identificationCode');
    expect((await prepare(alice, { fiscalSubaccountNumber: 'x', identificationCode: '4221306' })).statusCode).toBe(400);
    // Not one of them left a consent in progress.
    expect(await ctx.database.db.select().from(eInvoiceAuthorizations).where(eq(eInvoiceAuthorizations.userId, alice.id))).toEqual([]);
  });

  it('answers 404 for another user’s entry or a missing one, and 401 without a session', async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    const company = await entry(alice, '4221306');
    const foreign = await prepare(bob, { fiscalSubaccountNumber: company.fiscalSubaccountNumber, identificationCode: '4221306' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, message: messages.billing.notFound });
    expect((await prepare(bob, { fiscalSubaccountNumber: 2_000_000_000, identificationCode: '4221306' })).statusCode).toBe(404);
    expect((await prepare(null as unknown as TestUser, { fiscalSubaccountNumber: company.fiscalSubaccountNumber, identificationCode: '4221306' })).statusCode).toBe(401);
    // A client naming another client is refused outright.
    expect((await prepare(bob, { fiscalSubaccountNumber: company.fiscalSubaccountNumber, identificationCode: '4221306' }, `?selectedClient=${alice.id}`)).statusCode).toBe(403);
  });
});

describe('the consent and the callback', () => {
  it('connects: the list shows ACTIVE with the refresh token’s expiry, and the tokens are encrypted at rest', async () => {
    const alice = await createUser(ctx);
    const company = await entry(alice, '4221306');
    const id = company.fiscalSubaccountNumber;
    await connect(alice, id);

    const eInvoice = await eInvoiceOf(alice, id);
    expect(eInvoice?.state).toBe('ACTIVE');
    const days = (new Date(eInvoice!.refreshExpiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    const row = (await connectionRow(id))!;
    expect(row.userId).toBe(alice.id);
    const cipher = tokenCipher(ctx.config.tokenEncryptionKey);
    const access = cipher.decrypt(row.accessTokenEnc, tokenContext(id, 'access'));
    const refresh = cipher.decrypt(row.refreshTokenEnc, tokenContext(id, 'refresh'));
    // JWTs the simulator issued (and recorded by their hash)...
    expect(access.split('.')).toHaveLength(3);
    const issued = await ctx.database.db.select().from(efacturaSimTokens).where(eq(efacturaSimTokens.tokenHash, sha256(access)));
    expect(issued[0]).toMatchObject({ kind: 'access', representedCui: '4221306' });
    // ...that the columns do not hold in the clear, and that do not decrypt for another row or column.
    for (const stored of [row.accessTokenEnc, row.refreshTokenEnc]) {
      expect(stored.startsWith('v1.')).toBe(true);
      expect(stored).not.toContain(access);
      expect(stored).not.toContain(refresh);
      expect(stored).not.toContain(access.split('.')[1]);
    }
    expect(() => cipher.decrypt(row.accessTokenEnc, tokenContext(id, 'refresh'))).toThrow();
    expect(() => cipher.decrypt(row.accessTokenEnc, tokenContext(id + 1, 'access'))).toThrow();

    // Connected already: a second prepare is refused.
    const again = await prepare(alice, { fiscalSubaccountNumber: id, identificationCode: '4221306' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyConnected);
  });

  it('a refusal on the consent page changes nothing and spends the state', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    const { params } = await startConsent(alice, id);
    const back = await consent(params, 'deny');
    expect(back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(params.state);
    expect(back.searchParams.get('code')).toBeNull();
    const res = await callback(alice, back);
    expect(res.headers.location).toBe(LIST_REFUSED);
    expect(await connectionRow(id)).toBeUndefined();
    expect(await eInvoiceOf(alice, id)).toBeNull();
    // The state was spent: coming back again is a failure, not a second refusal.
    expect((await callback(alice, back)).headers.location).toBe(LIST_FAILED);
  });

  it('started from e-Factura’s own pages, the consent comes back there (connected or refused); an unknown return page is refused', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    const received = EINVOICE_RETURN_TARGETS.einvoice;
    const start = async (returnTo: string) => {
      const res = await prepare(alice, { fiscalSubaccountNumber: id, identificationCode: '4221306', returnTo });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(new URL(res.json().url as string, 'http://localhost').searchParams);
    };
    expect((await callback(alice, await consent(await start('einvoice'), 'deny'))).headers.location).toBe(`${received}?einvoice=error&reason=refused`);
    expect((await prepare(alice, { fiscalSubaccountNumber: id, identificationCode: '4221306', returnTo: 'https://evil.example' })).statusCode).toBe(400);
    expect((await callback(alice, await consent(await start('einvoice'), 'allow'))).headers.location).toBe(`${received}?einvoice=connected`);
    expect((await eInvoiceOf(alice, id))?.state).toBe('ACTIVE');
  });

  it('a failing exchange (a forged or expired code) changes nothing', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    const first = await startConsent(alice, id);
    const back = await consent(first.params, 'allow');
    back.searchParams.set('code', 'forged-code');
    expect((await callback(alice, back)).headers.location).toBe(LIST_FAILED);
    expect(await connectionRow(id)).toBeUndefined();

    // A real code, lapsed before it came back (codes live five minutes).
    const second = await startConsent(alice, id);
    const late = await consent(second.params, 'allow');
    await ctx.database.db.update(efacturaSimCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(efacturaSimCodes.codeHash, sha256(late.searchParams.get('code')!)));
    expect((await callback(alice, late)).headers.location).toBe(LIST_FAILED);
    expect(await connectionRow(id)).toBeUndefined();
    expect(await eInvoiceOf(alice, id)).toBeNull();
  });

  it('a certificate that does not represent the company is refused like the tax authority refuses its token, changing nothing', async () => {
    const alice = await createUser(ctx);
    const res = await as(ctx, alice, {
      method: 'POST',
      url: '/api/user/billing/data',
      payload: { entityData: { name: 'Demo Logistic SRL', isCompany: true, identificationCode: '14399840' }, address: clujAddress },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.fiscalSubaccountNumber as number;
    expect(res.json().data.verifyStatus).toBe('verified');

    // Demo Logistic SRL with the certificate of Transport Rapid SA's representative.
    const { params } = await startConsent(alice, id, '14399840');
    const back = await consent(params, 'allow', 'sim-cert-4221306');
    expect((await callback(alice, back)).headers.location).toBe(LIST_FAILED);
    expect(await connectionRow(id)).toBeUndefined();
    expect(await eInvoiceOf(alice, id)).toBeNull();

    // The company's own representative connects it.
    const own = await startConsent(alice, id, '14399840');
    const ok = await consent(own.params, 'allow', 'sim-cert-14399840');
    expect((await callback(alice, ok)).headers.location).toBe(LIST_CONNECTED);
    expect((await eInvoiceOf(alice, id))?.state).toBe('ACTIVE');
  });

  it('the simulator’s message list answers like the tax authority’s for a CUI the token may not act for', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    await connect(alice, id);
    const row = (await connectionRow(id))!;
    const access = tokenCipher(ctx.config.tokenEncryptionKey).decrypt(row.accessTokenEnc, tokenContext(id, 'access'));
    const messagesFor = (cif: string, token = access) =>
      ctx.app.inject({ method: 'GET', url: `/sim/efactura/rest/listaMesajeFactura?zile=1&cif=${cif}`, headers: { authorization: `Bearer ${token}` } });
    const own = await messagesFor('4221306');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ eroare: 'Nu exista mesaje in ultimele 1 zile', titlu: 'Lista Mesaje' });
    const other = await messagesFor('14399840');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ eroare: 'Nu aveti drept in SPV pentru CIF=14399840', titlu: 'Lista Mesaje' });
    expect((await messagesFor('4221306', 'forged')).statusCode).toBe(401);
  });

  it('a failing exchange at the tax authority (network, error answer) changes nothing', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    // A tax authority that is down, then one that refuses the code: the authorize url carries the state back to the test.
    for (const failure of [new Error('connect ETIMEDOUT'), new EInvoiceAuthError('invalid_grant', 'Invalid authorization code', 400)]) {
      const auth = {
        name: 'anaf' as const,
        authorizeUrl: (state: string) => `https://logincert.anaf.ro/anaf-oauth2/v1/authorize?state=${state}`,
        exchangeCode: async () => {
          throw failure;
        },
        refresh: async () => {
          throw failure;
        },
        actsFor: async () => true,
      };
      const service = einvoiceService({ database: ctx.database, auth, tokenKey: ctx.config.tokenEncryptionKey });
      const url = await service.prepare(alice.id, alice.id, { fiscalSubaccountNumber: id, identificationCode: '4221306' }, 'https://x.ro/cb');
      const state = new URL(url).searchParams.get('state')!;
      expect(await service.callback(alice.id, { state, code: 'a-code' }, 'https://x.ro/cb')).toEqual({ ok: false, reason: 'failed', returnTo: 'billing' });
    }
    expect(await connectionRow(id)).toBeUndefined();
  });

  it('the state must be the signed-in user’s, unexpired and unspent', async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    const { params } = await startConsent(alice, id);
    const back = await consent(params, 'allow');

    // Bob (or nobody) coming back with Alice's state and code gets nothing, and does not spend them.
    expect((await callback(bob, back)).headers.location).toBe(LIST_FAILED);
    expect((await callback(null, back)).headers.location).toBe(LIST_FAILED);
    expect(await connectionRow(id)).toBeUndefined();
    expect((await callback(alice, back)).headers.location).toBe(LIST_CONNECTED);

    // Spent: the same state again fails, and the connection stays as it was.
    const before = await connectionRow(id);
    expect((await callback(alice, back)).headers.location).toBe(LIST_FAILED);
    expect(await connectionRow(id)).toEqual(before);

    // Unknown state, no state, a state too long to be ours.
    const unknown = new URL(back);
    unknown.searchParams.set('state', 'x'.repeat(43));
    expect((await callback(alice, unknown)).headers.location).toBe(LIST_FAILED);
    expect((await as(ctx, alice, { method: 'GET', url: `${CALLBACK}?code=abc` })).headers.location).toBe(LIST_FAILED);
    expect((await as(ctx, alice, { method: 'GET', url: `${CALLBACK}?state=${'y'.repeat(300)}&code=abc` })).headers.location).toBe(LIST_FAILED);
  });

  it('a state older than ten minutes is refused', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    const { params } = await startConsent(alice, id);
    const back = await consent(params, 'allow');
    await ctx.database.db
      .update(eInvoiceAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eInvoiceAuthorizations.stateHash, sha256(params.state!)));
    expect((await callback(alice, back)).headers.location).toBe(LIST_FAILED);
    expect(await connectionRow(id)).toBeUndefined();
    // The expired state is gone, not left for a later try.
    expect(await ctx.database.db.select().from(eInvoiceAuthorizations).where(eq(eInvoiceAuthorizations.stateHash, sha256(params.state!)))).toEqual([]);
  });

  it('an admin connects a client’s entry: the state is the admin’s, the connection the client’s', async () => {
    const alice = await createUser(ctx);
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    const { params } = await startConsent(admin, id, '4221306', `?selectedClient=${alice.id}`);
    const back = await consent(params, 'allow');
    // The client cannot complete the admin's consent.
    expect((await callback(alice, back)).headers.location).toBe(LIST_FAILED);
    expect((await callback(admin, back)).headers.location).toBe(LIST_CONNECTED);
    expect((await connectionRow(id))?.userId).toBe(alice.id);
    expect((await eInvoiceOf(alice, id))?.state).toBe('ACTIVE');
    // Without a selected client the admin has no such entry.
    expect((await prepare(admin, { fiscalSubaccountNumber: id, identificationCode: '4221306' })).statusCode).toBe(404);
  });
});

describe('connected entries in the billing list', () => {
  it('a connected entry cannot be deleted; once the connection expired it shows EXPIRED, can be reconnected or deleted', async () => {
    const alice = await createUser(ctx);
    const first = await entry(alice, '14399840');
    const company = await entry(alice, '4221306');
    expect(first.isActive).toBe(true);
    expect(company.isActive).toBe(false);
    const id = company.fiscalSubaccountNumber;
    await connect(alice, id);

    const refused = await as(ctx, alice, { method: 'DELETE', url: `/api/user/billing/data/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: messages.billing.deleteActive });
    expect((await list(alice)).map((e) => e.fiscalSubaccountNumber)).toContain(id);
    expect((await eInvoiceOf(alice, first.fiscalSubaccountNumber))).toBeNull();

    // The authorisation belongs to that company: its code cannot be changed while connected.
    const current = (await list(alice)).find((e) => e.fiscalSubaccountNumber === id)! as unknown as TBillingData;
    const recode = await as(ctx, alice, {
      method: 'POST',
      url: '/api/user/billing/data',
      payload: {
        fiscalSubaccountNumber: id,
        entityData: { ...current.entityData, identificationCode: '12345674' },
        address: { countyCode: current.address.countyCode, city: current.address.localityString, postalCode: current.address.postalCode, street: current.address.street, number: current.address.number },
      },
    });
    expect(recode.statusCode, recode.body).toBe(409);
    expect(recode.json().errors).toEqual({ 'entityData.identificationCode': messages.billing.connectedCodeLocked });

    // The refresh token lapsed: EXPIRED, and the entry may be connected again.
    await ctx.database.db.update(eInvoiceConnections).set({ refreshExpiresAt: new Date(Date.now() - 1000) }).where(eq(eInvoiceConnections.billingEntityId, id));
    expect((await eInvoiceOf(alice, id))?.state).toBe('EXPIRED');
    await connect(alice, id);
    expect((await eInvoiceOf(alice, id))?.state).toBe('ACTIVE');

    await ctx.database.db.update(eInvoiceConnections).set({ refreshExpiresAt: new Date(Date.now() - 1000) }).where(eq(eInvoiceConnections.billingEntityId, id));
    const deleted = await as(ctx, alice, { method: 'DELETE', url: `/api/user/billing/data/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await connectionRow(id)).toBeUndefined();
  });

  it('each user sees only their own connections', async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    const a = await entry(alice, '4221306');
    const b = await entry(bob, '4221306');
    await connect(alice, a.fiscalSubaccountNumber);
    expect((await eInvoiceOf(alice, a.fiscalSubaccountNumber))?.state).toBe('ACTIVE');
    expect(await eInvoiceOf(bob, b.fiscalSubaccountNumber)).toBeNull();
  });
});

describe('the simulator’s token endpoint behaves like the tax authority’s', () => {
  it('codes are single use: a replayed code is refused and revokes what it produced', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    const back = await connect(alice, id);
    const replay = await tokenCall({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: `http://localhost${CALLBACK}` });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect(replay.headers['cache-control']).toBe('no-store');
    const tokens = await ctx.database.db.select().from(efacturaSimTokens).where(eq(efacturaSimTokens.codeHash, sha256(back.searchParams.get('code')!)));
    expect(tokens).toHaveLength(2);
    expect(tokens.every((t) => t.revokedAt)).toBe(true);
  });

  it('refresh rotates both tokens; the old refresh token stops working', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    await connect(alice, id);
    const service = einvoiceService({ database: ctx.database, auth: eInvoiceAuthFor(ctx.config, ctx.app), tokenKey: ctx.config.tokenEncryptionKey });
    const before = (await service.tokens(id))!;
    await service.refresh(id);
    const after = (await service.tokens(id))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    const stale = await tokenCall({ grant_type: 'refresh_token', refresh_token: before.refreshToken });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe('invalid_grant');
    const fresh = await tokenCall({ grant_type: 'refresh_token', refresh_token: after.refreshToken });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ token_type: 'Bearer', expires_in: 90 * 86_400, access_token: expect.any(String), refresh_token: expect.any(String) });
  });

  it('refuses a wrong client secret, an unknown grant type, missing parameters and a JSON body', async () => {
    const wrong = await tokenCall({ grant_type: 'authorization_code', code: 'x', redirect_uri: 'http://localhost' }, 'not-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect((await tokenCall({ grant_type: 'password' })).json().error).toBe('unsupported_grant_type');
    const missing = await tokenCall({ grant_type: 'authorization_code' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/sim/efactura/token',
      headers: { authorization: `Basic ${Buffer.from(`${SIM_CLIENT_ID}:${simClientSecret(ctx.config.tokenEncryptionKey)}`).toString('base64')}` },
      payload: { grant_type: 'refresh_token', refresh_token: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');
  });

  it('the consent page: shown for our client and callback, escaped, and never redirecting elsewhere', async () => {
    const alice = await createUser(ctx);
    const { fiscalSubaccountNumber: id } = await entry(alice, '4221306');
    const { url, params } = await startConsent(alice, id);
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Mediu de test: simulator');
    expect(page.body).toContain('Transport Rapid SA (CUI 4221306)');

    const withQuery = (over: Record<string, string>) => `/sim/efactura/authorize?${new URLSearchParams({ ...params, ...over }).toString()}`;
    const evil = await ctx.app.inject({ method: 'GET', url: withQuery({ redirect_uri: 'https://evil.example/api/user/invoicing-system/connect/callback' }) });
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: withQuery({ client_id: 'someone-else' }) })).statusCode).toBe(400);
    const xss = await ctx.app.inject({ method: 'GET', url: withQuery({ state: '"><script>alert(1)</script>' }) });
    expect(xss.body).not.toContain('<script>alert(1)</script>');
    expect(xss.body).toContain('&quot;&gt;&lt;script&gt;');

    // Authorising needs a certificate; the page says so and sends nobody anywhere.
    const noCert = await ctx.app.inject({
      method: 'POST',
      url: '/sim/efactura/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...params, decision: 'allow' }).toString(),
    });
    expect(noCert.statusCode).toBe(400);
    expect(noCert.body).toContain('Alegeti certificatul digital');
    // A cross-site form post is refused before it reaches the page.
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/sim/efactura/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ ...params, decision: 'allow', certificate: 'sim-cert-4221306' }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('configuration', () => {
  it('EINVOICE=anaf needs its client, a public address and a key; production on PostgreSQL needs a key', () => {
    expect(() => loadConfig({ EINVOICE: 'anaf' })).toThrow(/ANAF_OAUTH_CLIENT_ID[\s\S]*ANAF_OAUTH_CLIENT_SECRET[\s\S]*PUBLIC_URL[\s\S]*TOKEN_ENCRYPTION_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@h/db' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/TOKEN_ENCRYPTION_KEY: must be 32 bytes/);
    const key = Buffer.alloc(32, 7).toString('base64');
    const anaf = loadConfig({ EINVOICE: 'anaf', ANAF_OAUTH_CLIENT_ID: 'id', ANAF_OAUTH_CLIENT_SECRET: 'secret', PUBLIC_URL: 'https://colete.example.ro', TOKEN_ENCRYPTION_KEY: key });
    expect(anaf.anafOAuth).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(anaf.tokenEncryptionKey.equals(Buffer.alloc(32, 7))).toBe(true);
    // The embedded demo (npm start: production on PGlite) and development use a stable derived key.
    const demo = loadConfig({ NODE_ENV: 'production' });
    expect(demo.einvoice).toBe('simulator');
    expect(demo.tokenEncryptionKey).toHaveLength(32);
    expect(loadConfig({}).tokenEncryptionKey.equals(demo.tokenEncryptionKey)).toBe(true);
  });
});
