import { einvoiceFormMessages, invoiceFormTotals, normalizeCui, normalizeText, RECEIVED_MESSAGES, SENT_TEXTS, type TInvoiceForm, type TInvoiceFormRulesError } from '@colete/contract';
import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { eInvoiceParticipationRequests, eInvoiceSent, eInvoiceSentEvents } from '../../db/schema/einvoice.js';
import { conflict, notFound } from '../../lib/errors.js';
import { eInvoiceDeadline } from '../../lib/working-days.js';
import type { UserRow } from '../../types.js';
import { entityById } from '../billing/index.js';
import { formInvoiceNumber, formInvoiceUbl, partyOfEntity } from '../invoicing/index.js';
import { formFindings, type FormRulesCheck } from './einvoice-form-findings.js';
import { connectedEntity } from './einvoice-queries.js';
import type { SentDocument } from './einvoice-send.js';

/*
 * 'Trimite factura' (issue 26): a client issues an invoice or a credit note from one of its
 * connected companies. The request is validated by the contract's schema; the document is built with
 * the platform's UBL builder from the company's billing entry and checked offline with the official
 * rules. A fatal finding answers 400 beside the form's fields and stores nothing; a valid document
 * is stored as a 'client' row of einvoice_sent, which the sender uploads once through that company's
 * own connection. A company's series and number is one document (a unique index): a double submit
 * answers the first.
 */

export type FormOutcome = { ok: true; id: number } | { ok: false; error: TInvoiceFormRulesError };

/** The client's connected company with this fiscal code, its billing entry whole (404 otherwise). */
async function connectedCompany(db: Executor, client: UserRow, identificationCode: string) {
  const connected = await connectedEntity(db, normalizeCui(identificationCode), { userId: client.id });
  if (!connected) throw notFound(RECEIVED_MESSAGES.companyNotConnected);
  return connected.entity;
}

/** A stored 'client' document built again for an upload (the sender's): its company's billing entry as the seller. */
export async function clientDocument(db: Executor, sentId: number): Promise<SentDocument & { cif: string }> {
  const [row] = await db
    .select({ document: eInvoiceSent.document, entityId: eInvoiceSent.billingEntityId })
    .from(eInvoiceSent)
    .where(and(eq(eInvoiceSent.id, sentId), eq(eInvoiceSent.source, 'client')))
    .limit(1);
  const entity = row?.entityId ? await entityById(db, row.entityId) : null;
  if (!row?.document || !entity) throw new Error(`client e-invoice ${sentId} without its document or its company`);
  return { ...formInvoiceUbl(row.document, partyOfEntity(entity)), cif: normalizeCui(entity.identificationCode) };
}

export function invoiceFormService(deps: { database: Database; check: FormRulesCheck }) {
  const { db } = deps.database;
  const s = eInvoiceSent;

  /**
   * The company's document with this series and number, when there is one: the same request again (a
   * double click, a retry) answers it; another invoice under a number already used answers 409.
   */
  const existing = async (ex: Executor, entityId: number, number: string, doc: TInvoiceForm) => {
    const [row] = await ex.select({ id: s.id, document: s.document }).from(s).where(and(eq(s.source, 'client'), eq(s.billingEntityId, entityId), eq(s.number, number))).limit(1);
    if (!row) return null;
    // Compared as stored (jsonb): the request's JSON read back, so a field's order or an absent optional does not count.
    if (!isDeepStrictEqual(row.document, JSON.parse(JSON.stringify(doc)))) throw conflict(einvoiceFormMessages.numberUsed, 'numberUsed');
    return row.id;
  };

  return {
    /** POST user/invoicing-system/invoice: the document checked and queued, or the official rules' findings. */
    async create(client: UserRow, doc: TInvoiceForm): Promise<FormOutcome> {
      const entity = await connectedCompany(db, client, doc.identificationCode);
      const number = formInvoiceNumber(doc);
      const first = await existing(db, entity.id, number, doc);
      if (first !== null) return { ok: true, id: first };
      const report = await formFindings(deps.check, () => formInvoiceUbl(doc, partyOfEntity(entity)).xml, doc);
      if (report) return { ok: false, error: { success: false, message: einvoiceFormMessages.rulesRefused, code: 'rules', ...report } };
      // Kept as the platform keeps its own: a credit note's amounts negative.
      const sign = doc.kind === 'creditNote' ? -1 : 1;
      const totals = invoiceFormTotals(doc.lines);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(s)
          .values({
            source: 'client',
            billingEntityId: entity.id,
            document: doc,
            number,
            kind: doc.kind,
            buyerName: doc.buyer.name,
            buyerSearch: normalizeText(doc.buyer.name),
            buyerIdentification: doc.buyer.identification,
            issueDate: doc.issueDate,
            deadline: eInvoiceDeadline(doc.issueDate),
            taxExcludedBani: sign * totals.netBani,
            taxBani: sign * totals.vatBani,
            totalBani: sign * totals.totalBani,
          })
          .onConflictDoNothing()
          .returning({ id: s.id });
        if (!row) {
          // The same number sent at once by another request: the first document answers.
          return { ok: true as const, id: (await existing(tx, entity.id, number, doc))! };
        }
        await tx.insert(eInvoiceSentEvents).values({ sentId: row.id, status: 'initial', text: SENT_TEXTS.queued });
        return { ok: true as const, id: row.id };
      });
    },

    /** POST user/invoicing-system/send-request-to-participate: recorded once; a second request answers 409. */
    async participate(client: UserRow) {
      const rows = await db.insert(eInvoiceParticipationRequests).values({ userId: client.id }).onConflictDoNothing().returning({ userId: eInvoiceParticipationRequests.userId });
      if (rows.length === 0) throw conflict(einvoiceFormMessages.participationAlready, 'alreadyRequested');
    },
  };
}
export type InvoiceFormService = ReturnType<typeof invoiceFormService>;
