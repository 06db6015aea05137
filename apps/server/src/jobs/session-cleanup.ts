import { and, lt, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { rateWindows } from '../db/schema/meta.js';
import { DAILY_WINDOWS_SCOPE } from '../lib/rate-limit.js';
import { deleteExpiredSessions, pruneLoginAttempts } from '../modules/auth/index.js';
import { pruneUploadProgress } from '../modules/repayments/index.js';
import { pruneStoreRecords } from '../modules/store/index.js';
import { pruneReturnAttempts } from '../modules/templates/index.js';
import { defineJob } from './define-job.js';

export const SESSION_CLEANUP_QUEUE = 'session-cleanup';
const LOGIN_ATTEMPTS_KEEP_MS = 24 * 3600_000;

/**
 * Removes expired sessions, and sign-in attempts and return-page submissions older than a day (the
 * limits' windows), the rate limits' windows older than an hour, the progress of uploads ended
 * minutes ago; and the stores' old webhook delivery ids and lapsed consents.
 */
export async function cleanupSessions(database: Database, now = new Date()) {
  const sessions = await deleteExpiredSessions(database.db, now);
  const attempts = await pruneLoginAttempts(database.db, new Date(now.getTime() - LOGIN_ATTEMPTS_KEEP_MS));
  const returns = await pruneReturnAttempts(database.db, new Date(now.getTime() - LOGIN_ATTEMPTS_KEEP_MS));
  // The rate limits' windows are a minute long: an hour old, a window is never read again; e-Factura's
  // daily quotas (a day long) are kept two days.
  const windows = await database.db
    .delete(rateWindows)
    .where(
      or(
        and(ne(rateWindows.scope, DAILY_WINDOWS_SCOPE), lt(rateWindows.windowStart, new Date(now.getTime() - 3600_000))),
        lt(rateWindows.windowStart, new Date(now.getTime() - 2 * 86_400_000)),
      ),
    )
    .returning({ scope: rateWindows.scope });
  const uploads = await pruneUploadProgress(database.db, now);
  const store = await pruneStoreRecords(database.db, now);
  return { sessions, attempts, returnAttempts: returns, rateWindows: windows.length, uploadProgress: uploads, ...store };
}

export const registerSessionCleanup = (boss: PgBoss, database: Database, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: SESSION_CLEANUP_QUEUE,
    cron: '*/15 * * * *',
    work: () => cleanupSessions(database),
    report: { message: 'expired sessions cleaned up', when: () => true },
  });
