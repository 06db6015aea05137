import {
  isRejection,
  normalizeCui,
  normalizeText,
  RECEIVED_INVOICE_MACHINES,
  RECEIVED_MESSAGES,
  RECEIVED_PAGE_SIZE,
  RECEIVED_STATUSES_SHOWN,
  type EInvoiceAccountType,
  type ReceivedInvoiceStatus,
  type TReceivedDocument,
  type TReceivedInvoice,
  type TReceivedInvoiceResponse,
  type TReceivedInvoicesResponse,
  type ReceivedMessageStatus,
  type ZReceivedInvoicesRequest,
  type ZReceivedStatusRequest,
  type ZReceivedWarningRequest,
  rejectionStatus,
  SUPPLIER_MESSAGES,
} from '@colete/contract';
import { and, between, desc, eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { eInvoiceReceived, eInvoiceReceivedDays, eInvoiceReceivedMessages } from '../../db/schema/einvoice.js';
import { bucharestDayStart, nextDay } from '../../lib/dates.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { renderUblPdf } from '../../lib/ubl-pdf.js';
import { readUbl } from '../../lib/ubl-read.js';
import { readXmlTree } from '../../lib/xml-tree.js';
import { readZip } from '../../lib/zip.js';
import type { UserRow } from '../../types.js';
import { entityById } from '../billing/index.js';
import { addSupplierAndRecheck, type CourierNames } from './courier-invoice-check.js';
import { announceReceivedMessageQueued } from './einvoice-messages.js';
import { connectedEntity } from './einvoice-queries.js';

/** LIKE's wildcards in a user's text, taken literally. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What our PDF of a received invoice says it is: a reading of the XML; the legal original is the signed ZIP. */
const receivedPdfNote = (messageId: string) =>
  `Document generat din XML-ul facturii primite prin e-Factura (mesajul ${messageId}). Originalul cu valoare legala este fisierul ZIP semnat de Ministerul Finantelor.`;

/**
 * The received e-invoices of a client's connected companies (issue 25; spec 002 sections 2.7, 4.8, 7):
 * the list filtered and paged in SQL (100 a page), the warnings acknowledged once (a conditional
 * update: 409 when the warning is not open), and the downloads (the signed ZIP as received, its XML,
 * the supplier's embedded PDF). Another client's company or invoice answers 404.
 */
export function receivedInvoicesService(deps: { database: Database; platformCui: string; couriers?: CourierNames }) {
  const couriers: CourierNames = deps.couriers ?? (() => []);
  const couriersOf = (type: EInvoiceAccountType) => (type === 'internal' ? couriers() : []);
  const { db } = deps.database;
  const r = eInvoiceReceived;
  const accountTypeOf = (code: string): EInvoiceAccountType => (normalizeCui(code) === normalizeCui(deps.platformCui) ? 'internal' : 'customer');

  /**
   * A list row's columns, its messages to the supplier among them (a JSON aggregate over their index,
   * so a page is one query), and the row as the list answers it.
   */
  type MessageJson = { message: string; status: string; createdAt: string; sentAt: string | null };
  const listColumns = {
    id: r.id,
    sellerName: r.sellerName,
    sellerIdentification: r.sellerIdentification,
    issueDate: r.issueDate,
    number: r.number,
    messageAt: r.messageAt,
    taxBani: r.taxBani,
    totalBani: r.totalBani,
    currency: r.currency,
    status: r.status,
    warnings: r.warnings,
    warningStatus: r.warningStatus,
    kind: r.kind,
    hasPdf: r.hasPdf,
    // Written with its tables named: a one-table select leaves its own columns unqualified.
    messages: sql<MessageJson[]>`(SELECT coalesce(json_agg(json_build_object('message', mm.message, 'status', mm.status, 'createdAt', mm.created_at, 'sentAt', mm.sent_at) ORDER BY mm.id), '[]') FROM einvoice_received_messages mm WHERE mm.received_invoice_id = einvoice_received.id)`,
  };
  type ListRow = Pick<typeof r.$inferSelect, Exclude<keyof typeof listColumns, 'messages'>> & { messages: MessageJson[] | string };
  const listed = (x: ListRow): TReceivedInvoice => ({
    receivedInvoiceId: x.id,
    seller: { name: x.sellerName, identification: x.sellerIdentification },
    generalData: {
      invoiceDate: x.issueDate,
      invoiceIdentification: x.number,
      message: (typeof x.messages === 'string' ? (JSON.parse(x.messages) as MessageJson[]) : x.messages).map((y: MessageJson) => ({
        message: y.message,
        sentDateTime: new Date(y.sentAt ?? y.createdAt).toISOString(),
        status: y.status as ReceivedMessageStatus,
      })),
    },
    eInvoiceData: { date: x.messageAt.toISOString() },
    amounts: { tax: x.taxBani, total: x.totalBani, currency: x.currency },
    status: x.status as ReceivedInvoiceStatus,
    warnings: { status: x.warningStatus, text: x.warnings },
    kind: x.kind,
    hasPdf: x.hasPdf === 1,
  });

  /** The acting client's connected company with this fiscal code, and its account type. */
  async function company(client: UserRow, identificationCode: string) {
    const connected = await connectedEntity(db, normalizeCui(identificationCode), { userId: client.id });
    if (!connected) throw notFound(RECEIVED_MESSAGES.companyNotConnected);
    const { id, identificationCode: code } = connected.entity;
    return { id, code, lastSyncAt: connected.lastSyncAt, accountType: accountTypeOf(code) };
  }

  /** The fiscal code of the client's company that received an invoice, or null when the company is another client's. */
  async function heldCode(client: UserRow, billingEntityId: number) {
    const entity = await entityById(db, billingEntityId);
    return entity && entity.userId === client.id ? entity.identificationCode : null;
  }

  /** A received invoice of one of the client's companies (404 otherwise). */
  async function ownInvoice(client: UserRow, id: number) {
    const [row] = await db
      .select({
        id: r.id,
        billingEntityId: r.billingEntityId,
        zip: r.zip,
        messageId: r.messageId,
        number: r.number,
        warningStatus: r.warningStatus,
        hasPdf: r.hasPdf,
        status: r.status,
        document: r.document,
        receivedAt: r.receivedAt,
        kind: r.kind,
        currency: r.currency,
        sellerIdentification: r.sellerIdentification,
        sellerName: r.sellerName,
      })
      .from(r)
      .where(eq(r.id, id))
      .limit(1);
    const code = row ? await heldCode(client, row.billingEntityId) : null;
    if (!row || code === null) throw notFound(RECEIVED_MESSAGES.notFound);
    return { ...row, code };
  }

  return {
    async list(client: UserRow, req: z.output<typeof ZReceivedInvoicesRequest>): Promise<TReceivedInvoicesResponse> {
      const { id, accountType, lastSyncAt } = await company(client, req.identificationCode);
      const f = req.filtersObj;
      const shown = RECEIVED_STATUSES_SHOWN[accountType];
      const statuses = (f.status.length > 0 ? f.status : shown).filter((s) => shown.includes(s));
      const where: (SQL | undefined)[] = [
        eq(r.billingEntityId, id),
        sql`${r.status} = ANY(${sql.param(statuses)}::text[])`,
        req.usedDate === 'invoiceDate'
          ? and(gte(r.issueDate, f.date.fromDate), lte(r.issueDate, f.date.toDate))
          : between(r.messageAt, bucharestDayStart(f.date.fromDate), new Date(bucharestDayStart(nextDay(f.date.toDate)).getTime() - 1)),
        f.seller.name ? like(r.sellerSearch, `%${literal(normalizeText(f.seller.name))}%`) : undefined,
        f.seller.identification ? like(r.sellerIdentification, `${literal(normalizeCui(f.seller.identification))}%`) : undefined,
      ];
      const condition = and(...where);
      // The range's daily counts summed (per seller, so its filters apply): a year is a few hundred rows, not its invoices.
      const d = eInvoiceReceivedDays;
      const counted = db
        .select({ count: sql<number>`coalesce(sum(${d.n}), 0)::int` })
        .from(d)
        .where(
          and(
            eq(d.billingEntityId, id),
            eq(d.dateKind, req.usedDate),
            sql`${d.status} = ANY(${sql.param(statuses)}::text[])`,
            gte(d.day, f.date.fromDate),
            lte(d.day, f.date.toDate),
            f.seller.name ? like(d.sellerSearch, `%${literal(normalizeText(f.seller.name))}%`) : undefined,
            f.seller.identification ? like(d.sellerIdentification, `${literal(normalizeCui(f.seller.identification))}%`) : undefined,
          ),
        );
      const order = [req.usedDate === 'invoiceDate' ? desc(r.issueDate) : desc(r.messageAt), desc(r.id)];
      // The page's ids first, from the list's index alone (its columns cover the filters and the order),
      // then only those rows: a later page does not read the rows it skips.
      const pageRows = (page: number) =>
        db
          .select({ ...listColumns, total: sql<number>`(${counted})` })
          .from(r)
          .where(inArray(r.id, db.select({ id: r.id }).from(r).where(condition).orderBy(...order).limit(RECEIVED_PAGE_SIZE).offset((page - 1) * RECEIVED_PAGE_SIZE)))
          .orderBy(...order);
      // The asked page carries the count (one round trip); an empty one, or one past the last, asks again.
      const asked = await pageRows(f.pagination);
      const count = asked.length > 0 ? Number(asked[0]!.total) : (await counted)[0]!.count;
      const totalPages = Math.max(1, Math.ceil(count / RECEIVED_PAGE_SIZE));
      const page = Math.min(f.pagination, totalPages);
      const rows = page === f.pagination ? asked : await pageRows(page);
      const list = rows.map(listed);
      return { success: true, accountType, list, pagination: { page, totalPages, totalCount: count }, lastSync: lastSyncAt?.toISOString() ?? null, couriers: couriersOf(accountType) };
    },

    /** 'Am luat la cunostinta': the warning from 1 to 2, once (409 when it is not open any more). */
    async acknowledgeWarning(client: UserRow, req: z.output<typeof ZReceivedWarningRequest>) {
      const invoice = await ownInvoice(client, req.receivedInvoiceId);
      const moved = await db
        .update(r)
        .set({ warningStatus: req.changeToNewStatus })
        .where(and(eq(r.id, invoice.id), eq(r.warningStatus, req.oldStatus)))
        .returning({ id: r.id });
      if (moved.length === 0) throw conflict(RECEIVED_MESSAGES.warningNotOpen, 'warningNotOpen');
    },

    /** One invoice as the list shows it, with its document read from the XML (the invoice's page). */
    async get(client: UserRow, id: number): Promise<TReceivedInvoiceResponse> {
      const [row] = await db
        .select({ ...listColumns, document: r.document, courierCheck: r.courierCheck, billingEntityId: r.billingEntityId })
        .from(r)
        .where(eq(r.id, id))
        .limit(1);
      const code = row ? await heldCode(client, row.billingEntityId) : null;
      if (!row || code === null) throw notFound(RECEIVED_MESSAGES.notFound);
      const invoice = listed(row);
      const accountType = accountTypeOf(code);
      return { success: true, accountType, invoice, document: row.document as TReceivedDocument, courierCheck: accountType === 'internal' ? row.courierCheck : null, couriers: couriersOf(accountType) };
    },

    /**
     * A move of the account type's machine (spec 002 section 4.8) from the status the user saw: a
     * conditional update (409 when the invoice is not in it any more, or the move is not allowed).
     * A rejection with a comment is rejected_with_message, and the comment is queued in the same
     * transaction to reach the supplier through e-Factura (einvoice-messages.ts sends it once).
     */
    async changeStatus(client: UserRow, req: z.output<typeof ZReceivedStatusRequest>) {
      const invoice = await ownInvoice(client, req.receivedInvoiceId);
      const target = isRejection(req.newStatus) ? rejectionStatus(req.comment) : req.newStatus;
      if (!RECEIVED_INVOICE_MACHINES[accountTypeOf(invoice.code)].canMove(req.oldStatus, target)) throw conflict(RECEIVED_MESSAGES.statusNotAllowed, 'statusNotAllowed');
      const messageSend = target === 'rejected_with_message';
      if (req.supplierCourierId !== null && !couriers().some((c) => c.id === req.supplierCourierId)) throw badRequest(SUPPLIER_MESSAGES.unknownCourier, 'unknownCourier', { supplierCourierId: SUPPLIER_MESSAGES.unknownCourier });
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(r)
          .set({ status: target })
          .where(and(eq(r.id, invoice.id), eq(r.status, req.oldStatus)))
          .returning({ id: r.id });
        if (moved.length === 0) throw conflict(RECEIVED_MESSAGES.statusChangedMeanwhile, 'statusChanged');
        if (messageSend) await tx.insert(eInvoiceReceivedMessages).values({ receivedInvoiceId: invoice.id, message: req.comment });
        // 'Adauga furnizor si accepta': the seller on file, and its other invoices waiting for it checked now.
        if (target === 'supplier_force_accept') await addSupplierAndRecheck(tx, couriers, invoice, req.supplierCourierId, client.id, new Date());
      });
      if (messageSend) announceReceivedMessageQueued();
      return { status: target, messageSend };
    },

    /** The signed ZIP as received, the invoice's XML from it, or the supplier's embedded PDF (ours from the XML when there is none); the file name is the server's. */
    async download(client: UserRow, id: number, kind: 'zip' | 'xml' | 'pdf') {
      const invoice = await ownInvoice(client, id);
      const base = `factura-${invoice.number.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60)}-${invoice.messageId}`;
      if (kind === 'zip') return { fileName: `${base}.zip`, type: 'application/zip', data: invoice.zip };
      const files = await readZip(invoice.zip);
      const xml = files.get(`${invoice.messageId}.xml`) ?? [...files.entries()].find(([n]) => n.endsWith('.xml') && !/semnatura/i.test(n))?.[1];
      if (!xml) throw notFound(RECEIVED_MESSAGES.notFound);
      if (kind === 'xml') return { fileName: `${base}.xml`, type: 'application/xml; charset=utf-8', data: xml };
      const doc = readUbl(readXmlTree(xml.toString('utf8')));
      const pdf = doc?.attachments.find((a) => a.mimeCode === 'application/pdf');
      const data = pdf ? Buffer.from(pdf.base64, 'base64') : Buffer.from(await renderUblPdf(invoice.document as TReceivedDocument, { createdAt: invoice.receivedAt, note: receivedPdfNote(invoice.messageId) }));
      return { fileName: `${base}.pdf`, type: 'application/pdf', data };
    },
  };
}
export type ReceivedInvoicesService = ReturnType<typeof receivedInvoicesService>;
