import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema/users.js';
import { newToken, sha256 } from '../../lib/tokens.js';

export type SessionPolicy = { idleMs: number; absoluteMs: number };
export type SessionMeta = { ip?: string; userAgent?: string };

/** Touch the idle expiry at most once a minute, so reads do not turn into writes on every request. */
const TOUCH_AFTER_MS = 60_000;

export async function createSession(db: Executor, userId: number, policy: SessionPolicy, meta: SessionMeta = {}) {
  const token = newToken();
  const now = Date.now();
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    idleExpiresAt: new Date(now + policy.idleMs),
    expiresAt: new Date(now + policy.absoluteMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt: new Date(now + policy.absoluteMs) };
}

/** Every API request reads its session: a prepared statement, not composed again for each request. */
const sessionReader = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')), gt(sessions.idleExpiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_read'),
);

export async function loadSession(db: Executor, token: string, policy: SessionPolicy) {
  const id = sha256(token);
  const now = new Date();
  const [row] = await sessionReader(db).execute({ id, now });
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, idleExpiresAt: new Date(now.getTime() + policy.idleMs) })
      .where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user };
}

export async function deleteSession(db: Executor, token: string) {
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

export async function deleteUserSessions(db: Executor, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.idleExpiresAt, now)))
    .returning({ id: sessions.id });
  return removed.length;
}
