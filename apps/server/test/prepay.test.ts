import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE } from '@colete/contract';
import { as, createTestApp, createUser, twoUsers, type TestContext, type TestUser } from './helper.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ alice, bob } = await twoUsers(ctx));
});
afterAll(async () => ctx?.close());

const topUp = (u: TestUser, amount: unknown) => as(ctx, u, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount } });
const balance = async (u: TestUser) => (await as(ctx, u, { method: 'GET', url: '/api/user/prepay/balance' })).json().balance as string;
const pay = (url: string, form: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url, payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('an admin and the top-up', () => {
  it('an admin with no client selected cannot start a top-up for themself; for a chosen client it starts', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const own = await topUp(admin, 100);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ success: false, message: 'Alegeti mai intai clientul pentru care lucrati.' });
    const forBob = await as(ctx, admin, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 100, selectedClient: bob.id } });
    expect(forBob.statusCode).toBe(200);
  });
});

describe('card top-up through the simulator', () => {
  it('a good card raises the balance once; the payment shows as succeeded', async () => {
    // A client of its own: the other tests top Alice up too.
    const carol = await createUser(ctx);
    expect(await balance(carol)).toBe('0.00');
    const start = await topUp(carol, 200);
    expect(start.statusCode).toBe(200);
    const { identifier, url } = start.json();
    expect(url).toBe(`/sim/card/${identifier}`);

    const pageRes = await ctx.app.inject({ method: 'GET', url });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('200,00 lei');
    expect(pageRes.body).toContain('Mediu de test: simulator');

    const paid = await pay(url, good);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/profile/after-payment/${identifier}`);
    const status = await as(ctx, carol, { method: 'GET', url: `/api/user/prepay/payment/${identifier}` });
    expect(status.json()).toMatchObject({ payment: { identifier, amount: '200.00', status: 'succeeded', cardBrand: 'Visa', lastDigits: '4242' }, balance: '200.00' });

    // Paying the same payment again is refused and credits nothing.
    expect((await pay(url, good)).statusCode).toBe(404);
    expect(await balance(carol)).toBe('200.00');
    const profile = (await as(ctx, carol, { method: 'GET', url: '/api/user/profile' })).json().profile;
    expect(profile.amountPrepaidSum).toBe('200.00');
    const movements = (await as(ctx, carol, { method: 'GET', url: '/api/user/prepay/balance' })).json().movements;
    expect(movements[0]).toMatchObject({ kind: 'topup', amount: '200.00', description: 'Reincarcare cont cu cardul Visa **** 4242' });
  });

  it('two payment answers at once credit the balance once', async () => {
    const { url } = (await topUp(bob, 50.5)).json();
    const results = await Promise.all([pay(url, good), pay(url, good), pay(url, good)]);
    // Each answer goes to the result page (303) or, arriving after the payment was settled, finds it
    // gone (404): which depends on how the database interleaves them (PGlite serialises, PostgreSQL
    // lets them wait on the payment's row). What must hold is one credit, one movement.
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 303 || c === 404), `answers ${codes.join(', ')}`).toBe(true);
    expect(codes).toContain(303);
    expect(await balance(bob)).toBe('50.50');
    const movements = (await as(ctx, bob, { method: 'GET', url: '/api/user/prepay/balance' })).json().movements as Array<{ kind: string; amount: string }>;
    expect(movements.filter((mv) => mv.kind === 'topup')).toEqual([expect.objectContaining({ kind: 'topup', amount: '50.50' })]);
  });

  it('a declined card changes nothing', async () => {
    const before = await balance(alice);
    const { identifier, url } = (await topUp(alice, 500)).json();
    expect((await pay(url, { ...good, number: '4000000000000002' })).statusCode).toBe(303);
    const status = (await as(ctx, alice, { method: 'GET', url: `/api/user/prepay/payment/${identifier}` })).json();
    expect(status.payment).toMatchObject({ status: 'declined', failureReason: 'Cardul a fost refuzat de banca emitenta.' });
    expect(await balance(alice)).toBe(before);
  });

  it('3-D Secure: confirmed pays, refused declines', async () => {
    const before = Number(await balance(alice));
    const first = (await topUp(alice, 100)).json();
    const challenge = await pay(first.url, { ...good, number: '4000000000003220' });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('Confirmare 3-D Secure');
    expect((await pay(`${first.url}/3ds`, { decision: 'confirm' })).headers.location).toBe(`/profile/after-payment/${first.identifier}`);
    expect(Number(await balance(alice))).toBe(before + 100);

    const second = (await topUp(alice, 100)).json();
    await pay(second.url, { ...good, number: '4000000000003220' });
    await pay(`${second.url}/3ds`, { decision: 'refuse' });
    const status = (await as(ctx, alice, { method: 'GET', url: `/api/user/prepay/payment/${second.identifier}` })).json();
    expect(status.payment).toMatchObject({ status: 'declined', failureReason: 'Autentificarea 3-D Secure nu a fost confirmata.' });
    expect(Number(await balance(alice))).toBe(before + 100);
    // No 3-D Secure step without a card that asked for one.
    const third = (await topUp(alice, 100)).json();
    expect((await pay(`${third.url}/3ds`, { decision: 'confirm' })).statusCode).toBe(404);
  });

  it('the hosted page refuses a bad card number, expiry or CVV and keeps the payment open', async () => {
    const { url } = (await topUp(alice, 80)).json();
    for (const [form, text] of [
      [{ ...good, number: '4242 4242 4242 4241' }, 'Numarul cardului este invalid.'],
      [{ ...good, expiry: '13/30' }, 'Data de expirare este invalida (LL/AA).'],
      [{ ...good, expiry: '01/20' }, 'Cardul este expirat.'],
      [{ ...good, cvc: '1' }, 'Codul CVV este invalid.'],
    ] as const) {
      const res = await pay(url, form);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(text);
    }
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const xss = await pay(url, { ...good, number: '<script>alert(1)</script>' });
    expect(xss.body).not.toContain('<script>alert(1)</script>');
  });

  it('refuses bad amounts with 400', async () => {
    for (const amount of [5, 50_001, 50.123, -10, 'abc', null]) {
      expect((await topUp(alice, amount)).statusCode, String(amount)).toBe(400);
    }
    expect((await topUp(alice, 5)).json().errors.amount).toBe('Suma trebuie sa fie intre 10 si 50.000 lei!');
  });

  it("another user's payment answers 404; signed out answers 401", async () => {
    const { identifier } = (await topUp(alice, 60)).json();
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/prepay/payment/${identifier}` })).statusCode).toBe(404);
    expect((await as(ctx, null, { method: 'GET', url: '/api/user/prepay/balance' })).statusCode).toBe(401);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/prepay/payment/not-a-uuid' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/sim/card/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});

describe('card payments turned off', () => {
  it('top-up answers 404 and the balance says so', async () => {
    const off = await createTestApp({ payments: 'off' });
    try {
      const { alice: user } = await twoUsers(off);
      const res = await as(off, user, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 100 } });
      expect(res.statusCode).toBe(404);
      expect((await as(off, user, { method: 'GET', url: '/api/user/prepay/balance' })).json().cardPayments).toBe(false);
      // No simulator pages: the path is just an unknown page of the web app.
      expect((await off.app.inject({ method: 'GET', url: '/sim/card/00000000-0000-4000-8000-000000000000' })).body).not.toContain('Plata cu cardul');
    } finally {
      await off.close();
    }
  });
});
