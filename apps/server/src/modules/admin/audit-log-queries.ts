import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { adminAuditLog } from '../../db/schema/audit-log.js';
import { users } from '../../db/schema/users.js';

const admins = alias(users, 'admin');
const clients = alias(users, 'client');

/** One page of the audit log, newest first (admin_audit_log_created_idx; with a client, admin_audit_log_client_idx). */
export async function auditPage(db: Executor, f: { clientId?: number; reads: boolean; limit: number; offset: number }) {
  const where = and(f.clientId ? eq(adminAuditLog.clientId, f.clientId) : undefined, f.reads ? undefined : sql`${adminAuditLog.action} NOT LIKE 'GET %'`);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: adminAuditLog,
        admin: { id: admins.id, name: admins.name, email: admins.email },
        client: { id: clients.id, name: clients.name, email: clients.email },
      })
      .from(adminAuditLog)
      .innerJoin(admins, eq(admins.id, adminAuditLog.adminId))
      .leftJoin(clients, eq(clients.id, adminAuditLog.clientId))
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}
