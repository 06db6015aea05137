import { messages } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { as, createTestApp, createUser, openTestDatabase, type TestContext, type TestUser } from './helper.js';

let ctx: TestContext;
let https: TestContext;
let u: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  https = await createTestApp({ publicUrl: 'https://colete.example.ro' });
  u = await createUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await https?.close();
});

describe('security headers', () => {
  it('an HTTPS deployment sends Strict-Transport-Security, Permissions-Policy and Cross-Origin-Opener-Policy', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const res = await https.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('over plain HTTP there is no Strict-Transport-Security (browsers ignore it there)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('a lone UTF-16 surrogate is refused with 400 wherever text arrives', () => {
  const invalid = { success: false, message: messages.common.invalidData };

  it('in a body: a text column, a JSON column, a key, and deep inside the body', async () => {
    let deep: unknown = { name: '\ud800' };
    for (let i = 0; i < 30; i++) deep = { a: deep };
    const cases = [
      as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: { name: 'Ana \ud800' } } }),
      as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: { name: 'Ana \udc00 Pop' } } }),
      as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: { ['\ud800']: 'x' } } }),
      as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: { name: 'Ana' }, deep } }),
      as(ctx, u, { method: 'POST', url: '/api/address/all', payload: { search: '\ud800' } }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject(invalid);
    }
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await as(ctx, u, { method: 'POST', url: '/api/user/profile', payload: { profile: { name: 'Ana 😀' } } });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });

  it('in a query or a path: its UTF-8 form (%ED%A0%80) is not silently kept as other text', async () => {
    const cases = [
      as(ctx, u, { method: 'GET', url: '/api/shipments?q=%ED%A0%80' }),
      as(ctx, u, { method: 'GET', url: '/api/shipments?q=ab%ED%B0%80cd' }),
      as(ctx, u, { method: 'GET', url: '/api/shipments?%ED%A0%80=1' }),
      ctx.app.inject({ method: 'GET', url: '/api/search/locality/RO/CJ/%ED%A0%80' }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject(invalid);
    }
    const fine = await as(ctx, u, { method: 'GET', url: `/api/shipments?q=${encodeURIComponent('Ștefan 😀 100%')}` });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('logged errors', () => {
  it('a failed statement is logged without its values (names, phones, emails)', async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ logLevel: 'error' }), database, logStream: { write: (line: string) => void lines.push(line) } });
    const values = { email: 'ion.secret@exemplu.ro', passwordHash: 'x', name: 'Ion Secretescu', phone: '+40733987654', referralCode: 'REFSECRET1', accountType: 'company' as const };
    app.post('/api/test-only/duplicate', async () => {
      await database.db.insert(users).values(values);
      await database.db.insert(users).values({ ...values, referralCode: 'REFSECRET2' }); // the same email: a unique violation
      return { ok: true };
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'POST', url: '/api/test-only/duplicate', payload: {} });
      expect(res.statusCode).toBe(500);
      const logged = lines.join('\n');
      expect(logged).toContain('request failed');
      // What helps find the fault stays: the error's type, the statement, the database's code.
      expect(logged).toMatch(/insert into \\+"users\\+"/);
      expect(logged).toContain('23505');
      for (const secret of ['ion.secret@exemplu.ro', 'Ion Secretescu', '+40733987654', 'REFSECRET2']) expect(logged).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
