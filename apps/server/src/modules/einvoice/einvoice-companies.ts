import { EINVOICE_COMPANY_MESSAGES, type TEInvoiceCompany } from '@colete/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { eInvoiceConnections } from '../../db/schema/einvoice.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { entitiesOfAccount, entityIdsHeldBy } from '../billing/index.js';
import { effectiveState } from './einvoice-queries.js';
import type { EInvoiceService } from './einvoice-service.js';

/**
 * The acting client's companies connected to e-Factura (issue 25, 'Management firme'): listed with
 * their last sync and state, the connection renewed now, or deleted. A deletion removes the
 * authorisation (its tokens) and keeps the received invoices: the signed originals outlive SPV's 60
 * days, and they show again when the company is connected again. Another client's company answers 404.
 */
export function einvoiceCompaniesService(deps: { database: Database; einvoice: Pick<EInvoiceService, 'refreshNow'>; log?: Pick<FastifyBaseLogger, 'warn'> }) {
  const { db } = deps.database;
  const c = eInvoiceConnections;

  async function own(client: UserRow, id: number) {
    const [row] = await db.select({ id: c.billingEntityId }).from(c).where(eq(c.billingEntityId, id)).limit(1);
    if (!row || !(await entityIdsHeldBy(db, client.id, [row.id])).has(row.id)) throw notFound(EINVOICE_COMPANY_MESSAGES.notConnected);
    return row.id;
  }

  return {
    async list(client: UserRow): Promise<TEInvoiceCompany[]> {
      // The client's entries (by name, from billing), then the connections of those entries.
      const entities = await entitiesOfAccount(db, client.id);
      if (entities.length === 0) return [];
      const rows = await db
        .select({ id: c.billingEntityId, state: effectiveState, refreshExpiresAt: c.refreshExpiresAt, lastSyncAt: c.lastSyncAt, lastSyncError: c.lastSyncError })
        .from(c)
        .where(inArray(c.billingEntityId, entities.map((e) => e.id)));
      const connections = new Map(rows.map((r) => [r.id, r]));
      return entities.flatMap((e) => {
        const r = connections.get(e.id);
        if (!r) return [];
        return [
          {
            fiscalSubaccountNumber: e.id,
            name: e.name,
            identificationCode: e.identificationCode,
            tradeRegister: e.tradeRegister ?? null,
            state: r.state,
            refreshExpiresAt: r.refreshExpiresAt.toISOString(),
            lastSync: r.lastSyncAt?.toISOString() ?? null,
            lastSyncError: r.lastSyncError,
          },
        ];
      });
    },

    async remove(client: UserRow, id: number) {
      const billingEntityId = await own(client, id);
      await db.delete(c).where(eq(c.billingEntityId, billingEntityId));
    },

    /** A refused refresh (the consent revoked or lapsed) changes nothing and answers 409. */
    async refresh(client: UserRow, id: number) {
      const billingEntityId = await own(client, id);
      try {
        await deps.einvoice.refreshNow(billingEntityId);
      } catch (err) {
        deps.log?.warn({ billingEntityId, err: err instanceof Error ? err.message : String(err) }, 'e-invoicing connection not refreshed');
        throw conflict(EINVOICE_COMPANY_MESSAGES.refreshFailed, 'refreshFailed');
      }
    },
  };
}
export type EInvoiceCompaniesService = ReturnType<typeof einvoiceCompaniesService>;
