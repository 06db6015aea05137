import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { DEMO_ACCOUNTS, seedDemo } from '../src/db/seed.js';
import { createTestApp, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('demo seed', () => {
  it('creates the README’s demo accounts once; a second start keeps what was saved', async () => {
    expect(await seedDemo(ctx.database)).toBe(true);
    for (const account of DEMO_ACCOUNTS) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
      expect(res.statusCode, account.email).toBe(200);
      expect(res.json().user.isAdmin).toBe(account.email === 'admin@demo.ro');
    }
    await ctx.database.db.update(users).set({ name: 'Nume schimbat de utilizator' }).where(eq(users.email, 'client@demo.ro'));
    expect(await seedDemo(ctx.database)).toBe(false);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'client@demo.ro'));
    expect(row!.name).toBe('Nume schimbat de utilizator');
    expect(await ctx.database.db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it('migrations are idempotent: running them again changes nothing', async () => {
    await ctx.database.migrate();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
