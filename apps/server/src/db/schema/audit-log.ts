import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- The admin audit log: who did what, for whom, when ---- */

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client acted for, when the action has one. */
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'POST /api/admin/revert-payment', or a route's own name. */
    action: text('action').notNull(),
    /** The request's data (ids, amounts) and what came of it. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    statusCode: smallint('status_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt, t.id), index('admin_audit_log_client_idx').on(t.clientId, t.createdAt)],
);
