import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { adminAuditLog } from './schema/audit-log.js';

/**
 * The admin audit log, the platform's table (like the outbox): written by the audit plugin
 * (plugins/audit.ts) for every admin call, read by the admin module's log page through `auditEntries`.
 */

export type AuditEntry = typeof adminAuditLog.$inferSelect;

/** One row of the log: who, for which client (an existing account, or null), what, with which data, the answer's status. */
export async function writeAuditEntry(db: Executor, row: Omit<typeof adminAuditLog.$inferInsert, 'id' | 'createdAt'>) {
  await db.insert(adminAuditLog).values(row);
}

/**
 * One page of the log, newest first (admin_audit_log_created_idx; with a client,
 * admin_audit_log_client_idx), and the count; `reads: false` leaves the GET calls out.
 */
export async function auditEntries(db: Executor, f: { clientId?: number; reads: boolean; limit: number; offset: number }) {
  const where = and(f.clientId ? eq(adminAuditLog.clientId, f.clientId) : undefined, f.reads ? undefined : sql`${adminAuditLog.action} NOT LIKE 'GET %'`);
  const [entries, [total]] = await Promise.all([
    db.select().from(adminAuditLog).where(where).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return { entries, count: Number(total?.n ?? 0) };
}
