import { einvoiceMessages, normalizeCui, normalizeText, RECEIVED_MESSAGES, SENT_PAGE_SIZE, SENT_STATUS_CODES, SENT_STATUSES, SENT_TEXTS, type SentStatus, type TOutgoingListResponse, type TSentBuyerAddress, type TSentStatusDetailsResponse, type ZOutgoingListRequest } from '@colete/contract';
import { and, asc, count, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { eInvoiceSent, eInvoiceSentEvents } from '../../db/schema/einvoice.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { renderUblPdf } from '../../lib/ubl-pdf.js';
import { readUbl } from '../../lib/ubl-read.js';
import { readXmlTree } from '../../lib/xml-tree.js';
import type { UserRow } from '../../types.js';
import { entityIdsHeldBy } from '../billing/index.js';
import { connectedEntity } from './einvoice-queries.js';
import { hasMessage, markMessagesRead, messagesOf } from './einvoice-sent-messages.js';

/*
 * The sent e-invoices of a client's connected company (issue 26; spec 002 sections 2.7, 3, 4.9, 7):
 * those it issued with 'Trimite factura', and for the platform's own company also the platform's
 * invoices reported to e-Factura, paged in SQL, each
 * with its deadline, its status details and, once accepted, its downloads. Another client's company
 * or document answers 404.
 */

const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const codeOf = (status: string) => SENT_STATUS_CODES[status as SentStatus] ?? 1;

/** Wakes the sending job after a document is queued again, so it leaves in seconds rather than at the next minute. */
const queuedListeners = new Set<() => void>();
export function onSentQueued(listener: () => void) {
  queuedListeners.add(listener);
  return () => void queuedListeners.delete(listener);
}

type BuyerAddressParts = { street: string; city: string; countyCode: string; postalCode: string };

export function sentInvoicesService(deps: {
  database: Database;
  platformCui: string;
  /** The invoicing module's: the buyer's address in parts on the issued invoice the document reports. */
  setBuyerAddress?: (db: Executor, invoiceId: number, parts: BuyerAddressParts) => Promise<void>;
  /** The geo module's: whether a county code names a Romanian county. */
  countyExists?: (code: string) => Promise<boolean>;
}) {
  const { db } = deps.database;
  const s = eInvoiceSent;
  const isPlatform = (code: string) => normalizeCui(code) === normalizeCui(deps.platformCui);

  /** The acting client's connected company with this fiscal code (404 otherwise). */
  async function company(client: UserRow, identificationCode: string) {
    const connected = await connectedEntity(db, normalizeCui(identificationCode), { userId: client.id });
    if (!connected) throw notFound(RECEIVED_MESSAGES.companyNotConnected);
    const { id, identificationCode: code } = connected.entity;
    return { id, code, own: isPlatform(code) };
  }

  /** A sent document the client may see: its company's own, or the platform's when the client holds the platform's connected company. */
  async function ownDocument(client: UserRow, where: SQL) {
    const [row] = await db.select().from(s).where(where).limit(1);
    if (!row) throw notFound(SENT_TEXTS.notFound);
    if (row.source === 'client') {
      // A client's document: only the owner of the company that issued it.
      if (!row.billingEntityId || !(await entityIdsHeldBy(db, client.id, [row.billingEntityId])).has(row.billingEntityId)) throw notFound(SENT_TEXTS.notFound);
      return row;
    }
    const holder = await connectedEntity(db, normalizeCui(deps.platformCui), { userId: client.id });
    if (row.source !== 'platform' || !holder) throw notFound(SENT_TEXTS.notFound);
    return row;
  }

  return {
    async list(client: UserRow, req: z.output<typeof ZOutgoingListRequest>): Promise<TOutgoingListResponse> {
      const { own, id: companyId } = await company(client, req.identificationCode);
      const f = req.filters;
      const statuses = SENT_STATUSES.filter((st) => f.status.includes(SENT_STATUS_CODES[st]));
      const buyerName = f.buyer?.name ? normalizeText(f.buyer.name) : '';
      // The company's own documents ('Trimite factura'); the platform's company also lists the platform's invoices.
      const mine = and(eq(s.source, 'client'), eq(s.billingEntityId, companyId));
      const where = and(
        own ? or(eq(s.source, 'platform'), mine) : mine,
        // The status filter is the platform's company's only (spec 002 section 3).
        own && f.status.length > 0 ? inArray(s.status, statuses.length > 0 ? statuses : ['-']) : undefined,
        f.dateFrom ? gte(s.issueDate, f.dateFrom) : undefined,
        f.dateTo ? lte(s.issueDate, f.dateTo) : undefined,
        // The documents having a buyer's message in this state (kept for this company).
        f.messageStatus !== undefined ? hasMessage(companyId, f.messageStatus) : undefined,
        buyerName ? like(s.buyerSearch, `%${literal(buyerName)}%`) : undefined,
        f.buyer?.identification ? like(s.buyerIdentification, `${literal(normalizeCui(f.buyer.identification))}%`) : undefined,
      );
      const [{ n }] = (await db.select({ n: count() }).from(s).where(where)) as [{ n: number }];
      const totalPages = Math.max(1, Math.ceil(n / SENT_PAGE_SIZE));
      const page = Math.min(req.page, totalPages);
      // What a row shows, not the document, its XML or e-Factura's ZIP; the currency read in the same query (the platform's invoices are in RON).
      const rows = await db
        .select({
          id: s.id,
          number: s.number,
          buyerName: s.buyerName,
          buyerIdentification: s.buyerIdentification,
          status: s.status,
          issueDate: s.issueDate,
          deadline: s.deadline,
          taxExcludedBani: s.taxExcludedBani,
          taxBani: s.taxBani,
          totalBani: s.totalBani,
          currency: sql<string>`coalesce(${s.document}->>'currency', 'RON')`,
          uploadIndex: s.uploadIndex,
          findings: s.findings,
          kind: s.kind,
        })
        .from(s)
        .where(where)
        .orderBy(desc(s.issueDate), desc(s.id))
        .limit(SENT_PAGE_SIZE)
        .offset((page - 1) * SENT_PAGE_SIZE);
      const messages = await messagesOf(deps.database, companyId, rows.map((r) => r.id));
      const list = rows.map((r) => {
        const [serial = '', number = r.number] = r.number.includes(' ') ? r.number.split(' ') : ['', r.number];
        return {
          invoicingSystemId: r.id,
          serial,
          invoiceNumber: number,
          buyer: { name: r.buyerName, identification: r.buyerIdentification },
          status: codeOf(r.status),
          date: r.issueDate,
          deadline: r.deadline,
          amounts: { taxExcluded: r.taxExcludedBani, tax: r.taxBani, total: r.totalBani },
          currency: r.currency,
          message: messages.get(r.id) ?? [],
          processingId: { eInvoice: r.uploadIndex },
          findings: r.findings,
          kind: r.kind,
        };
      });
      return { success: true, ownCompany: own, list, pagination: { page, totalPages, totalCount: n } };
    },

    /** The status-detail records of a document (spec 002 section 3), oldest first, with its findings. */
    async statusDetails(client: UserRow, id: number): Promise<TSentStatusDetailsResponse> {
      const doc = await ownDocument(client, eq(s.id, id));
      const events = await db.select().from(eInvoiceSentEvents).where(eq(eInvoiceSentEvents.sentId, doc.id)).orderBy(asc(eInvoiceSentEvents.id));
      // An error straight after an upload is e-Factura's refusal; any other never left (the rules, a document that cannot be built).
      const detail = (status: string, before: string | undefined) =>
        status === 'pending' ? 'uploadSuccessful' : status === 'success' ? 'downloadSuccessful' : status === 'error' ? (before === 'pending' ? 'uploadRejected' : 'uploadFailed') : 'queued';
      return {
        success: true,
        list: events.map((e, i) => ({ processingId: e.uploadIndex, downloadId: null, createdAt: e.at.toISOString(), finishedAt: e.status === 'success' || e.status === 'error' ? e.at.toISOString() : null, status: { status: detail(e.status, events[i - 1]?.status) }, text: e.text })),
        findings: doc.findings,
        // A platform invoice whose kept address the rules could not state: a person says it, then it goes again.
        canMendBuyerAddress: doc.status === 'error' && doc.source === 'platform' && doc.findings.some((f) => f.id === 'DOCUMENT'),
      };
    },

    /**
     * 'Retrimite' (issue 26): a document in error goes back to be sent, built and checked again from
     * today's data (a conditional move: 409 when it is not in error); its old upload stays in its history.
     */
    async reprocess(client: UserRow, id: number, buyerAddress?: TSentBuyerAddress) {
      const doc = await ownDocument(client, eq(s.id, id));
      const address = buyerAddress ? { street: buyerAddress.street, city: buyerAddress.city, countyCode: buyerAddress.countyCode, postalCode: buyerAddress.postalCode ?? '' } : null;
      if (address && (doc.source !== 'platform' || doc.sourceId === null || !deps.setBuyerAddress)) throw badRequest(einvoiceMessages.sentAddressNotForThis);
      if (address && !(await deps.countyExists?.(address.countyCode))) throw badRequest(einvoiceMessages.sentAddressCounty);
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(s)
          .set({ status: 'initial', uploadIndex: null, answerZip: null, findings: [], attemptedAt: null, attempts: 0, nextAt: new Date(), leaseUntil: null, lastError: null, doneAt: null })
          .where(and(eq(s.id, doc.id), eq(s.status, 'error')))
          .returning({ id: s.id });
        if (moved.length === 0) throw conflict(SENT_TEXTS.notInError, 'notInError');
        if (address) await deps.setBuyerAddress!(tx, doc.sourceId!, address);
        await tx.insert(eInvoiceSentEvents).values({ sentId: doc.id, status: 'initial', text: address ? SENT_TEXTS.requeuedAddress : SENT_TEXTS.requeued });
      });
      queuedListeners.forEach((l) => l());
    },

    /** An accepted document's XML as sent, e-Factura's signed answer, or its PDF drawn from the XML; only on success. */
    async download(client: UserRow, processingId: string, kind: 'xml' | 'zip' | 'pdf') {
      const doc = await ownDocument(client, eq(s.uploadIndex, processingId));
      if (doc.status !== 'success' || !doc.xml) throw conflict(SENT_TEXTS.notDownloadable, 'notDownloadable');
      const base = `efactura-${doc.number.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60)}-${processingId}`;
      if (kind === 'xml') return { fileName: `${base}.xml`, type: 'application/xml; charset=utf-8', data: Buffer.from(doc.xml, 'utf8') };
      if (kind === 'zip') return { fileName: `${base}.zip`, type: 'application/zip', data: doc.answerZip ?? Buffer.alloc(0) };
      const read = readUbl(readXmlTree(doc.xml));
      if (!read) throw notFound(SENT_TEXTS.notFound);
      const pdf = await renderUblPdf(read, { createdAt: doc.doneAt ?? doc.createdAt, note: `Factura ${doc.number}, transmisa in e-Factura cu indexul ${processingId} si acceptata.` });
      return { fileName: `${base}.pdf`, type: 'application/pdf', data: Buffer.from(pdf) };
    },

    /** Buyers' messages marked read (spec 002 section 4.9): only the acting client's company's (404 otherwise). */
    markRead: (client: UserRow, ids: number[]) => markMessagesRead(deps.database, client, ids),
  };
}
export type SentInvoicesService = ReturnType<typeof sentInvoicesService>;
