import {
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  messages,
} from '@colete/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/users.js';
import { tooManyRequests } from '../../lib/errors.js';
import { countAttemptsFromAddress, countRecentFailures } from './auth-queries.js';

/**
 * Password checks (sign-in, and the old password of a password change) are limited per account
 * and per address. The attempt is recorded as a failure BEFORE it is counted and checked, so
 * parallel requests see each other: no burst gets more guesses than the limit.
 */
export async function throttledCheck(db: Executor, who: { email: string; ip: string }, check: () => Promise<boolean>): Promise<boolean> {
  const now = Date.now();
  const [attempt] = await db.insert(loginAttempts).values({ email: who.email, ip: who.ip, succeeded: false }).returning({ id: loginAttempts.id });
  const fromAddress = await countAttemptsFromAddress(db, who.ip, new Date(now - LOGIN_ADDRESS_WINDOW_MS));
  if (fromAddress > LOGIN_MAX_ATTEMPTS_PER_ADDRESS) throw tooManyRequests(messages.auth.tooManyFromAddress);
  const failures = await countRecentFailures(db, who.email, new Date(now - LOGIN_ACCOUNT_WINDOW_MS));
  if (failures > LOGIN_MAX_FAILURES_PER_ACCOUNT) throw tooManyRequests(messages.auth.tooManyAttempts);
  const ok = await check();
  if (ok) await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attempt!.id));
  return ok;
}
