import { pageOffset, type TAuditEntry, type TCompany } from '@colete/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { invoices } from '../../db/schema/invoicing.js';
import { auditPage } from './audit-log-queries.js';

/** The rows of a raw query, whichever driver answered (node-postgres or PGlite). */
const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

/**
 * The admin's reads of issue 17: the platform's companies and the audit log.
 *
 * A company is a legal entity of the platform that issues the invoices (the seller): the one
 * configured now, and any other whose copy is kept on older invoices ('an old company', spec 002
 * section 2.4). Its id is its fiscal code (CUI) as a number.
 */
export function adminBalanceService(deps: { database: Database; seller: Config['seller'] }) {
  const { db } = deps.database;
  const current: TCompany = { id: Number(deps.seller.cui.replace(/\D/g, '')), name: deps.seller.name };

  return {
    async companies(): Promise<TCompany[]> {
      // Distinct sellers through a loose index scan over invoices_seller_code_idx: one step per company, not per invoice.
      const res = await db.execute(sql`
        WITH RECURSIVE codes(code) AS (
          (SELECT ${invoices.seller}->>'identificationCode' FROM ${invoices} ORDER BY 1 LIMIT 1)
          UNION ALL
          SELECT (SELECT ${invoices.seller}->>'identificationCode' FROM ${invoices} WHERE ${invoices.seller}->>'identificationCode' > codes.code ORDER BY 1 LIMIT 1)
          FROM codes WHERE codes.code IS NOT NULL
        )
        SELECT c.code, (SELECT i.seller->>'name' FROM ${invoices} i WHERE i.seller->>'identificationCode' = c.code LIMIT 1) AS name
        FROM codes c WHERE c.code IS NOT NULL`);
      const others = rowsOf<{ code: string; name: string }>(res)
        .map((r) => ({ id: Number(String(r.code).replace(/\D/g, '')), name: r.name }))
        .filter((c) => Number.isSafeInteger(c.id) && c.id > 0 && c.id !== current.id);
      return [current, ...others];
    },

    async auditLog(q: { clientId?: number; reads: boolean; page: number; limit: number }) {
      const { rows, count } = await auditPage(db, { clientId: q.clientId, reads: q.reads, limit: q.limit, offset: pageOffset(q) });
      const list: TAuditEntry[] = rows.map((r) => ({
        id: r.entry.id,
        at: r.entry.createdAt.toISOString(),
        admin: r.admin,
        client: r.client?.id ? r.client : null,
        action: r.entry.action,
        details: r.entry.details,
        statusCode: r.entry.statusCode,
      }));
      return { list, count };
    },
  };
}

export type AdminBalanceService = ReturnType<typeof adminBalanceService>;
