import { normalizeCui, normalizeText } from '@colete/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { eInvoiceConnections, eInvoiceReceived } from '../../db/schema/einvoice.js';
import { EFacturaError, type EFacturaMessage, type EFacturaRest } from '../../integrations/e-invoicing/anaf-rest.js';
import { readUbl } from '../../lib/ubl-read.js';
import type { EInvoiceService } from './einvoice-service.js';
import { entityById, findConnection } from './einvoice-queries.js';
import { checkCourierInvoice, recordBilledAwbs, type CourierNames } from './courier-invoice-check.js';
import { notifyReceived } from './einvoice-received-mail.js';
import { syncBuyerMessages } from './einvoice-sent-messages.js';
import { RECEIVED_WARNINGS, warningsOf } from './ubl-warnings.js';

/** SPV keeps a message about 60 days: a sync never asks further back (a few minutes inside, for the clock's sake). */
export const SYNC_MAX_WINDOW_MS = 60 * 86_400_000 - 5 * 60_000;
/** Each sync asks again for the hour before the last one's end: a message created as it ran is not missed. */
export const SYNC_OVERLAP_MS = 60 * 60_000;

export type SyncResult = { downloaded: number; known: number; failed: number };

/**
 * The sync of one connected company's received invoices (issue 25): the paginated list ('P') over the
 * window since its last sync (at most 60 days), each new message downloaded once and kept (the signed
 * ZIP unchanged, the document read from its XML, its warnings); a message already kept is not
 * downloaded again. An answer that is not an invoice is not stored: it is counted as failed and the
 * window is asked again next time (lastSync does not move). A refused list or token fails the sync,
 * recorded on the connection, the old tokens kept.
 */
export function einvoiceSync(deps: {
  database: Database;
  rest: EFacturaRest;
  einvoice: Pick<EInvoiceService, 'accessToken'>;
  /** The platform's own company: its invoices are checked against our AWBs' costs (the 'Internal' account). */
  platformCui?: string;
  couriers?: CourierNames;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db } = deps.database;
  const isPlatform = (code: string) => deps.platformCui !== undefined && normalizeCui(code) === normalizeCui(deps.platformCui);

  /**
   * One message kept, with the duplicate-number warning read from the company's other invoices (and,
   * for the platform's company, the courier check's verdict as its status). Answers whether it was new.
   */
  async function keep(billingEntityId: number, message: EFacturaMessage, file: Awaited<ReturnType<EFacturaRest['download']>>, platform: boolean) {
    const doc = readUbl(file.root);
    if (!doc || !doc.number || !doc.issueDate || !doc.currency || doc.totals.payableBani === null) throw new EFacturaError('unexpected', `message ${message.id} holds no readable invoice`);
    const sellerIdentification = doc.seller.identification ? normalizeCui(doc.seller.identification) : '';
    const warnings = warningsOf(doc);
    const [twin] = await db
      .select({ id: eInvoiceReceived.id })
      .from(eInvoiceReceived)
      .where(and(eq(eInvoiceReceived.billingEntityId, billingEntityId), eq(eInvoiceReceived.sellerIdentification, sellerIdentification), eq(eInvoiceReceived.number, doc.number), ne(eInvoiceReceived.messageId, message.id)))
      .limit(1);
    if (twin) warnings.push(RECEIVED_WARNINGS.duplicate(doc.number));
    const { attachments, ...document } = doc;
    const { number, issueDate, currency } = doc;
    const totalBani = doc.totals.payableBani;
    // The platform's company: the verdict, the invoice and its billed AWBs in one transaction.
    const write = async (tx: Executor) => {
      const verdict = platform ? await checkCourierInvoice(tx, deps.couriers ?? (() => []), doc, sellerIdentification, new Date()) : null;
      const values: typeof eInvoiceReceived.$inferInsert = {
        billingEntityId,
        messageId: message.id,
        uploadIndex: message.uploadIndex,
        messageAt: message.createdAt,
        zip: file.zip,
        kind: doc.kind,
        number,
        issueDate,
        dueDate: doc.dueDate,
        currency,
        sellerName: doc.seller.name ?? sellerIdentification,
        sellerSearch: normalizeText(doc.seller.name ?? sellerIdentification),
        sellerIdentification,
        taxBani: doc.taxBani ?? 0,
        totalBani,
        document: { ...document, attachments: attachments.map((a) => ({ filename: a.filename, mimeCode: a.mimeCode })) },
        hasPdf: attachments.some((a) => a.mimeCode === 'application/pdf') ? 1 : 0,
        warnings,
        warningStatus: warnings.length > 0 ? 1 : 0,
        status: verdict?.status ?? 'initial',
        courierCheck: verdict?.check ?? null,
      };
      const inserted = await tx
        .insert(eInvoiceReceived)
        .values(values)
        .onConflictDoNothing({ target: [eInvoiceReceived.billingEntityId, eInvoiceReceived.messageId] })
        .returning({ id: eInvoiceReceived.id });
      if (inserted[0] && verdict) await recordBilledAwbs(tx, inserted[0].id, verdict);
      return inserted.length > 0;
    };
    return platform ? db.transaction(write) : write(db);
  }

  async function syncCompany(billingEntityId: number, now = new Date()): Promise<SyncResult | null> {
    const [entity, connection] = await Promise.all([entityById(db, billingEntityId), findConnection(db, billingEntityId)]);
    if (!entity || !connection || connection.state !== 'ACTIVE' || connection.refreshExpiresAt <= now) return null;
    const cif = normalizeCui(entity.identificationCode);
    const platform = isPlatform(cif);
    const end = now.getTime();
    const earliest = end - SYNC_MAX_WINDOW_MS;
    const start = Math.max(earliest, connection.lastSyncAt ? connection.lastSyncAt.getTime() - SYNC_OVERLAP_MS : earliest);
    const result: SyncResult = { downloaded: 0, known: 0, failed: 0 };
    try {
      const token = await deps.einvoice.accessToken(billingEntityId, now);
      for (let page = 1, pages = 1; page <= pages; page++) {
        const listed = await deps.rest.listPage(token, cif, start, end, page, 'P');
        pages = listed.pages;
        const ids = listed.messages.map((m) => m.id);
        const kept = new Set(
          ids.length === 0
            ? []
            : (await db.select({ id: eInvoiceReceived.messageId }).from(eInvoiceReceived).where(and(eq(eInvoiceReceived.billingEntityId, billingEntityId), inArray(eInvoiceReceived.messageId, ids)))).map((r) => r.id),
        );
        for (const message of listed.messages) {
          if (kept.has(message.id)) {
            result.known += 1;
            continue;
          }
          try {
            if (await keep(billingEntityId, message, await deps.rest.download(token, message.id), platform)) result.downloaded += 1;
            else result.known += 1;
          } catch (err) {
            // Not what was asked for (or this message's quota): never stored; asked again at the next sync.
            // Throttled (429), refused token or no network: the company's sync stops here, resumed by the next run.
            if (!(err instanceof EFacturaError) || err.kind === 'unauthorised' || err.kind === 'network' || err.kind === 'throttled') throw err;
            result.failed += 1;
            deps.log?.warn({ billingEntityId, messageId: message.id, err: err.message }, 'e-invoice message not kept (asked again next sync)');
          }
        }
      }
      // The buyers' messages about the documents the company sent (issue 26), over the same window.
      result.failed += (await syncBuyerMessages(deps, { billingEntityId, cif, token, start, end })).failed;
    } catch (err) {
      await db.update(eInvoiceConnections).set({ lastSyncError: String(err instanceof Error ? err.message : err).slice(0, 500) }).where(eq(eInvoiceConnections.billingEntityId, billingEntityId));
      throw err;
    }
    const c = eInvoiceConnections;
    if (result.failed > 0) await db.update(c).set({ lastSyncError: `${result.failed} mesaje nu au putut fi descarcate` }).where(eq(c.billingEntityId, billingEntityId));
    // A sync that ran beside this one and ended later keeps its (later) end.
    else await db.update(c).set({ lastSyncAt: new Date(end), lastSyncError: null }).where(and(eq(c.billingEntityId, billingEntityId), sql`(${c.lastSyncAt} is null or ${c.lastSyncAt} < ${new Date(end).toISOString()}::timestamptz)`));
    // The client told of what came (once; a failure leaves them for the next sync's mail).
    await notifyReceived(deps.database, billingEntityId).catch((err: unknown) => deps.log?.warn({ billingEntityId, err }, 'new e-invoices mail not queued (next sync)'));
    return result;
}

  return {
    /** Syncs one connected company; null when it is not connected (or the connection lapsed). */
    syncCompany,

    /**
     * The job's run: every active connection, oldest sync first, one after another (each company's
     * own failure is recorded on it and does not stop the others).
     */
    async syncAll(now = new Date()) {
      const c = eInvoiceConnections;
      const due = await db
        .select({ id: c.billingEntityId })
        .from(c)
        .where(and(eq(c.state, 'ACTIVE'), sql`${c.refreshExpiresAt} > ${now.toISOString()}::timestamptz`))
        .orderBy(sql`${c.lastSyncAt} asc nulls first`, c.billingEntityId);
      const total = { companies: 0, downloaded: 0, failed: 0, errors: 0 };
      for (const { id } of due) {
        try {
          const r = await syncCompany(id, now);
          if (!r) continue;
          total.companies += 1;
          total.downloaded += r.downloaded;
          total.failed += r.failed;
        } catch (err) {
          total.errors += 1;
          deps.log?.warn({ billingEntityId: id, err: err instanceof Error ? err.message : String(err) }, 'e-invoice sync failed (tried again next run)');
        }
      }
      return total;
    },
  };
}
export type EInvoiceSync = ReturnType<typeof einvoiceSync>;
