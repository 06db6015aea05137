import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  // A route that fails the way a bug would, to prove what a 5xx shows.
  ctx = await createTestApp({}, (app) =>
    app.get('/api/test-only/boom', async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
    }),
  );
});
afterAll(async () => ctx?.close());

describe('platform behaviour', () => {
  it('GET /api/health answers success when the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, database: 'ok' });
  });

  it('a 5xx shows no stack, SQL or internal detail, only the Romanian message and a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test-only/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'A intervenit o eroare neasteptata. Va rugam reincercati, iar daca problema persista sa ne contactati!',
    });
    expect(res.body).not.toMatch(/secret_table|app\.ts|stack/);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unknown API path answers a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nu-exista' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Resursa nu a fost gasita!' });
  });

  it('a state-changing call from a foreign origin is refused; our own origin passes', async () => {
    const u = await createUser(ctx);
    const payload = { profile: { name: 'Nume Nou SRL' } };
    const foreign = await as(ctx, u, { method: 'POST', url: '/api/user/profile', payload, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Cererea a fost respinsa: originea nu este permisa!');
    const crossSite = await as(ctx, u, { method: 'POST', url: '/api/user/profile', payload, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    const profile = await as(ctx, u, { method: 'GET', url: '/api/user/profile' });
    expect(profile.json().profile.name).not.toBe('Nume Nou SRL');

    const own = await as(ctx, u, { method: 'POST', url: '/api/user/profile', payload, headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(own.statusCode).toBe(200);
    // Reading is not state-changing: a foreign origin may not read with credentials anyway (no CORS).
    const read = await as(ctx, u, { method: 'GET', url: '/api/user/profile', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a sign-in from a foreign origin is refused too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.ro', password: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers carry the security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a body over 1 MiB is refused with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.ro', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Datele trimise sunt prea mari!' });
  });

  it('serves the OpenAPI description of every route at /api/docs', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json().paths);
    for (const p of ['/api/auth/login', '/api/auth/logout', '/api/auth/register', '/api/user/profile', '/api/user/change-password', '/api/admin/clients', '/api/health']) {
      expect(paths).toContain(p);
    }
    const login = json.json().paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
