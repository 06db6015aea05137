import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { adminAuditLog } from '../../db/schema/audit-log.js';
import { accountContacts } from '../auth/index.js';

/**
 * One page of the audit log, newest first (admin_audit_log_created_idx; with a client,
 * admin_audit_log_client_idx); then the page's admins and clients, one query to auth's index.
 */
export async function auditPage(db: Executor, f: { clientId?: number; reads: boolean; limit: number; offset: number }) {
  const where = and(f.clientId ? eq(adminAuditLog.clientId, f.clientId) : undefined, f.reads ? undefined : sql`${adminAuditLog.action} NOT LIKE 'GET %'`);
  const [entries, [total]] = await Promise.all([
    db.select().from(adminAuditLog).where(where).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  const people = await accountContacts(db, entries.flatMap((e) => (e.clientId === null ? [e.adminId] : [e.adminId, e.clientId])));
  const named = (id: number | null) => {
    const who = id === null ? undefined : people.get(id);
    return who ? { id: who.id, name: who.name, email: who.email } : null;
  };
  const rows = entries.flatMap((entry) => {
    const admin = named(entry.adminId);
    return admin ? [{ entry, admin, client: named(entry.clientId) }] : [];
  });
  return { rows, count: Number(total?.n ?? 0) };
}
