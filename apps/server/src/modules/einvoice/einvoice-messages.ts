import { normalizeCui } from '@colete/contract';
import { and, asc, eq, inArray, lte, or, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { eInvoiceReceived, eInvoiceReceivedMessages } from '../../db/schema/einvoice.js';
import { EFacturaError, type EFacturaRest } from '../../integrations/e-invoicing/anaf-rest.js';
import { raspXml, readRasp } from '../../integrations/e-invoicing/rasp.js';
import { entityById } from '../billing/index.js';
import type { EInvoiceService } from './einvoice-service.js';

/*
 * The comments sent to suppliers with a rejection (issue 25): each goes to e-Factura once, as a RASP
 * message, on any number of instances and through retries, lost answers and a kill -9.
 *
 * A sender claims a message with a lease (a conditional update: one holder at a time). Before it
 * uploads, it writes `attemptedAt`: from then on the outcome is unknown until the upload index is
 * stored. A later try that finds `attemptedAt` set first looks in the company's SPV list of buyer
 * messages since then for this invoice's message with this text, and adopts it if it is there;
 * only otherwise does it upload again. An answer that says the upload did not happen (a refusal, a
 * limit, a token refused) clears `attemptedAt`.
 */

/** Wakes the sender after a comment is queued, so it leaves in seconds rather than at the next minute. */
const queuedListeners = new Set<() => void>();
export function onReceivedMessageQueued(listener: () => void) {
  queuedListeners.add(listener);
  return () => void queuedListeners.delete(listener);
}
export const announceReceivedMessageQueued = () => queuedListeners.forEach((l) => l());

/** How long a sender holds a message before another may take it (an upload answers in seconds). */
export const MESSAGE_LEASE_MS = 2 * 60_000;
/** The wait after a failed try: a minute, doubling, at most six hours. */
export const retryDelayMs = (attempts: number) => Math.min(6 * 3_600_000, 60_000 * 2 ** Math.max(0, attempts - 1));
/** An answer that says an upload did not happen (a refusal, a limit, a refused token), as opposed to no answer. */
export const isDefiniteRefusal = (err: unknown) => err instanceof EFacturaError && (err.kind === 'refused' || err.kind === 'limit' || err.kind === 'throttled' || err.kind === 'unauthorised');
/** How far before the unknown attempt SPV's list is read (its `data_creare` has minutes only). */
const LOOK_BACK_MS = 2 * 60_000;
/** Messages taken a run. */
const BATCH = 10;

export function receivedMessageSender(deps: { database: Database; rest: EFacturaRest; einvoice: Pick<EInvoiceService, 'accessToken'>; log?: Pick<FastifyBaseLogger, 'warn'> }) {
  const { db } = deps.database;
  const m = eInvoiceReceivedMessages;

  /** Claims up to BATCH due messages (their lease taken in one conditional update). */
  async function claim(now: Date) {
    const due = and(eq(m.status, 'uploading'), lte(m.nextAt, now), or(isNull(m.leaseUntil), lt(m.leaseUntil, now)));
    const candidates = await db.select({ id: m.id }).from(m).where(due).orderBy(asc(m.nextAt), asc(m.id)).limit(BATCH);
    if (candidates.length === 0) return [];
    return db
      .update(m)
      .set({ leaseUntil: new Date(now.getTime() + MESSAGE_LEASE_MS), attempts: sql`${m.attempts} + 1` })
      .where(and(inArray(m.id, candidates.map((c) => c.id)), due))
      .returning({ id: m.id, message: m.message, attemptedAt: m.attemptedAt, attempts: m.attempts, invoiceId: m.receivedInvoiceId });
  }

  /** The message already in SPV from an attempt whose answer was lost: its upload index, or null. */
  async function findSent(token: string, cif: string, invoiceUploadIndex: string, text: string, since: Date, now: Date) {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const listed = await deps.rest.listPage(token, cif, since.getTime() - LOOK_BACK_MS, now.getTime(), page, 'R');
      pages = listed.pages;
      for (const message of listed.messages) {
        if (!/transmis/i.test(message.details)) continue;
        const rasp = readRasp((await deps.rest.download(token, message.id)).root);
        if (rasp && rasp.invoiceUploadIndex === invoiceUploadIndex && rasp.message === text) return message.uploadIndex;
      }
    }
    return null;
  }

  /** One claimed message sent (or found sent); a failure sets its next try. Answers what happened. */
  async function deliver(msg: Awaited<ReturnType<typeof claim>>[number], now: Date): Promise<'sent' | 'found' | 'retry'> {
    const [invoice] = await db
      .select({ uploadIndex: eInvoiceReceived.uploadIndex, billingEntityId: eInvoiceReceived.billingEntityId })
      .from(eInvoiceReceived)
      .where(eq(eInvoiceReceived.id, msg.invoiceId))
      .limit(1);
    const entity = invoice && (await entityById(db, invoice.billingEntityId));
    const cif = normalizeCui(entity!.identificationCode);
    // The machine's one move (RECEIVED_MESSAGE_MACHINE), from 'uploading' only.
    const done = async (uploadIndex: string) => {
      await db
        .update(m)
        .set({ status: 'uploadSuccessful', uploadIndex, sentAt: new Date(), leaseUntil: null, lastError: null })
        .where(and(eq(m.id, msg.id), eq(m.status, 'uploading')));
    };
    let uploading = false;
    try {
      const token = await deps.einvoice.accessToken(invoice!.billingEntityId, now);
      if (msg.attemptedAt) {
        const found = await findSent(token, cif, invoice!.uploadIndex, msg.message, msg.attemptedAt, now);
        if (found) {
          await done(found);
          return 'found';
        }
      }
      await db.update(m).set({ attemptedAt: now }).where(eq(m.id, msg.id));
      uploading = true;
      const { uploadIndex } = await deps.rest.upload(token, cif, raspXml(invoice!.uploadIndex, msg.message), { standard: 'RASP' });
      await done(uploadIndex);
      return 'sent';
    } catch (err) {
      // A refusal, a limit or a refused token is an answer: nothing was uploaded. Anything else
      // (no answer, an answer we cannot read) leaves the attempt's outcome unknown.
      const definite = isDefiniteRefusal(err);
      await db
        .update(m)
        .set({
          ...(uploading && definite ? { attemptedAt: null } : {}),
          nextAt: new Date(now.getTime() + retryDelayMs(msg.attempts)),
          leaseUntil: null,
          lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
        })
        .where(and(eq(m.id, msg.id), eq(m.status, 'uploading')));
      deps.log?.warn({ messageId: msg.id, err: err instanceof Error ? err.message : String(err) }, 'e-invoice message to the supplier not sent yet (tried again later)');
      return 'retry';
    }
  }

  return {
    /** One batch of due messages sent; the counts of what happened. */
    async sendDue(now = new Date()) {
      const claimed = await claim(now);
      const result = { claimed: claimed.length, sent: 0, found: 0, retried: 0 };
      for (const msg of claimed) {
        const outcome = await deliver(msg, now);
        if (outcome === 'sent') result.sent += 1;
        else if (outcome === 'found') result.found += 1;
        else result.retried += 1;
      }
      return result;
    },
  };
}
export type ReceivedMessageSender = ReturnType<typeof receivedMessageSender>;
