import { pageOffset, type TAuditEntry, type TCompany } from '@colete/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { invoiceSellers } from '../invoicing/index.js';
import { auditPage } from './audit-log-page.js';

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
      const others = (await invoiceSellers(db))
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
