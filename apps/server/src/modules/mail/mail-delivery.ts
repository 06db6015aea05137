import type { Database } from '../../db/client.js';
import type { MailAttachmentRef } from '../../db/schema/mail.js';
import { MailSendError, type MailTransport, type OutgoingAttachment } from '../../integrations/mail/mail-transport.js';
import { smsOutboxTransport } from '../../integrations/sms/outbox.js';
import type { SmsTransport } from '../../integrations/sms/sms-transport.js';
import { claimDueMails, settleMail, type MailRow } from './mail-queries.js';

/** Produces an attachment's bytes when the mail is sent (an invoice PDF from its invoice, a label from its shipment's courier). */
export type AttachmentResolver = (ref: MailAttachmentRef) => Promise<Buffer>;

/**
 * Without a resolver (the composition root passes the invoicing and shipments modules' producers,
 * src/services.ts), a mail with an attachment cannot be sent: it is retried and then marked
 * failed, with this error, rather than sent without the file it announces.
 */
export const noAttachmentResolver: AttachmentResolver = async (ref) => {
  const source = 'invoiceId' in ref ? `invoice ${ref.invoiceId}` : 'label' in ref ? `label of shipment ${ref.label.shipmentId}` : 'repayments export';
  throw new Error(`no attachment resolver configured for ${ref.filename} (${source}): pass resolveAttachment to mailDelivery`);
};

/** Attempts before a mail is marked failed, and the wait after each failed one (minutes): about 8 hours in all. */
export const MAIL_MAX_ATTEMPTS = 8;
const BACKOFF_MINUTES = [1, 5, 15, 30, 60, 120, 240];
export const retryDelayMs = (attempts: number) => (BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length) - 1] ?? 1) * 60_000;
/** How long a claimed mail is hidden from other workers: well above the SMTP timeouts. */
const LEASE_MS = 10 * 60_000;
const BATCH = 10;
const ERROR_MAX = 1000;

export type DeliveryResult = { sent: number; retried: number; failed: number };

export function mailDelivery(deps: {
  database: Database;
  transport: MailTransport;
  /** SMS rows (channel 'sms') go here; the outbox when none is given. */
  sms?: SmsTransport;
  from: string;
  resolveAttachment?: AttachmentResolver;
  maxAttempts?: number;
}) {
  const { db } = deps.database;
  const resolve = deps.resolveAttachment ?? noAttachmentResolver;
  const maxAttempts = deps.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const sms = deps.sms ?? smsOutboxTransport();

  async function send(row: MailRow) {
    if (row.channel === 'sms') return { transport: sms.name, sent: await sms.send({ to: row.to, text: row.text }) };
    const attachments: OutgoingAttachment[] = [];
    for (const ref of row.attachments) {
      attachments.push({ filename: ref.filename, contentType: ref.contentType, content: await resolve(ref) });
    }
    const sent = await deps.transport.send({ from: deps.from, to: row.to, subject: row.subject, text: row.text, html: row.html, attachments });
    return { transport: deps.transport.name, sent };
  }

  async function deliver(row: MailRow, now: () => Date, result: DeliveryResult) {
    try {
      const { transport, sent } = await send(row);
      const refused = sent.rejected?.length ? `server refused: ${sent.rejected.join(', ')}` : null;
      await settleMail(db, row, { status: 'sent', transport, sentAt: now(), lastError: refused });
      result.sent += 1;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
      const permanent = err instanceof MailSendError && err.permanent;
      if (permanent || row.attempts >= maxAttempts) {
        await settleMail(db, row, { status: 'failed', lastError: message });
        result.failed += 1;
      } else {
        await settleMail(db, row, { status: 'pending', nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)), lastError: message });
        result.retried += 1;
      }
    }
  }

  /** Claims one batch of due mail and sends it, one message after another. */
  async function deliverDue(opts: { now?: () => Date; limit?: number } = {}): Promise<DeliveryResult & { claimed: number }> {
    const now = opts.now ?? (() => new Date());
    const at = now();
    const claimed = await claimDueMails(db, at, new Date(at.getTime() + LEASE_MS), opts.limit ?? BATCH);
    const result = { sent: 0, retried: 0, failed: 0 };
    for (const row of claimed) await deliver(row, now, result);
    return { ...result, claimed: claimed.length };
  }

  return {
    deliverDue,
    /** Sends batches until nothing is due or the time budget is spent (the next run goes on). */
    async drain(budgetMs = 50_000): Promise<DeliveryResult> {
      const end = Date.now() + budgetMs;
      const total = { sent: 0, retried: 0, failed: 0 };
      for (;;) {
        const r = await deliverDue();
        total.sent += r.sent;
        total.retried += r.retried;
        total.failed += r.failed;
        if (r.claimed === 0 || Date.now() >= end) return total;
      }
    },
  };
}
export type MailDelivery = ReturnType<typeof mailDelivery>;
