import { RETURN_RATE_LIMITS, messages } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnAttempts, shipments } from '../src/db/schema.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, twoUsers, type TestContext, type TestUser } from './helper.js';
import { templateAddress } from './support/parties.js';

const t = messages.templates;
const IBAN = 'RO49AAAA1B31007593840000';
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  ({ alice, bob } = await twoUsers(ctx));
});
afterAll(async () => ctx?.close());

const merchantAddress = templateAddress({ shortName: 'Depozit' });
const fields = [
  { id: 'ttl', type: 'title', config: { text: 'Formular de retur', size: 'large' } },
  { id: 'why', type: 'text-input', config: { label: 'Motivul returului', isMandatory: true, minLength: 5, maxLength: 200 } },
  { id: 'order', type: 'text-input', config: { label: 'Numar comanda', isMandatory: false } },
  { id: 'pay', type: 'radio-buttons', config: { label: 'Rambursare', isMandatory: true, methodsArray: [{ id: 'voucher', name: 'Voucher' }, { id: 'bank', name: 'Transfer bancar', showBankAccount: true }] } },
  { id: 'items', type: 'fields-table', config: { columnsArray: [{ id: 'p', name: 'Produs', isMandatory: true }, { id: 'q', name: 'Cantitate' }] } },
];

async function template(user: TestUser, options: object = {}) {
  const res = await as(ctx, user, {
    method: 'POST',
    url: '/api/order-template',
    payload: { data: { name: 'Retururi', options: { return: { enabled: true, isMandatory: true, fields }, ...options } }, address: merchantAddress },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; uniqueId: string };
}

const customer = (extra: object = {}) => ({
  contactName: 'Ana Ionescu',
  contactPhone: '0733111222',
  contactEmail: 'Ana@Exemplu.ro',
  countyCode: 'B',
  city: 'Sectorul 1',
  postalCode: '010093',
  street: 'Calea Victoriei',
  number: '120',
  ...extra,
});
const answers = { why: 'Marimea nu se potriveste', pay: { methodId: 'bank', bankAccount: IBAN }, items: [{ p: 'Tricou', q: '1' }] };
let seq = 0;
const submit = (uniqueId: string, body: object, ip = `10.1.0.${++seq}`) =>
  ctx.app.inject({ method: 'POST', url: `/api/order/return/${uniqueId}`, payload: body, remoteAddress: ip });

describe('the public return page', () => {
  it('shows the template without sign-in: name, merchant, offers, form; unknown and deleted templates are 404', async () => {
    const d = await template(alice, { allowPackageExchange: true, additional: false });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/order/return/${d.uniqueId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template).toMatchObject({
      uniqueId: d.uniqueId,
      name: 'Retururi',
      logo: null,
      merchantName: 'Magazin Online SRL',
      offers: { allowRepayment: true, allowClientReference: true, allowSaturdayDelivery: false, allowPackageExchange: false },
      terms: '',
      returnForm: { enabled: true, isMandatory: true, fields: [{ id: 'ttl' }, { id: 'why' }, { id: 'order' }, { id: 'pay' }, { id: 'items' }] },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/return/necunoscut123' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/return/ab' })).statusCode).toBe(400);
    await as(ctx, alice, { method: 'DELETE', url: `/api/order-template/${d.id}` });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/return/${d.uniqueId}` })).statusCode).toBe(404);
    expect((await submit(d.uniqueId, { address: customer(), answers })).statusCode).toBe(404);
  });

  it('refuses missing mandatory answers and a bad IBAN with field errors, and an address outside the nomenclature', async () => {
    const d = await template(alice);
    // Alice's shipments so far (the other tests' returns): none may be added by a refused return.
    const aliceShipments = () => ctx.database.db.select().from(shipments).where(eq(shipments.userId, alice.id));
    const before = await aliceShipments();
    const missing = await submit(d.uniqueId, { address: customer(), answers: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ 'answers.why': t.fieldRequired, 'answers.pay': t.fieldRequired, 'answers.items': t.answerRowsMin });
    const bad = await submit(d.uniqueId, { address: customer(), answers: { ...answers, why: 'rau', pay: { methodId: 'bank', bankAccount: 'RO00' }, items: [{ p: '' }] } });
    expect(bad.json().errors).toEqual({ 'answers.why': t.answerMin(5), 'answers.pay.bankAccount': t.answerIban, 'answers.items.0.p': t.fieldRequired });
    const noEmail = await submit(d.uniqueId, { address: customer({ contactEmail: '' }), answers });
    expect(noEmail.json().errors).toEqual({ 'address.contactEmail': messages.auth.emailRequired });
    const badCity = await submit(d.uniqueId, { address: customer({ city: 'Nicaieri' }), answers });
    expect(badCity.statusCode).toBe(400);
    expect(badCity.json().errors).toEqual({ 'address.city': messages.address.cityInvalid });
    expect(await aliceShipments()).toEqual(before);
  });

  it('a valid submission creates a return draft in the merchant’s shipments, with the answers and their labels', async () => {
    const d = await template(bob, { allowOpenAtDestination: true, allowClientReference: true });
    const res = await submit(d.uniqueId, { address: customer(), answers: { ...answers, order: '' }, clientReference: 'CMD-1001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: t.returnSent, reference: expect.stringMatching(/^[A-Z0-9]{12}$/) });
    const reference = res.json().reference as string;

    const list = await as(ctx, bob, { method: 'GET', url: '/api/shipments' });
    expect(list.json().list).toEqual([
      expect.objectContaining({ uniqueId: reference, kind: 'return', status: expect.objectContaining({ code: 'draft' }), clientReference: 'CMD-1001', sender: { contactName: 'Ana Ionescu', city: 'Sectorul 1', county: 'București' } }),
    ]);
    const detail = await as(ctx, bob, { method: 'GET', url: `/api/shipments/${reference}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().shipment).toMatchObject({
      kind: 'return',
      content: 'Retur',
      packages: [{ type: 'parcel', weight: 1, length: 30, width: 20, height: 10 }],
      options: { openAtDelivery: true, cod: null },
      senderAddress: { contactName: 'Ana Ionescu', email: 'ana@exemplu.ro', phone: '+40733111222', city: 'Sectorul 1' },
      recipientAddress: { contactName: 'Mihai Pop', company: 'Magazin Online SRL', city: 'Cluj-Napoca' },
      returnAnswers: [
        { label: 'Motivul returului', value: 'Marimea nu se potriveste' },
        { label: 'Rambursare', value: `Transfer bancar (IBAN ${IBAN})` },
        { label: t.returnTableLabel, value: 'Produs: Tricou; Cantitate: 1' },
      ],
    });
    // The other merchant sees nothing of it.
    expect((await as(ctx, alice, { method: 'GET', url: `/api/shipments/${reference}` })).statusCode).toBe(404);
  });

  it('answers every missing field at once: the form’s answers and the address outside the nomenclature together (Defects 12)', async () => {
    const d = await template(alice);
    const res = await submit(d.uniqueId, { address: customer({ city: 'Nicaieri' }), answers: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'answers.why': t.fieldRequired,
      'answers.pay': t.fieldRequired,
      'answers.items': t.answerRowsMin,
      'address.city': messages.address.cityInvalid,
    });
  });

  it('the merchant changes the return’s default parcel before activating it, then activates with offers for the new parcel (Defects 10)', async () => {
    const d = await template(bob);
    const reference = (await submit(d.uniqueId, { address: customer(), answers })).json().reference as string;
    const parcel = { type: 'parcel', weight: 3.5, length: 45, width: 35, height: 25 };
    const changed = await as(ctx, bob, { method: 'PUT', url: `/api/shipments/${reference}`, payload: { packages: [parcel, parcel], content: 'Retur geaca' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().shipment).toMatchObject({ kind: 'return', packages: [parcel, parcel], parcelCount: 2, content: 'Retur geaca', chooseService: true });
    // The customer's part stays: the sender, the answers.
    expect(changed.json().shipment.senderAddress).toMatchObject({ contactName: 'Ana Ionescu' });
    expect(changed.json().shipment.returnAnswers).toHaveLength(3);
    expect((await as(ctx, alice, { method: 'PUT', url: `/api/shipments/${reference}`, payload: { packages: [parcel], content: 'x' } })).statusCode).toBe(404);
  });

  it('keeps no client reference when the template does not allow it; an optional form may be left empty', async () => {
    const d = await template(alice, { allowClientReference: false, return: { enabled: true, isMandatory: false, fields } });
    const res = await submit(d.uniqueId, { address: customer(), answers: {}, clientReference: 'X-1' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, res.json().reference));
    expect(row).toMatchObject({ kind: 'return', clientReference: null, returnAnswers: [] });
  });

  it('limits returns per client address (5 a minute) and per template (100 a day) with 429', async () => {
    const d = await template(alice);
    const ip = '10.9.9.9';
    for (let i = 0; i < RETURN_RATE_LIMITS.perAddress; i++) expect((await submit(d.uniqueId, { address: customer(), answers }, ip)).statusCode).toBe(200);
    const limited = await submit(d.uniqueId, { address: customer(), answers }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(t.returnTooMany);
    // Another address still gets through, until the template's daily limit is reached.
    expect((await submit(d.uniqueId, { address: customer(), answers }, '10.9.9.10')).statusCode).toBe(200);
    const used = await ctx.database.db.select().from(returnAttempts).where(eq(returnAttempts.templateId, d.id));
    await ctx.database.db.insert(returnAttempts).values(Array.from({ length: RETURN_RATE_LIMITS.perTemplate - used.length }, (_, i) => ({ templateId: d.id, ip: `10.8.${Math.floor(i / 250)}.${i % 250}` })));
    const daily = await submit(d.uniqueId, { address: customer(), answers }, '10.9.9.11');
    expect(daily.statusCode).toBe(429);
  });

  it('refused submissions do not count against the template’s daily limit (one address cannot block the form)', async () => {
    const d = await template(alice);
    const ip = '10.7.7.7';
    for (let i = 0; i < RETURN_RATE_LIMITS.perAddress; i++) expect((await submit(d.uniqueId, { address: customer(), answers }, ip)).statusCode).toBe(200);
    // The template has room for exactly one more accepted return.
    const room = RETURN_RATE_LIMITS.perTemplate - RETURN_RATE_LIMITS.perAddress - 1;
    await ctx.database.db.insert(returnAttempts).values(Array.from({ length: room }, (_, i) => ({ templateId: d.id, ip: `10.6.${Math.floor(i / 250)}.${i % 250}` })));
    // The same address keeps trying: refused by its own limit, and still refused while it keeps trying.
    for (let i = 0; i < 5; i++) expect((await submit(d.uniqueId, { address: customer(), answers }, ip)).statusCode).toBe(429);
    // Another customer still gets the last place of the day; the one after is refused.
    expect((await submit(d.uniqueId, { address: customer(), answers }, '10.7.7.8')).statusCode).toBe(200);
    expect((await submit(d.uniqueId, { address: customer(), answers }, '10.7.7.9')).statusCode).toBe(429);
    const drafts = await ctx.database.db.select().from(returnAttempts).where(eq(returnAttempts.templateId, d.id));
    expect(drafts).toHaveLength(RETURN_RATE_LIMITS.perTemplate);
  });
});
