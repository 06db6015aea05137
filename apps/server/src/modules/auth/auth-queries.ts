import { and, count, eq, gt, lt, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginAttempts, users } from '../../db/schema/users.js';

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

export async function findUserById(db: Executor, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function countAttemptsFromAddress(db: Executor, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}

/** Failures for one account inside the window, counted from its last successful sign-in. */
export async function countRecentFailures(db: Executor, email: string, since: Date) {
  const [last] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.createdAt, since)));
  const from = last?.at && last.at > since ? last.at : since;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, from)));
  return row?.n ?? 0;
}

/** Sign-in attempts older than `before` dropped (the clean-up job: the limits' windows are a day); answers how many. */
export async function pruneLoginAttempts(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before)).returning({ id: loginAttempts.id });
  return rows.length;
}
