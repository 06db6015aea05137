import { randomUUID } from 'node:crypto';
import { USER_TYPE, isValidCnp, isValidCui, messages } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { seedDemo } from '../src/db/seed.js';
import { resolveAddress } from '../src/modules/addresses/address-validation.js';
import { billingEntities, ledgerEntries } from '../src/db/schema.js';
import { startJobs } from '../src/jobs/boss.js';
import { COMPANY_VERIFICATION_QUEUE, verifyPendingCompanies } from '../src/jobs/company-verification.js';
import { ANAF_TVA_URL, anafCompanyCheck, callSpacer, parseAnafAnswer, sharedSpacer } from '../src/integrations/company-check/anaf.js';
import type { CompanyCheck } from '../src/integrations/company-check/company-check.js';
import { companyCheckFor } from '../src/integrations/company-check/index.js';
import { DEMO_COMPANIES, simulatedCompanyCheck } from '../src/integrations/company-check/simulator.js';
import { billingService } from '../src/modules/billing/billing-service.js';
import { eInvoiceConnections } from '../src/modules/einvoice/index.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, sessionCookie, twoUsers, type TestContext, type TestUser } from './helper.js';
import { addressCorrectionService } from '../src/modules/geo/index.js';

const b = messages.billing;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
});
afterAll(async () => ctx?.close());

const clujAddress = { countyCode: 'CJ', city: 'cluj-napoca', postalCode: '400114', street: 'Memorandumului', number: '28', additionalInfo: 'Etaj 2' };
const bucharestAddress = { countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' };

/** CUIs of the simulator's register: active ones, the deregistered one, and a valid CUI it does not hold. */
const CUI = { active: '14399840', active2: '4221306', active3: '12345674', deregistered: '28164640', unknown: '68596620' };
const CNP = '1800101123450';

/** A company under the register's own name for its CUI (a name the register does not hold for an unknown CUI). */
const registeredName = (cui: string) => DEMO_COMPANIES[cui.replace(/\D/g, '')]?.name ?? 'Alice Transport SRL';
const company = (cui: string, entity: object = {}, address: object = {}) => ({
  entityData: { name: registeredName(cui), isCompany: true, isVatPayer: true, identificationCode: cui, tradeRegister: 'j12/1234/2010', ...entity },
  address: { ...clujAddress, ...address },
});
const person = (entity: object = {}) => ({
  entityData: { name: 'Ana Popescu', isCompany: false, identificationCode: CNP, ...entity },
  address: bucharestAddress,
});

type Ctx = TestContext;
const save = (user: TestUser, body: object, c: Ctx = ctx) => as(c, user, { method: 'POST', url: '/api/user/billing/data', payload: body });
const list = (user: TestUser, c: Ctx = ctx) => as(c, user, { method: 'GET', url: '/api/user/billing/data' });
const activate = (user: TestUser, id: number, c: Ctx = ctx) => as(c, user, { method: 'PATCH', url: `/api/user/billing/data/set-active/${id}` });
const remove = (user: TestUser, id: number, c: Ctx = ctx) => as(c, user, { method: 'DELETE', url: `/api/user/billing/data/${id}` });
async function created(user: TestUser, body: object, c: Ctx = ctx) {
  const res = await save(user, body, c);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { fiscalSubaccountNumber: number; isActive: boolean; verifyStatus: string };
}
/** A prepaid balance makes the account not settled (spec 000 section 4). */
async function topUp(c: Ctx, user: TestUser, bani: number) {
  await c.database.db.insert(ledgerEntries).values({ userId: user.id, kind: 'topup', amountBani: bani, description: 'Reincarcare test', reference: randomUUID() });
}

describe('billing data: saving', () => {
  it('creates a company: the first entry is active, checked with the register, with the nomenclature’s names', async () => {
    const alice = await createUser(ctx);
    const res = await save(alice, company(`ro ${CUI.active}`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: b.saved,
      data: {
        fiscalSubaccountNumber: expect.any(Number),
        isActive: true,
        verifyStatus: 'verified',
        entityData: {
          name: 'Demo Logistic SRL',
          isCompany: true,
          isVatPayer: true,
          identificationCode: CUI.active,
          tradeRegister: 'J12/1234/2010',
          fiscalIdentificationType: 1,
        },
        address: {
          countryCode: 'RO',
          countyCode: 'CJ',
          localityString: 'Cluj-Napoca',
          countyString: 'Cluj',
          postalCode: '400114',
          street: 'Strada Memorandumului',
          number: '28',
          additionalInfo: 'Etaj 2',
        },
        countryString: 'Romania',
        eInvoice: null,
      },
    });
    const [row] = await ctx.database.db.select().from(billingEntities).where(eq(billingEntities.id, res.json().data.fiscalSubaccountNumber));
    expect(row!.verifiedAt).toBeInstanceOf(Date);
  });

  it('an individual (CNP) is verified at once, never a VAT payer, with no trade register; the second entry is not active', async () => {
    const alice = await createUser(ctx);
    await created(alice, company(CUI.active));
    const res = await save(alice, person({ isVatPayer: true, tradeRegister: 'J12/1/2010' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      isActive: false,
      verifyStatus: 'verified',
      entityData: { isCompany: false, isVatPayer: false, tradeRegister: null, identificationCode: CNP, fiscalIdentificationType: 6 },
      address: { countyString: 'București', localityString: 'Sectorul 1', street: 'Calea Victoriei', additionalInfo: null },
    });
  });

  it('a valid CUI the register does not hold, and a deregistered company, are invalid', async () => {
    const alice = await createUser(ctx);
    expect((await created(alice, company(CUI.unknown))).verifyStatus).toBe('invalid');
    expect((await created(alice, company(CUI.deregistered))).verifyStatus).toBe('invalid');
  });

  it('refuses invalid data with the contract’s messages, field by field', async () => {
    const alice = await createUser(ctx);
    const cases: [object, Record<string, string>][] = [
      [company('12345678'), { 'entityData.identificationCode': b.cuiInvalid }],
      [person({ identificationCode: '1800101123451' }), { 'entityData.identificationCode': b.cnpInvalid }],
      [company(CUI.active, { identificationCode: '' }), { 'entityData.identificationCode': b.codeRequired }],
      [company(CUI.active, { tradeRegister: 'X12/34' }), { 'entityData.tradeRegister': b.tradeRegisterInvalid }],
      [company(CUI.active, { name: '  ' }), { 'entityData.name': b.nameRequired }],
      [company(CUI.active, {}, { postalCode: '40011' }), { 'address.postalCode': messages.address.postalCodeInvalid }],
      [company(CUI.active, {}, { city: '' }), { 'address.city': messages.address.cityRequired }],
    ];
    for (const [body, errors] of cases) {
      const res = await save(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toMatchObject(errors);
    }
    // The nomenclature check, keyed as the form nests the address.
    const nomenclature: [object, Record<string, string>][] = [
      [{ countyCode: 'ZZ' }, { 'address.countyCode': messages.address.countyInvalid }],
      [{ city: 'Nicaieri' }, { 'address.city': messages.address.cityInvalid }],
      [{ street: 'Strada Inexistenta' }, { 'address.street': messages.address.streetInvalid }],
      [{ postalCode: '400115' }, { 'address.postalCode': messages.address.postalCodeMismatch }],
    ];
    for (const [address, errors] of nomenclature) {
      const res = await save(alice, company(CUI.active, {}, address));
      expect(res.statusCode, JSON.stringify(address)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: messages.common.invalidData, errors });
    }
    expect((await list(alice)).json().list).toEqual([]);
  });

  it('the same identification code twice in one account is refused (also written with RO); another account may use it', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const first = await created(alice, company(CUI.active));
    const other = await created(alice, company(CUI.active2));
    for (const body of [company(CUI.active), company(`RO${CUI.active}`), { ...company(CUI.active), fiscalSubaccountNumber: other.fiscalSubaccountNumber }]) {
      const res = await save(alice, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: b.duplicate, errors: { 'entityData.identificationCode': b.duplicate } });
    }
    // Editing an entry with its own code is not a duplicate.
    expect((await save(alice, { ...company(CUI.active, { name: 'DEMO LOGISTIC S.R.L.' }), fiscalSubaccountNumber: first.fiscalSubaccountNumber })).statusCode).toBe(200);
    expect((await save(bob, company(CUI.active))).statusCode).toBe(200);
  });

  it('edits an entry: it keeps being active, and a company is checked again', async () => {
    const alice = await createUser(ctx);
    const entry = await created(alice, company(CUI.active));
    const res = await save(alice, { ...company(CUI.unknown, { name: 'Firma Noua SRL', isVatPayer: false }, bucharestAddress), fiscalSubaccountNumber: entry.fiscalSubaccountNumber });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: b.saved,
      data: {
        fiscalSubaccountNumber: entry.fiscalSubaccountNumber,
        isActive: true,
        verifyStatus: 'invalid',
        entityData: { name: 'Firma Noua SRL', identificationCode: CUI.unknown, isVatPayer: false },
        address: { localityString: 'Sectorul 1', countyCode: 'B' },
      },
    });
    expect((await list(alice)).json().list).toHaveLength(1);
  });
});

describe('billing data: list, active entry and deletion', () => {
  it('lists only the acting client’s entries, active first then newest, with the account’s state', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const a = await created(alice, company(CUI.active));
    const p = await created(alice, person());
    const c = await created(alice, company(CUI.active2));
    await created(bob, company(CUI.active3));
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, settled: true, multiCompanySelect: { enabled: false }, contactData: null });
    expect(res.json().list.map((e: { fiscalSubaccountNumber: number }) => e.fiscalSubaccountNumber)).toEqual([
      a.fiscalSubaccountNumber,
      c.fiscalSubaccountNumber,
      p.fiscalSubaccountNumber,
    ]);
  });

  it('activating makes the entry the only active one; an invalid entry cannot be activated', async () => {
    const alice = await createUser(ctx);
    const a = await created(alice, company(CUI.active));
    const p = await created(alice, person());
    const bad = await created(alice, company(CUI.deregistered));
    const res = await activate(alice, p.fiscalSubaccountNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: b.activated, data: { fiscalSubaccountNumber: p.fiscalSubaccountNumber, isActive: true } });
    const active = (await list(alice)).json().list.filter((e: { isActive: boolean }) => e.isActive);
    expect(active.map((e: { fiscalSubaccountNumber: number }) => e.fiscalSubaccountNumber)).toEqual([p.fiscalSubaccountNumber]);
    // Activating the active entry again changes nothing.
    expect((await activate(alice, p.fiscalSubaccountNumber)).statusCode).toBe(200);

    const refused = await activate(alice, bad.fiscalSubaccountNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: b.activateInvalid });
    expect((await activate(alice, a.fiscalSubaccountNumber)).json().data.isActive).toBe(true);
    const rows = await ctx.database.db.select().from(billingEntities).where(eq(billingEntities.userId, alice.id));
    expect(rows.filter((r) => r.isActive).map((r) => r.id)).toEqual([a.fiscalSubaccountNumber]);
  });

  it('two first entries saved at once: exactly one becomes active', async () => {
    const alice = await createUser(ctx);
    const results = await Promise.all([save(alice, company(CUI.active)), save(alice, person()), save(alice, company(CUI.active2))]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await ctx.database.db.select().from(billingEntities).where(eq(billingEntities.userId, alice.id));
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });

  it('deletes only entries that are not active', async () => {
    const alice = await createUser(ctx);
    const a = await created(alice, company(CUI.active));
    const p = await created(alice, person());
    const refused = await remove(alice, a.fiscalSubaccountNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(b.deleteActive);
    const res = await remove(alice, p.fiscalSubaccountNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: b.deleted });
    expect((await list(alice)).json().list.map((e: { fiscalSubaccountNumber: number }) => e.fiscalSubaccountNumber)).toEqual([a.fiscalSubaccountNumber]);
    expect((await remove(alice, p.fiscalSubaccountNumber)).statusCode).toBe(404);
  });

  it('another client’s entry answers 404, exactly like a missing one, and stays unchanged', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const a = await created(alice, company(CUI.active));
    const p = await created(alice, person());
    await created(bob, company(CUI.active2));
    for (const res of [
      await save(bob, { ...company(CUI.active3), fiscalSubaccountNumber: a.fiscalSubaccountNumber }),
      await activate(bob, p.fiscalSubaccountNumber),
      await remove(bob, p.fiscalSubaccountNumber),
      await activate(bob, 2_000_000_000),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: b.notFound });
    }
    const mine = (await list(alice)).json().list;
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ fiscalSubaccountNumber: a.fiscalSubaccountNumber, isActive: true, entityData: { identificationCode: CUI.active } });
    expect((await as(ctx, alice, { method: 'PATCH', url: '/api/user/billing/data/set-active/abc' })).statusCode).toBe(400);
  });
});

describe('billing data: the settled rule (spec 000 section 4)', () => {
  it('with a prepaid balance, creating works but editing and activating are refused', async () => {
    const alice = await createUser(ctx);
    await topUp(ctx, alice, 15_000);
    const a = await created(alice, company(CUI.active));
    const p = await created(alice, person());
    expect((await list(alice)).json().settled).toBe(false);

    const edit = await save(alice, { ...company(CUI.active, { name: 'DEMO LOGISTIC S.R.L.' }), fiscalSubaccountNumber: a.fiscalSubaccountNumber });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ success: false, message: b.notSettled });
    const act = await activate(alice, p.fiscalSubaccountNumber);
    expect(act.statusCode).toBe(409);
    expect(act.json().message).toBe(b.notSettled);
    // Deleting an entry that is not active moves no invoices: allowed.
    expect((await remove(alice, p.fiscalSubaccountNumber)).statusCode).toBe(200);

    // Charges that bring the balance to zero settle the account.
    await topUp(ctx, alice, -15_000);
    expect((await list(alice)).json().settled).toBe(true);
    expect((await save(alice, { ...company(CUI.active, { name: 'DEMO LOGISTIC S.R.L.' }), fiscalSubaccountNumber: a.fiscalSubaccountNumber })).statusCode).toBe(200);
  });

  it('with the multi-company flag on, editing and activating work on an account that is not settled', async () => {
    const flagged = await createTestApp({ featureMultiCompanySelect: true });
    try {
      await loadNomenclature(flagged.database);
      const alice = await createUser(flagged);
      await topUp(flagged, alice, 15_000);
      const a = await created(alice, company(CUI.active), flagged);
      const p = await created(alice, person(), flagged);
      const state = (await list(alice, flagged)).json();
      expect(state).toMatchObject({ settled: false, multiCompanySelect: { enabled: true } });
      expect((await save(alice, { ...company(CUI.active, { name: 'DEMO LOGISTIC S.R.L.' }), fiscalSubaccountNumber: a.fiscalSubaccountNumber }, flagged)).statusCode).toBe(200);
      expect((await activate(alice, p.fiscalSubaccountNumber, flagged)).json()).toMatchObject({ message: b.activated, data: { isActive: true } });
    } finally {
      await flagged.close();
    }
  });
});

describe('demo data', () => {
  it('client@demo.ro has an active verified company and an individual at real addresses, and contact data', async () => {
    expect(await seedDemo(ctx.database)).toBe(true);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'client@demo.ro', password: 'Client123!' } });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/billing/data', headers: { cookie: sessionCookie(login) } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      settled: false, // the demo top-ups are a prepaid balance
      contactData: { givenName: 'Mihai', familyName: 'Pop', phone: '+40722123456' },
      list: [
        { isActive: true, verifyStatus: 'verified', entityData: { isCompany: true, identificationCode: '14399840' } },
        { isActive: false, verifyStatus: 'verified', entityData: { isCompany: false, identificationCode: CNP } },
      ],
    });
    expect(isValidCui(body.list[0].entityData.identificationCode)).toBe(true);
    expect(isValidCnp(body.list[1].entityData.identificationCode)).toBe(true);
    expect((await simulatedCompanyCheck().lookup('14399840')).found).toBe(true);
    // The seeded addresses are the nomenclature's, spelled as it spells them.
    for (const e of body.list) {
      const a = e.address;
      expect(await resolveAddress(ctx.database.db, { countyCode: a.countyCode, city: a.localityString, postalCode: a.postalCode, street: a.street })).toMatchObject({
        county: a.countyString,
        city: a.localityString,
        street: a.street,
      });
    }
  });
});

describe('contact data', () => {
  it('saves the contact data, shown with the list; the phone in international form', async () => {
    const alice = await createUser(ctx);
    const res = await as(ctx, alice, { method: 'POST', url: '/api/user/contact', payload: { givenName: ' Ana ', familyName: 'Popescu', phone: '0722123456' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: b.contactSaved });
    expect((await list(alice)).json().contactData).toEqual({ givenName: 'Ana', familyName: 'Popescu', phone: '+40722123456' });
  });

  it('refuses missing names and a bad phone with the contract’s messages', async () => {
    const alice = await createUser(ctx);
    const res = await as(ctx, alice, { method: 'POST', url: '/api/user/contact', payload: { givenName: '', familyName: '', phone: '07221' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ givenName: b.givenNameRequired, familyName: b.familyNameRequired, phone: messages.auth.phoneInvalid });
    expect((await list(alice)).json().contactData).toBeNull();
  });
});

describe('billing data: who may call', () => {
  it('an admin works on the selected client’s billing data; another client cannot', async () => {
    const { alice, bob } = await twoUsers(ctx);
    const admin = await createUser(ctx, { userType: USER_TYPE.admin, password: 'AdminParola1!' });
    const made = await save(admin, { ...company(CUI.active), selectedClient: alice.id });
    expect(made.statusCode).toBe(200);
    const id = made.json().data.fiscalSubaccountNumber;
    const [row] = await ctx.database.db.select().from(billingEntities).where(eq(billingEntities.id, id));
    expect(row!.userId).toBe(alice.id);
    const second = await save(admin, { ...person(), selectedClient: alice.id });
    expect((await as(ctx, admin, { method: 'PATCH', url: `/api/user/billing/data/set-active/${second.json().data.fiscalSubaccountNumber}?selectedClient=${alice.id}` })).statusCode).toBe(200);
    expect((await as(ctx, admin, { method: 'DELETE', url: `/api/user/billing/data/${id}?selectedClient=${alice.id}` })).statusCode).toBe(200);
    expect((await as(ctx, admin, { method: 'POST', url: '/api/user/contact', payload: { givenName: 'Ion', familyName: 'Pop', phone: '0733111222', selectedClient: alice.id } })).statusCode).toBe(200);
    const seen = await as(ctx, admin, { method: 'GET', url: `/api/user/billing/data?selectedClient=${alice.id}` });
    expect(seen.json()).toMatchObject({ list: [{ isActive: true, entityData: { identificationCode: CNP } }], contactData: { givenName: 'Ion' } });
    expect((await list(alice)).json().list).toHaveLength(1);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/billing/data?selectedClient=${alice.id}` })).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    expect((await as(ctx, null, { method: 'GET', url: '/api/user/billing/data' })).statusCode).toBe(401);
    expect((await as(ctx, null, { method: 'POST', url: '/api/user/billing/data', payload: company(CUI.active) })).statusCode).toBe(401);
    expect((await as(ctx, null, { method: 'PATCH', url: '/api/user/billing/data/set-active/1' })).statusCode).toBe(401);
    expect((await as(ctx, null, { method: 'DELETE', url: '/api/user/billing/data/1' })).statusCode).toBe(401);
    expect((await as(ctx, null, { method: 'POST', url: '/api/user/contact', payload: {} })).statusCode).toBe(401);
  });
});

describe('company verification when the register fails', () => {
  const failing: CompanyCheck = { name: 'failing', lookup: async () => Promise.reject(new Error('HTTP 429')) };

  it('a failed look-up leaves the company pending; the job checks it later', async () => {
    const alice = await createUser(ctx);
    const service = billingService({ database: ctx.database, companyCheck: failing, multiCompanySelect: false, notInvoicedBani: async () => 0, eInvoiceConnections, corrector: addressCorrectionService({ database: ctx.database }) });
    const saved = await service.save(alice.id, {
      entityData: { name: 'Demo Logistic SRL', isCompany: true, isVatPayer: false, identificationCode: CUI.active, tradeRegister: null, fiscalIdentificationType: 1 },
      address: { ...clujAddress, street: 'Memorandumului' },
    });
    expect(saved.verifyStatus).toBe('pendingVerification');
    const other = await service.save(alice.id, {
      entityData: { name: 'Alta SRL', isCompany: true, isVatPayer: false, identificationCode: CUI.unknown, tradeRegister: null, fiscalIdentificationType: 1 },
      address: { ...clujAddress, street: 'Memorandumului' },
    });
    expect(other.verifyStatus).toBe('pendingVerification');
    // A pending entry is not invalid: it may be activated.
    expect((await activate(alice, other.fiscalSubaccountNumber)).statusCode).toBe(200);

    // The register still failing: the run stops at the first failure and nothing changes.
    expect(await verifyPendingCompanies(ctx.database, failing)).toMatchObject({ checked: 0, failed: 1 });

    const lookup = vi.fn(simulatedCompanyCheck().lookup);
    const result = await verifyPendingCompanies(ctx.database, { name: 'sim', lookup });
    // Alice's two pending entries: the known company verified, the unknown one invalid.
    expect(result).toEqual({ checked: 2, verified: 1, invalid: 1, failed: 0 });
    const statuses = Object.fromEntries((await list(alice)).json().list.map((e: { entityData: { identificationCode: string }; verifyStatus: string }) => [e.entityData.identificationCode, e.verifyStatus]));
    expect(statuses).toEqual({ [CUI.active]: 'verified', [CUI.unknown]: 'invalid' });
    // Nothing is pending any more: the next run asks nobody.
    lookup.mockClear();
    expect(await verifyPendingCompanies(ctx.database, { name: 'sim', lookup })).toEqual({ checked: 0, verified: 0, invalid: 0, failed: 0 });
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe('the verification job', () => {
  it('runs every 10 minutes through pg-boss and re-checks pending companies', async () => {
    const alice = await createUser(ctx);
    const [row] = await ctx.database.db
      .insert(billingEntities)
      .values({ userId: alice.id, name: 'Exemplu Comert SRL', isCompany: true, identificationCode: CUI.active3, fiscalIdentificationType: 1, countyCode: 'CJ', county: 'Cluj', city: 'Cluj-Napoca', postalCode: '400114', verifyStatus: 'pendingVerification' })
      .returning();
    const jobs = await startJobs(ctx.app);
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.find((s) => s.name === COMPANY_VERIFICATION_QUEUE)?.cron).toBe('*/10 * * * *');
      const id = await jobs.boss.send(COMPANY_VERIFICATION_QUEUE, {});
      const deadline = Date.now() + 20_000;
      let state: string | undefined;
      while (Date.now() < deadline) {
        state = (await jobs.boss.getJobById(COMPANY_VERIFICATION_QUEUE, id!))?.state;
        if (state === 'completed' || state === 'failed') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(state).toBe('completed');
    } finally {
      await jobs.stop();
    }
    const [after] = await ctx.database.db.select().from(billingEntities).where(eq(billingEntities.id, row!.id));
    expect(after!.verifyStatus).toBe('verified');
  });
});

describe('the tax authority’s adapter (against a hand-written answer of the documented shape)', () => {
  const answer = {
    cod: 200,
    message: 'SUCCESS',
    found: [
      {
        date_generale: { cui: 14399840, data: '2025-03-01', denumire: 'EXEMPLU SRL ', adresa: 'MUNICIPIUL CLUJ-NAPOCA', nrRegCom: 'J12/1234/2010', codPostal: '400114', stare_inregistrare: 'INREGISTRAT din data 02.03.2002', statusRO_e_Factura: true },
        inregistrare_scop_Tva: { scpTVA: true, perioade_TVA: [] },
        stare_inactiv: { dataInactivare: '', dataReactivare: '', dataPublicare: '', dataRadiere: '', statusInactivi: false },
        adresa_sediu_social: { sdenumire_Strada: 'Str. Memorandumului', snumar_Strada: '28' },
      },
      {
        date_generale: { cui: 28164640, denumire: 'VECHI SRL', nrRegCom: '', stare_inregistrare: 'RADIERE din data 10.01.2020' },
        inregistrare_scop_Tva: { scpTVA: false },
        stare_inactiv: { statusInactivi: false, dataRadiere: '2020-01-10' },
      },
      {
        date_generale: { cui: 4221306, denumire: 'INACTIV SA', nrRegCom: 'J40/1/1990', stare_inregistrare: 'INREGISTRAT din data 01.01.1990' },
        inregistrare_scop_Tva: { scpTVA: false },
        stare_inactiv: { statusInactivi: true },
      },
    ],
    notFound: [68596620],
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const noWait = async () => undefined;

  it('asks with the documented request and reads the answer', async () => {
    const fetchMock = vi.fn(async (..._args: Parameters<typeof fetch>) => json(answer));
    const check = anafCompanyCheck({ fetch: fetchMock as unknown as typeof fetch, spacer: noWait, today: () => new Date('2025-03-01T23:30:00Z') });
    expect(await check.lookup('14399840')).toEqual({ found: true, name: 'EXEMPLU SRL', active: true, vatPayer: true, tradeRegister: 'J12/1234/2010', address: null });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(ANAF_TVA_URL);
    expect(init?.method).toBe('POST');
    // 23:30 UTC is already the next day in Romania.
    expect(JSON.parse(String(init?.body))).toEqual([{ cui: 14399840, data: '2025-03-02' }]);
  });

  it('tells found, deregistered, inactive and not found apart; anything odd is an error', async () => {
    expect(parseAnafAnswer('28164640', answer)).toEqual({ found: true, name: 'VECHI SRL', active: false, vatPayer: false, tradeRegister: null, address: null });
    expect(parseAnafAnswer('4221306', answer)).toMatchObject({ found: true, active: false });
    expect(parseAnafAnswer('68596620', answer)).toEqual({ found: false });
    expect(() => parseAnafAnswer('12345674', answer)).toThrow();
    expect(() => parseAnafAnswer('12345674', { eroare: 'x' })).toThrow();
  });

  it('an HTTP error or a page that is not JSON throws (the entry stays pending)', async () => {
    const limited = anafCompanyCheck({ fetch: (async () => json({}, 429)) as typeof fetch, spacer: noWait });
    await expect(limited.lookup('14399840')).rejects.toThrow(/429/);
    const html = anafCompanyCheck({ fetch: (async () => new Response('<html>busy</html>', { status: 200 })) as typeof fetch, spacer: noWait });
    await expect(html.lookup('14399840')).rejects.toThrow();
  });

  it('spaces calls one second apart', async () => {
    const waits: number[] = [];
    const spacer = callSpacer(1000, async (ms) => {
      waits.push(ms);
    });
    await Promise.all([spacer(), spacer(), spacer()]);
    expect(waits).toHaveLength(2);
    for (const w of waits) expect(w).toBeGreaterThan(900);
  });

  it('spaces the calls of every instance together (issue 28): one a second counted in the database', async () => {
    // Two instances (two spacers) over one database, on one clock that a wait moves on.
    let t = 1_900_000_000_000 + 100;
    const clock = { now: () => t, sleep: async (ms: number) => void (t += ms) };
    const [a, b] = [sharedSpacer(ctx.database.db, clock), sharedSpacer(ctx.database.db, clock)];
    const calls: number[] = [];
    for (const spacer of [a, b, a, b]) {
      await spacer();
      calls.push(t);
    }
    for (let i = 1; i < calls.length; i++) expect(calls[i]! - calls[i - 1]!).toBeGreaterThanOrEqual(1000);
    // Never more than one call a second, nor slower than one every two seconds.
    expect(calls.at(-1)! - calls[0]!).toBeLessThanOrEqual(6000);
  });

  it('is used only when configured; the simulator is the default', () => {
    expect(loadConfig({}).companyCheck).toBe('simulator');
    expect(loadConfig({}).featureMultiCompanySelect).toBe(false);
    const config = loadConfig({ COMPANY_CHECK: 'anaf', FEATURE_MULTI_COMPANY_SELECT: 'true' });
    expect(config).toMatchObject({ companyCheck: 'anaf', featureMultiCompanySelect: true });
    expect(companyCheckFor(config, ctx.database.db).name).toBe('anaf');
    expect(companyCheckFor(loadConfig({}), ctx.database.db).name).toBe('simulator');
    expect(() => loadConfig({ COMPANY_CHECK: 'other' })).toThrow(/COMPANY_CHECK/);
  });
});
