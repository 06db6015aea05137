import { MAIL_SETTING_KEYS, USER_TYPE } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, twoUsers, type TestContext, type TestUser } from './helper.js';
import { eq } from 'drizzle-orm';
import { userSettings, users } from '../src/db/schema.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ alice, bob } = await twoUsers(ctx));
});
afterAll(async () => ctx?.close());

const profile = (u: TestUser) => as(ctx, u, { method: 'GET', url: '/api/user/profile' }).then((r) => r.json().profile);
const saveProfile = (u: TestUser, p: object) => as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: p } });

const repayment = {
  bankAccount: 'ro66 bacx 0000 0012 3456 7890',
  bankAccountHolder: 'Alice Transport SRL',
  repaymentSendInterval: 3,
  repaymentSendMinAmount: 500,
  repaymentWaitPending: 1,
};

describe('repayment account (POST user/profile)', () => {
  it('saves the group, normalises the IBAN and derives the bank', async () => {
    const res = await saveProfile(alice, repayment);
    expect(res.statusCode).toBe(200);
    expect(await profile(alice)).toMatchObject({
      bankAccount: 'RO66BACX0000001234567890',
      bankName: 'UniCredit Bank',
      bankAccountHolder: 'Alice Transport SRL',
      repaymentSendInterval: 3,
      repaymentSendMinAmount: 500,
      repaymentWaitPending: 1,
    });
  });

  it('refuses each invalid value with its message and keeps what was saved', async () => {
    // Saved values of its own, which no refused change may touch.
    expect((await saveProfile(alice, repayment)).statusCode).toBe(200);
    const cases: [object, Record<string, string>][] = [
      [{ bankAccountHolder: '' }, { 'profile.bankAccountHolder': 'Numele titularului de cont este obligatoriu!' }],
      [{ bankAccountHolder: 'x'.repeat(33) }, { 'profile.bankAccountHolder': 'Numele titularului de cont este invalid!' }],
      [{ bankAccountHolder: 'Alice <script>' }, { 'profile.bankAccountHolder': 'Numele titularului de cont este invalid!' }],
      [{ bankAccount: '' }, { 'profile.bankAccount': 'Contul IBAN este obligatoriu!' }],
      [{ bankAccount: 'RO48AAAA1B31007593840000' }, { 'profile.bankAccount': 'Contul IBAN este invalid!' }],
      [{ bankAccount: 'DE89370400440532013000' }, { 'profile.bankAccount': 'Contul IBAN este invalid!' }],
      [{ repaymentSendMinAmount: 300 }, { 'profile.repaymentSendMinAmount': 'Suma minima este invalida!' }],
      [{ repaymentWaitPending: 2 }, { 'profile.repaymentWaitPending': 'Perioada de asteptare este invalida!' }],
      [{ repaymentSendInterval: 0 }, { 'profile.repaymentSendInterval': 'Intervalul de plata este invalid!' }],
    ];
    for (const [change, errors] of cases) {
      const res = await saveProfile(alice, { ...repayment, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors, JSON.stringify(change)).toMatchObject(errors);
    }
    // A partial group is refused: the holder cannot be saved without the account.
    const partial = await saveProfile(alice, { bankAccountHolder: 'Alt Nume' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors['profile.bankAccount']).toBe('Campul este obligatoriu!');
    expect(await profile(alice)).toMatchObject({ bankAccount: 'RO66BACX0000001234567890', bankAccountHolder: 'Alice Transport SRL' });
  });

  it("refuses the provider's own account", async () => {
    const res = await saveProfile(alice, { ...repayment, bankAccount: 'RO49 AAAA 1B31 0075 9384 0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ bankAccount: 'Contul introdus apartine Colete Online! Va rugam sa introduceti contul dumneavoastra.' });
  });

  it('a client chooses an interval below 10; a contractual interval (10 or more) cannot be changed', async () => {
    const tooLong = await saveProfile(alice, { ...repayment, repaymentSendInterval: 14 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.repaymentSendInterval).toBe('Intervalul de plata este invalid!');

    await ctx.database.db.update(users).set({ repaymentSendInterval: 14 }).where(eq(users.id, bob.id));
    const change = await saveProfile(bob, { ...repayment, bankAccountHolder: 'Bob Curierat SRL', repaymentSendInterval: 2 });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors.repaymentSendInterval).toBe('Intervalul de plata este stabilit prin contract si nu poate fi modificat.');
    const keep = await saveProfile(bob, { ...repayment, bankAccountHolder: 'Bob Curierat SRL', repaymentSendInterval: 14 });
    expect(keep.statusCode).toBe(200);
    expect((await profile(bob)).repaymentSendInterval).toBe(14);
  });
});

describe('pick-up schedule (POST user/profile)', () => {
  it('saves Monday-Friday hours in 30-minute steps, end after start', async () => {
    expect((await saveProfile(alice, { workingTimeStart: '09:30', workingTimeEnd: '17:00' })).statusCode).toBe(200);
    expect(await profile(alice)).toMatchObject({ workingTimeStart: '09:30', workingTimeEnd: '17:00' });
  });
  it('refuses hours outside the ranges, off the half hour, or an end not after the start', async () => {
    // Saved hours of its own, which no refused change may touch.
    expect((await saveProfile(alice, { workingTimeStart: '09:30', workingTimeEnd: '17:00' })).statusCode).toBe(200);
    const cases: [object, Record<string, string>][] = [
      [{ workingTimeStart: '08:30', workingTimeEnd: '17:00' }, { 'profile.workingTimeStart': 'Ora de inceput este invalida!' }],
      [{ workingTimeStart: '16:00', workingTimeEnd: '17:00' }, { 'profile.workingTimeStart': 'Ora de inceput este invalida!' }],
      [{ workingTimeStart: '09:15', workingTimeEnd: '17:00' }, { 'profile.workingTimeStart': 'Ora de inceput este invalida!' }],
      [{ workingTimeStart: '09:00', workingTimeEnd: '20:00' }, { 'profile.workingTimeEnd': 'Ora de sfarsit este invalida!' }],
      [{ workingTimeStart: '12:00', workingTimeEnd: '12:00' }, { 'profile.workingTimeEnd': 'Ora de sfarsit trebuie sa fie dupa ora de inceput!' }],
      [{ workingTimeStart: '12:00' }, { 'profile.workingTimeEnd': 'Campul este obligatoriu!' }],
    ];
    for (const [change, errors] of cases) {
      const res = await saveProfile(alice, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors, JSON.stringify(change)).toMatchObject(errors);
    }
    expect(await profile(alice)).toMatchObject({ workingTimeStart: '09:30', workingTimeEnd: '17:00' });
  });
});

describe('mail notifications', () => {
  it('answers the defaults: the seven items, each with the account email', async () => {
    // A client who never saved them (the next test saves Alice's).
    const carol = await createUser(ctx);
    const res = await as(ctx, carol, { method: 'GET', url: '/api/user/settings/mail' });
    const settings = res.json().settings;
    expect(Object.keys(settings).sort()).toEqual([...MAIL_SETTING_KEYS].sort());
    expect(settings.sendInvoiceMail).toEqual({ enabled: true, emails: [carol.email] });
    // The e-Factura mail (issue 25) is off until asked for.
    expect(settings.sendEInvoiceReceived).toEqual({ enabled: false, emails: [carol.email] });
  });

  it('an account that saved its settings before the e-Factura mail existed gets that item with its default', async () => {
    const dave = await createUser(ctx);
    const old = Object.fromEntries(MAIL_SETTING_KEYS.filter((k) => k !== 'sendEInvoiceReceived').map((k) => [k, { enabled: true, emails: ['vechi@firma.ro'] }]));
    await ctx.database.db.insert(userSettings).values({ userId: dave.id, mail: old as never });
    const settings = (await as(ctx, dave, { method: 'GET', url: '/api/user/settings/mail' })).json().settings;
    expect(settings.sendRepaymentSheet).toEqual({ enabled: true, emails: ['vechi@firma.ro'] });
    expect(settings.sendEInvoiceReceived).toEqual({ enabled: false, emails: [dave.email] });
  });

  it('saves up to 3 valid addresses per item; refuses a bad address, an empty list or a fourth address', async () => {
    const settings = Object.fromEntries(MAIL_SETTING_KEYS.map((k) => [k, { enabled: false, emails: ['contabil@firma.ro'] }]));
    settings.sendInvoiceMail = { enabled: true, emails: ['Contabil@Firma.ro', 'sef@firma.ro', 'arhiva@firma.ro'] };
    const ok = await as(ctx, alice, { method: 'POST', url: '/api/user/settings/mail', payload: { settings } });
    expect(ok.json()).toEqual({ success: true, message: 'Setarile notificarilor prin email au fost salvate cu succes!' });
    const saved = (await as(ctx, alice, { method: 'GET', url: '/api/user/settings/mail' })).json().settings;
    expect(saved.sendInvoiceMail).toEqual({ enabled: true, emails: ['contabil@firma.ro', 'sef@firma.ro', 'arhiva@firma.ro'] });
    expect(saved.sendOrderReturn.enabled).toBe(false);

    const bad = async (item: object) => {
      const res = await as(ctx, alice, { method: 'POST', url: '/api/user/settings/mail', payload: { settings: { ...settings, sendRepaymentSheet: item } } });
      expect(res.statusCode).toBe(400);
      return res.json().errors;
    };
    expect(await bad({ enabled: true, emails: ['nu-e-email'] })).toEqual({ 'settings.sendRepaymentSheet.emails.0': 'Adresa de email este invalida!' });
    expect(await bad({ enabled: true, emails: [] })).toEqual({ 'settings.sendRepaymentSheet.emails': 'Trebuie sa pastrati cel putin o adresa de email!' });
    expect(await bad({ enabled: true, emails: ['a@b.ro', 'c@d.ro', 'e@f.ro', 'g@h.ro'] })).toEqual({
      'settings.sendRepaymentSheet.emails': 'Puteti adauga maxim 3 adrese de email!',
    });
    const missing = await as(ctx, alice, { method: 'POST', url: '/api/user/settings/mail', payload: { settings: { sendInvoiceMail: settings.sendInvoiceMail } } });
    expect(missing.statusCode).toBe(400);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/settings/mail' })).json().settings.sendInvoiceMail.emails).toHaveLength(3);
  });
});

describe('sms, print and order settings', () => {
  it('sms: flags wrapped as value; a second phone only with notifications on', async () => {
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/settings/sms' })).json().settings).toEqual({
      pickUpRecipientNotify: { enabled: { value: true }, secondPhoneAlso: { value: false } },
    });
    const off = { pickUpRecipientNotify: { enabled: { value: false }, secondPhoneAlso: { value: true } } };
    expect((await as(ctx, alice, { method: 'POST', url: '/api/user/settings/sms', payload: { settings: off } })).statusCode).toBe(200);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/settings/sms' })).json().settings.pickUpRecipientNotify).toEqual({
      enabled: { value: false },
      secondPhoneAlso: { value: false },
    });
    const bad = await as(ctx, alice, { method: 'POST', url: '/api/user/settings/sms', payload: { settings: { pickUpRecipientNotify: { enabled: true } } } });
    expect(bad.statusCode).toBe(400);
  });

  it('print: A4 by default, A6 saved; anything else refused', async () => {
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/settings/print' })).json()).toEqual({ success: true, settings: { awbFormat: 'A4' }, awbFormat: 'A4' });
    expect((await as(ctx, alice, { method: 'POST', url: '/api/user/settings/print', payload: { settings: { awbFormat: 'A6' } } })).json().message).toBe(
      'Setarile de printare au fost salvate cu succes!',
    );
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/settings/print' })).json().awbFormat).toBe('A6');
    const bad = await as(ctx, alice, { method: 'POST', url: '/api/user/settings/print', payload: { settings: { awbFormat: 'A5' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['settings.awbFormat']).toBe('Campul este obligatoriu!');
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/settings/print' })).json().awbFormat).toBe('A6');
  });

  it('order: willPrint {value}, on by default', async () => {
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/settings/order' })).json().settings).toEqual({ willPrint: { value: true } });
    await as(ctx, alice, { method: 'POST', url: '/api/user/settings/order', payload: { settings: { willPrint: { value: false } } } });
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/settings/order' })).json().settings).toEqual({ willPrint: { value: false } });
    expect((await as(ctx, alice, { method: 'POST', url: '/api/user/settings/order', payload: { settings: { willPrint: {} } } })).statusCode).toBe(400);
  });

  it('each user has their own settings; an admin edits the selected client’s', async () => {
    expect((await as(ctx, bob, { method: 'GET', url: '/api/user/settings/print' })).json().awbFormat).toBe('A4');
    const admin = await createUser(ctx, { userType: USER_TYPE.admin, password: 'AdminParola1!' });
    await as(ctx, admin, { method: 'POST', url: `/api/user/settings/print?selectedClient=${bob.id}`, payload: { settings: { awbFormat: 'A6' } } });
    expect((await as(ctx, bob, { method: 'GET', url: '/api/user/settings/print' })).json().awbFormat).toBe('A6');
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/settings/print?selectedClient=${alice.id}` })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: '/api/user/settings/mail' })).statusCode).toBe(401);
  });
});
