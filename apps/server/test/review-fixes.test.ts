import { USER_TYPE } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { as, createTestApp, createUser, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('limits that hold under parallel requests', () => {
  it('a burst of 40 parallel wrong sign-ins for one account gets at most 10 tries', async () => {
    const u = await createUser(ctx);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: `gresit-${i}-xx` }, remoteAddress: '192.0.2.10' }),
      ),
    );
    const tried = results.filter((r) => r.statusCode === 401).length;
    const refused = results.filter((r) => r.statusCode === 429).length;
    expect(tried).toBeLessThanOrEqual(10);
    expect(tried + refused).toBe(40);
  });

  it('a burst of 150 parallel sign-ins from one address gets at most 100 tries', async () => {
    const results = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `rafala${i}@test.ro`, password: 'gresit-gresit' }, remoteAddress: '192.0.2.20' }),
      ),
    );
    const tried = results.filter((r) => r.statusCode === 401).length;
    const refused = results.filter((r) => r.statusCode === 429).length;
    expect(tried).toBeLessThanOrEqual(100);
    expect(tried + refused).toBe(150);
  });

  it('wrong old passwords on a password change are limited like sign-ins', async () => {
    const u = await createUser(ctx);
    const change = (oldPassword: string) =>
      as(ctx, u, {
        method: 'POST',
        url: '/api/user/change-password',
        payload: { oldPassword, newPassword: 'NouaParola1!', newPasswordConfirmation: 'NouaParola1!' },
        remoteAddress: '192.0.2.30',
      });
    for (let i = 0; i < 10; i++) expect((await change(`ghicit-${i}-x`)).statusCode).toBe(400);
    const locked = await change(u.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Prea multe incercari de autentificare esuate. Va rugam reincercati peste 15 minute!');
  });
});

describe('hardening', () => {
  it('the Origin check also covers a percent-encoded API path', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/auth/login',
      payload: { email: 'a@b.ro', password: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a NUL character anywhere answers 400, never 500', async () => {
    const u = await createUser(ctx);
    const cases = [
      ctx.app.inject({ method: 'GET', url: '/api/search/locality/RO/CJ/a%00b' }),
      ctx.app.inject({ method: 'GET', url: '/api/search/street/RO/Cluj-Napoca/CJ/a%00b' }),
      ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { accountType: 'company', name: 'A\u0000B', email: 'nul@test.ro', phone: '0722123456', password: 'Parola123!' } }),
      as(ctx, u, { method: 'POST', url: '/api/address/all', payload: { search: 'a\u0000' } }),
      as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: { name: 'X\u0000' } } }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Datele sunt invalide!' });
    }
  });

  it('an out-of-range selectedClient answers 400', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin, password: 'AdminParola1!' });
    const res = await as(ctx, admin, { method: 'GET', url: '/api/user/profile?selectedClient=99999999999' });
    expect(res.statusCode).toBe(400);
  });

  it('TRUST_PROXY takes a hop count or addresses, never "trust everyone"', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('behind one trusted proxy, a forged X-Forwarded-For cannot dodge the address limit', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 102; i++) {
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `fals${i}@test.ro`, password: 'gresit-gresit' },
          remoteAddress: '10.1.1.1',
          headers: { 'x-forwarded-for': `203.0.113.${i % 250}, 198.51.100.77` },
        });
        statuses.push(res.statusCode);
      }
      // The proxy's own entry (the last one) is the client: forged entries before it are ignored.
      expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(100)).toEqual([429, 429]);
    } finally {
      await proxied.close();
    }
  });
});
