import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { mailTransportFor } from '../integrations/mail/index.js';
import { smsTransportFor } from '../integrations/sms/index.js';
import { mailDelivery, type AttachmentResolver } from '../modules/mail/mail-delivery.js';
import { onMailQueued } from '../modules/mail/mail-service.js';

export const MAIL_SENDER_QUEUE = 'mail-sender';
/** A nudge waits this long, so a mail queued inside a transaction is committed when the worker looks. */
const NUDGE_DELAY_SECONDS = 2;
/** A run sends batches for at most this long; the next run goes on. */
const RUN_BUDGET_MS = 50_000;

/**
 * Sends the outbox every minute, and a couple of seconds after each enqueue in this process.
 * The queue is 'stately' (at most one run waiting and one running), so a burst of enqueues
 * makes one run, not one each. Runs on several instances are safe: each mail is claimed once
 * (FOR UPDATE SKIP LOCKED, see claimDueMails).
 *
 * Attachments: `resolveAttachment` produces an attachment's bytes (invoice PDFs); the invoicing
 * module passes its renderer here from src/jobs/boss.ts. Without one, mail with attachments fails.
 *
 * Shutdown: once `signal` is aborted a run takes no new batch; it finishes the batch it claimed
 * (each mail in it is sent and recorded) and ends, and the rest waits for the next run.
 */
export async function registerMailSender(
  boss: PgBoss,
  database: Database,
  config: Pick<Config, 'mail' | 'smtpUrl' | 'mailFrom' | 'sms' | 'twilio'>,
  log: FastifyBaseLogger,
  opts: { resolveAttachment?: AttachmentResolver; signal?: AbortSignal } = {},
) {
  const transport = mailTransportFor(config);
  const delivery = mailDelivery({ database, transport, sms: smsTransportFor(config), from: config.mailFrom, resolveAttachment: opts.resolveAttachment });
  await boss.createQueue(MAIL_SENDER_QUEUE, { name: MAIL_SENDER_QUEUE, policy: 'stately' });
  await boss.schedule(MAIL_SENDER_QUEUE, '* * * * *');
  await boss.work(MAIL_SENDER_QUEUE, async () => {
    const result = { sent: 0, retried: 0, failed: 0, stopped: false };
    const end = Date.now() + RUN_BUDGET_MS;
    for (;;) {
      if (opts.signal?.aborted) {
        result.stopped = true;
        break;
      }
      const batch = await delivery.deliverDue();
      result.sent += batch.sent;
      result.retried += batch.retried;
      result.failed += batch.failed;
      if (batch.claimed === 0 || Date.now() >= end) break;
    }
    if (result.sent || result.retried || result.failed || result.stopped) log.info({ ...result, transport: transport.name }, 'outgoing mail');
    return result;
  });
  const stopListening = onMailQueued(() => {
    boss.send(MAIL_SENDER_QUEUE, {}, { startAfter: NUDGE_DELAY_SECONDS }).catch((err: unknown) => log.warn({ err }, 'mail sender nudge failed'));
  });
  boss.on('stopped', () => {
    stopListening();
    transport.close?.();
  });
  return delivery;
}
