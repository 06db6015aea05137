import { SENT_MESSAGE_STATUS, SENT_TEXTS } from '@colete/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { eInvoiceSent, eInvoiceSentMessages } from '../../db/schema/einvoice.js';
import { EFacturaError, type EFacturaRest } from '../../integrations/e-invoicing/anaf-rest.js';
import { readRasp } from '../../integrations/e-invoicing/rasp.js';
import { notFound } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { entityIdsHeldBy } from '../billing/index.js';

/*
 * The buyers' messages about the documents a company sent (issue 26; spec 002 sections 3, 4.9):
 * e-Factura lists each as a 'MESAJ CUMPARATOR' (filter R) whose details name the document's upload
 * index (`id_incarcare=`); its download is the buyer's RASP, with the same index and the text. The
 * sync keeps each one about a document of ours once (unique by the company and SPV's message id),
 * unread; the company's own messages to its suppliers (the 'transmis' copies) and messages about
 * documents we do not hold are not downloaded.
 */

const m = eInvoiceSentMessages;
/** The upload index a 'MESAJ CUMPARATOR' message's details name, or null. */
export const indexInDetails = (details: string) => /id_incarcare=(\d{1,18})/.exec(details)?.[1] ?? null;

/** One sync's pass over the company's buyer messages in [start, end]: how many were kept, known, not kept. */
export async function syncBuyerMessages(
  deps: { database: Database; rest: EFacturaRest; log?: Pick<FastifyBaseLogger, 'warn'> },
  input: { billingEntityId: number; cif: string; token: string; start: number; end: number },
) {
  const { db } = deps.database;
  const result = { kept: 0, known: 0, failed: 0 };
  for (let page = 1, pages = 1; page <= pages; page++) {
    const listed = await deps.rest.listPage(input.token, input.cif, input.start, input.end, page, 'R');
    pages = listed.pages;
    // Received by the company (not its own sent copies), naming an upload index.
    const incoming = listed.messages.filter((msg) => !/transmis/i.test(msg.details) && indexInDetails(msg.details) !== null);
    if (incoming.length === 0) continue;
    const kept = new Set(
      (await db.select({ id: m.messageId }).from(m).where(and(eq(m.billingEntityId, input.billingEntityId), inArray(m.messageId, incoming.map((msg) => msg.id))))).map((r) => r.id),
    );
    const indexes = [...new Set(incoming.map((msg) => indexInDetails(msg.details)!))];
    const documents = new Map(
      (await db.select({ id: eInvoiceSent.id, uploadIndex: eInvoiceSent.uploadIndex }).from(eInvoiceSent).where(and(eq(eInvoiceSent.billingEntityId, input.billingEntityId), inArray(eInvoiceSent.uploadIndex, indexes)))).map((d) => [d.uploadIndex!, d.id]),
    );
    for (const msg of incoming) {
      if (kept.has(msg.id)) {
        result.known += 1;
        continue;
      }
      const sentId = documents.get(indexInDetails(msg.details)!);
      if (sentId === undefined) continue;
      try {
        const rasp = readRasp((await deps.rest.download(input.token, msg.id)).root);
        if (!rasp || documents.get(rasp.invoiceUploadIndex) !== sentId) throw new EFacturaError('unexpected', `message ${msg.id} holds no buyer message about document ${sentId}`);
        const inserted = await db
          .insert(m)
          .values({ sentId, billingEntityId: input.billingEntityId, messageId: msg.id, uploadIndex: msg.uploadIndex, text: rasp.message, messageAt: msg.createdAt })
          .onConflictDoNothing({ target: [m.billingEntityId, m.messageId] })
          .returning({ id: m.id });
        if (inserted.length > 0) result.kept += 1;
        else result.known += 1;
      } catch (err) {
        if (!(err instanceof EFacturaError) || err.kind === 'unauthorised' || err.kind === 'network' || err.kind === 'throttled') throw err;
        result.failed += 1;
        deps.log?.warn({ billingEntityId: input.billingEntityId, messageId: msg.id, err: err.message }, 'buyer message not kept (asked again next sync)');
      }
    }
  }
  return result;
}

/** The messages of a page's documents, in one query, oldest first, by document. */
export async function messagesOf(database: Database, billingEntityId: number, sentIds: number[]) {
  const byDocument = new Map<number, { id: number; text: string; sender: 'client' | 'supplier'; status: number; date: string }[]>();
  if (sentIds.length === 0) return byDocument;
  const rows = await database.db
    .select({ id: m.id, sentId: m.sentId, text: m.text, sender: m.sender, status: m.status, at: m.messageAt })
    .from(m)
    .where(and(eq(m.billingEntityId, billingEntityId), inArray(m.sentId, sentIds)))
    .orderBy(asc(m.messageAt), asc(m.id));
  for (const r of rows) {
    const list = byDocument.get(r.sentId) ?? [];
    list.push({ id: r.id, text: r.text, sender: r.sender, status: r.status, date: r.at.toISOString() });
    byDocument.set(r.sentId, list);
  }
  return byDocument;
}

/** SQL: the document has a message of this status kept for this company (the list's message filter). */
export const hasMessage = (billingEntityId: number, status: 1 | 2) =>
  sql`exists (select 1 from ${m} where ${m.sentId} = ${eInvoiceSent.id} and ${m.billingEntityId} = ${billingEntityId} and ${m.status} = ${status})`;

/**
 * Marks messages read (spec 002 section 4.9): each must be one the acting client's company received,
 * otherwise nothing changes and the answer is 404. A message already read stays read.
 */
export async function markMessagesRead(database: Database, client: UserRow, ids: number[], now = new Date()) {
  const wanted = [...new Set(ids)];
  await database.db.transaction(async (tx) => {
    const found = await tx.select({ id: m.id, billingEntityId: m.billingEntityId }).from(m).where(inArray(m.id, wanted));
    const held = await entityIdsHeldBy(tx, client.id, found.map((x) => x.billingEntityId));
    const owned = found.filter((x) => held.has(x.billingEntityId));
    if (owned.length !== wanted.length) throw notFound(SENT_TEXTS.messageNotFound);
    await tx
      .update(m)
      .set({ status: SENT_MESSAGE_STATUS.read, readAt: now })
      .where(and(inArray(m.id, wanted), eq(m.status, SENT_MESSAGE_STATUS.unread)));
  });
}
