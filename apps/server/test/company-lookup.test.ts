import { messages } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities } from '../src/db/schema.js';
import { verifyPendingCompanies } from '../src/jobs/company-verification.js';
import { anafCompanyCheck, parseAnafAnswer } from '../src/integrations/company-check/anaf.js';
import type { CompanyCheck } from '../src/integrations/company-check/company-check.js';
import { simulatedCompanyCheck } from '../src/integrations/company-check/simulator.js';
import { billingService } from '../src/modules/billing/billing-service.js';
import { lookupLimiter, registerLocality } from '../src/modules/billing/company-lookup.js';
import { eInvoiceConnections } from '../src/modules/einvoice/index.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { addressCorrectionService } from '../src/modules/geo/index.js';

const b = messages.billing;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
});
afterAll(async () => ctx?.close());

const clujAddress = { countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '28' };
const save = (user: TestUser, name: string, cui: string) =>
  as(ctx, user, { method: 'POST', url: '/api/user/billing/data', payload: { entityData: { name, isCompany: true, identificationCode: cui }, address: clujAddress } });
const lookup = (user: TestUser | null, code: string) => as(ctx, user, { method: 'GET', url: `/api/user/billing/company-lookup?identificationCode=${encodeURIComponent(code)}` });

describe('verification compares the register’s name with the one typed', () => {
  it('a CUI registered under another name is refused on the name field, naming the register’s name; nothing is saved', async () => {
    const alice = await createUser(ctx);
    const res = await save(alice, 'Alice Transport SRL', '14399840');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: b.nameMismatch('Demo Logistic SRL'), errors: { 'entityData.name': b.nameMismatch('Demo Logistic SRL') } });
    expect(b.nameMismatch('Demo Logistic SRL')).toBe('Denumirea nu corespunde codului fiscal: in registrul ANAF firma se numeste „Demo Logistic SRL”.');
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/billing/data' })).json().list).toEqual([]);
  });

  it('the register’s name written another way (case, diacritics, dots, S.C., S.R.L.) is verified', async () => {
    const alice = await createUser(ctx);
    for (const [name, cui] of [['S.C. DEMO LOGISTIC S.R.L.', '14399840'], ['Cărți și Colete S.R.L.', '18375224'], ['transport rapid s.a.', '4221306']] as const) {
      const res = await save(alice, name, cui);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ verifyStatus: 'verified', entityData: { name } });
    }
  });

  it('a deregistered company under its own name is invalid; so is an unknown CUI', async () => {
    const alice = await createUser(ctx);
    expect((await save(alice, 'Vechi Distributie SRL', '28164640')).json().data.verifyStatus).toBe('invalid');
    expect((await save(alice, 'Orice Nume SRL', '68596620')).json().data.verifyStatus).toBe('invalid');
  });

  it('an entry saved while the register was down, under another company’s name, is made invalid by the job (never verified)', async () => {
    const alice = await createUser(ctx);
    const failing: CompanyCheck = { name: 'failing', lookup: () => Promise.reject(new Error('timeout')) };
    const service = billingService({ database: ctx.database, companyCheck: failing, multiCompanySelect: false, notInvoicedBani: async () => 0, eInvoiceConnections, corrector: addressCorrectionService({ database: ctx.database }) });
    const saved = await service.save(alice.id, {
      entityData: { name: 'Alice Transport SRL', isCompany: true, isVatPayer: false, identificationCode: '4221306', tradeRegister: null, fiscalIdentificationType: 1 },
      address: { ...clujAddress, additionalInfo: null },
    });
    expect(saved.verifyStatus).toBe('pendingVerification');
    await verifyPendingCompanies(ctx.database, simulatedCompanyCheck());
    const [row] = await ctx.database.db.select().from(billingEntities).where(eq(billingEntities.id, saved.fiscalSubaccountNumber));
    expect(row!.verifyStatus).toBe('invalid');
  });
});

describe('GET user/billing/company-lookup (the add dialog’s look-up, simulator)', () => {
  it('answers the register’s name, trade register, VAT and the office placed in the nomenclature', async () => {
    const alice = await createUser(ctx);
    const res = await lookup(alice, 'RO 14399840');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      company: {
        identificationCode: '14399840',
        name: 'Demo Logistic SRL',
        tradeRegister: 'J12/1234/2010',
        isVatPayer: true,
        active: true,
        address: { countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Strada Memorandumului', number: '28', complete: true },
      },
    });
    // Bucharest's sector, and a village of a commune (the register writes 'Sat X Com. Y').
    expect((await lookup(alice, '4221306')).json().company.address).toEqual({ countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120', complete: true });
    expect((await lookup(alice, '12345674')).json().company.address).toMatchObject({ countyCode: 'AG', city: 'Lăzărești', postalCode: '117653', number: '1', complete: true });
    // An office the nomenclature cannot place: the county only, the rest left to the user.
    expect((await lookup(alice, '18375224')).json().company.address).toMatchObject({ countyCode: 'IS', city: '', postalCode: '', complete: false });
    // No office in the answer, and a deregistered company (found, not active).
    expect((await lookup(alice, '30272090')).json().company).toMatchObject({ name: 'Gradina Verde SRL', address: null });
    expect((await lookup(alice, '28164640')).json().company).toMatchObject({ name: 'Vechi Distributie SRL', active: false });
  });

  it('an unknown CUI answers 404 with a clear Romanian message; a malformed one 400 on the field; signed out 401', async () => {
    const alice = await createUser(ctx);
    const unknown = await lookup(alice, '68596620');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Codul fiscal 68596620 nu este inregistrat la ANAF. Verificati codul introdus.');
    const bad = await lookup(alice, '12345678');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ identificationCode: b.cuiInvalid });
    expect((await lookup(alice, '')).json().errors).toEqual({ identificationCode: b.codeRequired });
    expect((await lookup(null, '14399840')).statusCode).toBe(401);
  });

  it('a client may look up ten CUIs a minute; the eleventh answers 429 (another client is not affected)', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    for (let i = 0; i < 10; i++) expect((await lookup(alice, '14399840')).statusCode).toBe(200);
    const over = await lookup(alice, '14399840');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(b.lookupTooMany);
    expect((await lookup(bob, '14399840')).statusCode).toBe(200);
    // The window moves on: the last minute's calls count as much of them as still falls in the
    // minute before now (half of them half a minute into the next window).
    let now = 600_000;
    const limit = lookupLimiter(ctx.database.db, 2, 60_000, () => now);
    await limit(1);
    await limit(1);
    await expect(limit(1)).rejects.toThrow(b.lookupTooMany);
    now = 660_000;
    await expect(limit(1)).rejects.toThrow(b.lookupTooMany);
    now = 690_000;
    await expect(limit(1)).resolves.toBeUndefined();
    await expect(limit(1)).rejects.toThrow(b.lookupTooMany);
  });

  it('the register not answering is 503 with a message that says to fill in the data by hand', async () => {
    const alice = await createUser(ctx);
    const failing: CompanyCheck = { name: 'failing', lookup: () => Promise.reject(new Error('HTTP 429')) };
    const service = billingService({ database: ctx.database, companyCheck: failing, multiCompanySelect: false, notInvoicedBani: async () => 0, eInvoiceConnections, corrector: addressCorrectionService({ database: ctx.database }) });
    await expect(service.lookupCompany(alice.id, '14399840')).rejects.toMatchObject({ statusCode: 503, message: b.lookupUnavailable });
  });
});

describe('the look-up through the tax authority’s adapter (COMPANY_CHECK=anaf)', () => {
  const answer = {
    cod: 200,
    message: 'SUCCESS',
    found: [
      {
        date_generale: { cui: 14399840, denumire: 'DEMO LOGISTIC S.R.L.', nrRegCom: 'J12/1234/2010', codPostal: '400114', stare_inregistrare: 'INREGISTRAT din data 02.03.2002' },
        inregistrare_scop_Tva: { scpTVA: true },
        stare_inactiv: { statusInactivi: false },
        adresa_sediu_social: {
          sdenumire_Strada: 'Str. Memorandumului',
          snumar_Strada: '28',
          sdenumire_Localitate: 'Mun. Cluj-Napoca',
          scod_Localitate: '54975',
          sdenumire_Judet: 'CLUJ',
          scod_Judet: '12',
          scod_JudetAuto: 'CJ',
          stara: 'România',
          sdetalii_Adresa: '',
          scod_Postal: '400114',
        },
      },
    ],
    notFound: [68596620],
  };

  it('reads the registered office from adresa_sediu_social', () => {
    expect(parseAnafAnswer('14399840', answer)).toMatchObject({
      found: true,
      name: 'DEMO LOGISTIC S.R.L.',
      address: { county: 'CLUJ', locality: 'Mun. Cluj-Napoca', street: 'Str. Memorandumului', number: '28', postalCode: '400114', details: '' },
    });
  });

  it('fills the dialog from the tax authority’s answer, and an unknown CUI gets the same message as with the simulator', async () => {
    const alice = await createUser(ctx);
    const fetch = (async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })) as unknown as typeof globalThis.fetch;
    const companyCheck = anafCompanyCheck({ fetch, spacer: async () => undefined });
    const service = billingService({ database: ctx.database, companyCheck, multiCompanySelect: false, notInvoicedBani: async () => 0, eInvoiceConnections, corrector: addressCorrectionService({ database: ctx.database }) });
    expect(await service.lookupCompany(alice.id, '14399840')).toEqual({
      identificationCode: '14399840',
      name: 'DEMO LOGISTIC S.R.L.',
      tradeRegister: 'J12/1234/2010',
      isVatPayer: true,
      active: true,
      address: { countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Strada Memorandumului', number: '28', complete: true },
    });
    await expect(service.lookupCompany(alice.id, '68596620')).rejects.toMatchObject({ statusCode: 404, message: b.lookupNotFound('68596620') });
  });

  it('names localities the way the nomenclature does', () => {
    expect(registerLocality('Mun. Cluj-Napoca')).toBe('Cluj-Napoca');
    expect(registerLocality('Sector 3 Mun. Bucureşti')).toBe('Sectorul 3');
    expect(registerLocality('Sat Lăzăreşti Com. Schitu Goleşti')).toBe('Lăzăreşti (Schitu Goleşti)');
    expect(registerLocality('Oraş Buftea')).toBe('Buftea');
    expect(registerLocality('Com. Florești')).toBe('Florești');
  });
});
