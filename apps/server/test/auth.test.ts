import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions, users } from '../src/db/schema.js';
import { as, createTestApp, createUser, sessionCookie, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('POST /api/auth/login', () => {
  it('signs in with an HttpOnly, SameSite=Lax session cookie and answers the user without secrets', async () => {
    const u = await createUser(ctx, { email: 'Semnare@Test.ro'.toLowerCase() });
    const res = await login('  SEMNARE@test.ro ', u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, user: { id: u.id, email: u.email, name: u.name, userType: 1, accountType: 'company', isAdmin: false } });
    expect(res.body).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'co_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // The database keeps only a hash of the token.
    const [stored] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(stored!.id).not.toBe(cookie.value);
    expect(stored!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same 401 message for a wrong password and an unknown email', async () => {
    const u = await createUser(ctx);
    const wrong = await login(u.email, 'gresit-gresit');
    const unknown = await login('nimeni@test.ro', 'gresit-gresit');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: 'Adresa de email sau parola este incorecta!', code: 'invalidCredentials' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies.find((c) => c.name === 'co_session')).toBeUndefined();
  });

  it('refuses malformed input with 400 and field messages', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nu-e-email', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Datele sunt invalide!',
      errors: { email: 'Adresa de email este invalida!', password: 'Parola este obligatorie!' },
    });
    const notJson = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ success: false, message: 'Datele sunt invalide!' });
  });

  it('locks an account for 15 minutes after 10 failures, even for the right password', async () => {
    const u = await createUser(ctx);
    for (let i = 0; i < 10; i++) expect((await login(u.email, `gresit-${i}-xx`)).statusCode).toBe(401);
    const locked = await login(u.email, u.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Prea multe incercari de autentificare esuate. Va rugam reincercati peste 15 minute!');
    // Once the failures are older than the window, the account signs in again.
    await ctx.database.db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginAttempts.email, u.email));
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('a successful sign-in resets the failure count', async () => {
    const u = await createUser(ctx);
    for (let i = 0; i < 9; i++) await login(u.email, `gresit-${i}-xx`);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login(u.email, `gresit-${i}-yy`);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('limits one address to 100 attempts a minute', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 100; i++) expect((await login(`robot${i}@test.ro`, 'gresit-gresit', ip)).statusCode).toBe(401);
    const blocked = await login('robot-final@test.ro', 'gresit-gresit', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Prea multe incercari de autentificare de la aceasta adresa. Va rugam reincercati peste un minut!');
    // Another address is not affected.
    const u = await createUser(ctx);
    expect((await login(u.email, u.password, '198.51.100.1')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers 401 without a session and the user with one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const u = await createUser(ctx);
    const me = await as(ctx, u, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(u.email);
  });

  it('logout ends the session: the old token no longer works', async () => {
    const u = await createUser(ctx);
    const out = await as(ctx, u, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'V-ati deconectat cu succes!' });
    expect((await as(ctx, u, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
  });

  it('a session idle for too long, or past its absolute expiry, is refused', async () => {
    const idle = await createUser(ctx);
    await ctx.database.db.update(sessions).set({ idleExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, idle.id));
    expect((await as(ctx, idle, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const old = await createUser(ctx);
    await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, old.id));
    expect((await as(ctx, old, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('using a session pushes its idle expiry forward (at most once a minute)', async () => {
    const u = await createUser(ctx);
    const past = new Date(Date.now() - 5 * 60_000);
    await ctx.database.db.update(sessions).set({ lastSeenAt: past, idleExpiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.userId, u.id));
    await as(ctx, u, { method: 'GET', url: '/api/auth/me' });
    const [s] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(s!.lastSeenAt.getTime()).toBeGreaterThan(past.getTime());
    expect(s!.idleExpiresAt.getTime()).toBeGreaterThan(Date.now() + ctx.config.sessionIdleMs - 60_000);
  });

  it('a made-up or overlong cookie is simply not signed in', async () => {
    for (const cookie of ['co_session=abc', `co_session=${'x'.repeat(500)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('POST /api/auth/register', () => {
  const valid = { accountType: 'company', name: 'Curier Nou SRL', email: 'nou@firma.ro', phone: '0722 123 456'.replace(/ /g, ''), password: 'Parola123!' };

  it('creates a client account, signs it in and normalises the phone', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: valid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { email: 'nou@firma.ro', userType: 1, accountType: 'company', isAdmin: false } });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: sessionCookie(res) } });
    expect(me.json().profile).toMatchObject({ name: 'Curier Nou SRL', phone: '+40722123456', referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/) });
  });

  it('refuses an email that already has an account with 409', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...valid, email: 'NOU@firma.ro' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'Exista deja un cont cu aceasta adresa de email!', errors: { email: 'Exista deja un cont cu aceasta adresa de email!' } });
  });

  it('refuses every invalid field with its message and creates nothing', async () => {
    const before = await ctx.database.db.select().from(users);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { accountType: 'robot', name: '', email: 'x', phone: '+40 722', password: 'scurt' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Numele este obligatoriu!',
      email: 'Adresa de email este invalida!',
      phone: 'Campul este invalid!',
      password: 'Parola trebuie sa aiba minim 8 caractere',
    });
    expect(res.json().errors.accountType).toBeDefined();
    const after = await ctx.database.db.select().from(users);
    expect(after.length).toBe(before.length);
  });

  it('cannot make an admin, whatever the body says', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...valid, email: 'vreau-admin@firma.ro', userType: 2, isAdmin: true },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(and(eq(users.email, 'vreau-admin@firma.ro')));
    expect(row!.userType).toBe(1);
  });
});
