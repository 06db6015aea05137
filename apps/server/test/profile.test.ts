import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.js';
import { REPAYMENT_MIN_AMOUNTS } from '@colete/contract';
import { as, createTestApp, createUser, sessionCookie, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('GET/POST /api/user/profile', () => {
  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Trebuie sa fiti autentificat pentru a continua!', code: 'unauthorized' });
  });

  it('answers the profile fields of the specification, amounts in RON', async () => {
    const u = await createUser(ctx);
    const res = await as(ctx, u, { method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      id: u.id,
      email: u.email,
      workingTimeStart: null,
      workingTimeEnd: null,
      bankAccount: null,
      bankName: null,
      repaymentSendInterval: null,
      repaymentSendMinAmount: null,
      repaymentWaitPending: null,
      amountNotInvoicedSum: '0.00',
      amountPrepaidSum: '0.00',
    });
    expect(res.body).not.toContain('passwordHash');
  });

  it('saves name and phone; an invalid phone is refused and nothing changes', async () => {
    const u = await createUser(ctx);
    const ok = await as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: { name: 'Firma Redenumita SRL', phone: '0744111222' } } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: 'Datele au fost salvate cu succes!', profile: { name: 'Firma Redenumita SRL', phone: '+40744111222' } });

    const bad = await as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: { name: '', phone: '12ab' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'profile.name': 'Numele este obligatoriu!', 'profile.phone': 'Campul este invalid!' });
    const after = await as(ctx, u, { method: 'GET', url: '/api/user/profile' });
    expect(after.json().profile).toMatchObject({ name: 'Firma Redenumita SRL', phone: '+40744111222' });
  });
});

describe('GET user/profile posted back to POST user/profile', () => {
  const roundTrip = async (u: Parameters<typeof as>[1]) => {
    const before = (await as(ctx, u, { method: 'GET', url: '/api/user/profile' })).json();
    const posted = await as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: before.profile } });
    const after = (await as(ctx, u, { method: 'GET', url: '/api/user/profile' })).json();
    return { before: before.profile, posted, after: after.profile };
  };

  it('a new account (null means not set) answers 200 and nothing changes', async () => {
    const u = await createUser(ctx);
    const { before, posted, after } = await roundTrip(u);
    expect(before.bankAccount).toBeNull();
    expect(posted.statusCode).toBe(200);
    expect(posted.json().profile).toEqual(before);
    expect(after).toEqual(before);
  });

  it('an account with its repayment account and schedule set answers 200 and nothing changes', async () => {
    const u = await createUser(ctx);
    const set = await as(ctx, u, {
      method: 'POST',
      url: '/api/user/profile',
      payload: {
        profile: {
          bankAccount: 'RO66BACX0000001234567890',
          bankAccountHolder: 'Ion Popescu',
          repaymentSendInterval: 2,
          repaymentSendMinAmount: REPAYMENT_MIN_AMOUNTS[0],
          repaymentWaitPending: 0,
          workingTimeStart: '09:30',
          workingTimeEnd: '17:00',
        },
      },
    });
    expect(set.statusCode).toBe(200);
    const { before, posted, after } = await roundTrip(u);
    expect(before).toMatchObject({ bankAccount: 'RO66BACX0000001234567890', workingTimeStart: '09:30' });
    expect(posted.statusCode).toBe(200);
    expect(after).toEqual(before);
  });
});

describe('POST /api/user/change-password', () => {
  const change = (u: Parameters<typeof as>[1], payload: object) => as(ctx, u, { method: 'POST', url: '/api/user/change-password', payload });

  it('enforces the three rules of the specification with their messages', async () => {
    const u = await createUser(ctx);
    const missingOld = await change(u, { oldPassword: '', newPassword: 'NouaParola1!', newPasswordConfirmation: 'NouaParola1!' });
    expect(missingOld.statusCode).toBe(400);
    expect(missingOld.json().errors).toEqual({ oldPassword: 'Parola veche este obligatorie!' });

    const short = await change(u, { oldPassword: u.password, newPassword: 'scurt', newPasswordConfirmation: 'scurt' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'Noua parola trebuie sa aiba minim 8 caractere' });

    const mismatch = await change(u, { oldPassword: u.password, newPassword: 'NouaParola1!', newPasswordConfirmation: 'AltaParola1!' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ newPasswordConfirmation: 'Noua parola trebuie sa coincida cu parola de confirmare' });
  });

  it('a wrong old password answers the server message and keeps the old password', async () => {
    const u = await createUser(ctx);
    const res = await change(u, { oldPassword: 'nu-este-asta', newPassword: 'NouaParola1!', newPasswordConfirmation: 'NouaParola1!' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Parola veche este incorecta!', errors: { oldPassword: 'Parola veche este incorecta!' } });
    const relogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(relogin.statusCode).toBe(200);
  });

  it('changes the password, rotates the session and ends every other session', async () => {
    const u = await createUser(ctx);
    const otherDevice = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    const otherCookie = sessionCookie(otherDevice);

    const res = await change(u, { oldPassword: u.password, newPassword: 'NouaParola2026!', newPasswordConfirmation: 'NouaParola2026!' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, message: 'Parola a fost schimbata cu succes!', token: expect.any(String) });
    expect(sessionCookie(res)).toBe(`co_session=${body.token}`);

    // The old token and the other device's token stop working; the new one works.
    expect((await as(ctx, u, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `co_session=${body.token}` } })).statusCode).toBe(200);
    const left = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(left).toHaveLength(1);

    // Old password no longer signs in; the new one does.
    const oldLogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'NouaParola2026!' } });
    expect(newLogin.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });

  it('needs a session', async () => {
    const res = await change(null, { oldPassword: 'a', newPassword: 'NouaParola1!', newPasswordConfirmation: 'NouaParola1!' });
    expect(res.statusCode).toBe(401);
  });
});
