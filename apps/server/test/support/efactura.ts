import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { DEMO_COMPANIES } from '../../src/integrations/company-check/simulator.js';
import { SIM_CLIENT_ID, simClientSecret } from '../../src/integrations/e-invoicing/simulator-store.js';
import { eFacturaRest, type EFacturaRest } from '../../src/integrations/e-invoicing/anaf-rest.js';
import { injectFetch } from '../../src/integrations/e-invoicing/index.js';
import { SIM_REST_BASE } from '../../src/integrations/e-invoicing/simulator-rest.js';
import { loadNomenclature } from '../../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from '../helper.js';

/* The e-Factura simulator in tests (issue 25): an official CIUS-RO sample as a company's invoice, and a demo company's access token. */

const CALLBACK = 'http://localhost/api/user/invoicing-system/connect/callback';
/**
 * The official CIUS-RO samples (../shared/data/efactura/samples beside the repository), found by
 * walking up from here: the tests also run from a copy of the repository one level deeper (a
 * mutation testing sandbox).
 */
export function efacturaSamples(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'shared', 'data', 'efactura', 'samples');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('shared/data/efactura/samples not found');
}
const SAMPLE = readFileSync(path.join(efacturaSamples(), 'ubl_b2g_example0.xml'), 'utf8');

/** The official sample invoice from `seller` to `buyer`, numbered `number`, its payable amount changed when asked. */
export function sampleInvoice(number: string, seller: string, buyer: string, payable?: string) {
  let companyIds = 0;
  const xml = SAMPLE.replace(/<cbc:ID>TOSL108<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`).replace(/(<cac:PartyTaxScheme>\s*<cbc:CompanyID>)[^<]*(<\/cbc:CompanyID>)/g, (_all, open: string, close: string) => `${open}RO${++companyIds === 1 ? seller : buyer}${close}`);
  return payable ? xml.replace(/<cbc:PayableAmount currencyID="RON">[^<]*</, `<cbc:PayableAmount currencyID="RON">${payable}<`) : xml;
}

/**
 * An access token of the simulator for a demo company's certificate, through its consent page and
 * its token endpoint, the application's credentials sent as HTTP Basic or in the form body.
 */
export async function simAccessToken(ctx: TestContext, cui: string, credentials: 'basic' | 'body' = 'basic') {
  const consent = await ctx.app.inject({
    method: 'POST',
    url: '/sim/efactura/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ response_type: 'code', client_id: SIM_CLIENT_ID, redirect_uri: CALLBACK, decision: 'allow', certificate: `sim-cert-${cui}` }).toString(),
  });
  expect(consent.statusCode, consent.body).toBe(303);
  const code = new URL(consent.headers.location as string).searchParams.get('code')!;
  const secret = simClientSecret(ctx.config.tokenEncryptionKey);
  const form = { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, ...(credentials === 'body' ? { client_id: SIM_CLIENT_ID, client_secret: secret } : {}) };
  const token = await ctx.app.inject({
    method: 'POST',
    url: '/sim/efactura/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(credentials === 'basic' ? { authorization: `Basic ${Buffer.from(`${SIM_CLIENT_ID}:${secret}`).toString('base64')}` } : {}) },
    payload: new URLSearchParams(form).toString(),
  });
  expect(token.statusCode, token.body).toBe(200);
  return token.json().access_token as string;
}

/** A demo company added to the user's billing data and connected as a user connects it: prepare, the simulator's consent, the callback. Answers its billing entry's id. */
export async function connectCompany(ctx: TestContext, user: TestUser, cui: string) {
  const entry = await as(ctx, user, {
    method: 'POST',
    url: '/api/user/billing/data',
    payload: { entityData: { name: DEMO_COMPANIES[cui]!.name, isCompany: true, identificationCode: cui }, address: { countyCode: 'CJ', city: 'cluj-napoca', postalCode: '400114', street: 'Memorandumului', number: '28' } },
  });
  expect(entry.statusCode, entry.body).toBe(200);
  const id = entry.json().data.fiscalSubaccountNumber as number;
  const prepared = await as(ctx, user, { method: 'POST', url: '/api/user/invoicing-system/connect/prepare', payload: { fiscalSubaccountNumber: id, identificationCode: cui } });
  expect(prepared.statusCode, prepared.body).toBe(200);
  const params = Object.fromEntries(new URL(prepared.json().url, 'http://localhost').searchParams);
  const consent = await ctx.app.inject({ method: 'POST', url: '/sim/efactura/authorize', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...params, decision: 'allow', certificate: `sim-cert-${cui}` }).toString() });
  const back = new URL(consent.headers.location as string);
  expect((await as(ctx, user, { method: 'GET', url: `/api/user/invoicing-system/connect/callback${back.search}` })).statusCode).toBe(303);
  return id;
}

/**
 * A test app for sending e-invoices (issue 26): the nomenclature loaded, the real REST adapter on the
 * app's own e-Factura simulator, and two clients, each with its company connected: `owner` with
 * `ownerCui` (the platform's company, or the issuer), `stranger` with `strangerCui`.
 */
export async function sendingTestApp(ownerCui: string, strangerCui: string): Promise<{ ctx: TestContext; rest: EFacturaRest; owner: TestUser; stranger: TestUser }> {
  const ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  const rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(ctx.app) });
  const owner = await createUser(ctx);
  const stranger = await createUser(ctx);
  await connectCompany(ctx, owner, ownerCui);
  await connectCompany(ctx, stranger, strangerCui);
  return { ctx, rest, owner, stranger };
}
