import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { verifyPassword } from '../src/lib/passwords.js';
import { as, createTestApp, createUser, type TestContext } from './helper.js';

/*
 * Password changes race: many calls with the same old password at once. Exactly one may win;
 * the others find the old password no longer valid. Runs on PGlite, and on PostgreSQL (where the
 * calls really run in parallel) with TEST_DATABASE_URL.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('concurrent password changes', () => {
  it('fifty parallel changes with the same old password: exactly one succeeds, and its password is the one that works', { timeout: 120_000 }, async () => {
    const u = await createUser(ctx);
    const N = 50;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        as(ctx, u, {
          method: 'POST',
          url: '/api/user/change-password',
          payload: { oldPassword: u.password, newPassword: `NouaParola-${i}!`, newPasswordConfirmation: `NouaParola-${i}!` },
          remoteAddress: `10.77.0.${i + 1}`,
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    const winners = statuses.flatMap((s, i) => (s === 200 ? [i] : []));
    expect(winners, `statuses: ${statuses.join(',')}`).toHaveLength(1);
    // The others are refused (a wrong old password or the attempts limit), never a 5xx.
    expect(statuses.filter((s) => s !== 200 && s !== 400 && s !== 429 && s !== 401)).toEqual([]);

    // (Checked on the stored hash: the race's refused attempts count against sign-in for a while.)
    const [row] = await ctx.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, u.id));
    expect(await verifyPassword(row!.passwordHash, `NouaParola-${winners[0]}!`)).toBe(true);
  });
});
