import { LOGIN_MAX_FAILURES_PER_ACCOUNT, messages } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { verifyPassword } from '../src/lib/passwords.js';
import { as, createTestApp, createUser, type TestContext } from './helper.js';

/*
 * Password changes race: many calls with the same old password at once. At most one may win;
 * the others find the old password no longer valid (or meet the attempts limit). Runs on PGlite, and on PostgreSQL (where the
 * calls really run in parallel) with TEST_DATABASE_URL.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** `n` password changes at once, each to its own new password; the statuses and the winners' indexes. */
async function race(n: number) {
  const u = await createUser(ctx);
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      as(ctx, u, {
        method: 'POST',
        url: '/api/user/change-password',
        payload: { oldPassword: u.password, newPassword: `NouaParola-${i}!`, newPasswordConfirmation: `NouaParola-${i}!` },
        remoteAddress: `10.77.${n}.${i + 1}`,
      }),
    ),
  );
  const statuses = results.map((r) => r.statusCode);
  const winners = statuses.flatMap((s, i) => (s === 200 ? [i] : []));
  // The others are refused: the old password is no longer valid (400), or the attempts limit (429).
  for (const r of results.filter((x) => x.statusCode !== 200)) {
    expect([400, 429], r.body).toContain(r.statusCode);
    if (r.statusCode === 400) expect(r.json().errors).toEqual({ oldPassword: messages.password.oldWrong });
  }
  // The winner's password is the stored one (checked on the hash: the refused attempts count against sign-in for a while).
  const [row] = await ctx.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, u.id));
  if (winners.length === 1) expect(await verifyPassword(row!.passwordHash, `NouaParola-${winners[0]}!`)).toBe(true);
  return { statuses, winners };
}

describe('concurrent password changes', () => {
  it('fifty parallel changes with the same old password: at most one succeeds, and its password is the one stored', { timeout: 120_000 }, async () => {
    // Past the account's attempts limit (LOGIN_MAX_FAILURES_PER_ACCOUNT) a burst is refused with 429
    // (on PostgreSQL, where the calls truly overlap, possibly the whole burst); never two winners.
    const { statuses, winners } = await race(50);
    expect(winners.length, `statuses: ${statuses.join(',')}`).toBeLessThanOrEqual(1);
    if (ctx.database.kind === 'pglite') expect(winners, `statuses: ${statuses.join(',')}`).toHaveLength(1);
  });

  it('as many parallel changes as the attempts limit lets through: exactly one succeeds, the others find the old password changed', { timeout: 120_000 }, async () => {
    const { statuses, winners } = await race(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(winners, `statuses: ${statuses.join(',')}`).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT - 1);
  });
});
