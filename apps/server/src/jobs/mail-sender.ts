import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { MailTransport } from '../integrations/mail/mail-transport.js';
import { onMailQueued, type mailDelivery } from '../modules/mail/index.js';
import { RUN_ONCE_WAITING, defineJob, sendNudges, type JobNudge } from './define-job.js';

export const MAIL_SENDER_QUEUE = 'mail-sender';
/** A couple of seconds after each enqueue, so a mail queued inside a transaction is committed when the worker looks. */
export const mailSenderNudge: JobNudge = { queue: MAIL_SENDER_QUEUE, on: onMailQueued, startAfterSeconds: 2, what: 'mail sender' };
/** A run sends batches for at most this long; the next run goes on. */
const RUN_BUDGET_MS = 50_000;

/**
 * Sends the outbox every minute, and a couple of seconds after each enqueue in this process.
 * The queue is 'short' (RUN_ONCE_WAITING: at most one run waiting), so a burst of enqueues makes
 * one run, not one each. Runs on several instances, or two at once, are safe: each mail is claimed
 * once (FOR UPDATE SKIP LOCKED, see claimDueMails).
 *
 * The transport and the delivery (with the invoicing module's PDF renderer for attachments) come
 * from the composition root (src/services.ts).
 *
 * Shutdown: once `signal` is aborted a run takes no new batch; it finishes the batch it claimed
 * (each mail in it is sent and recorded) and ends, and the rest waits for the next run.
 */
export async function registerMailSender(
  boss: PgBoss,
  mail: { transport: MailTransport; delivery: ReturnType<typeof mailDelivery> },
  log: FastifyBaseLogger,
  opts: { signal?: AbortSignal } = {},
) {
  const { transport, delivery } = mail;
  await defineJob(boss, log, {
    name: MAIL_SENDER_QUEUE,
    cron: '* * * * *',
    queue: RUN_ONCE_WAITING,
    work: async () => {
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
      return { ...result, transport: transport.name };
    },
    report: { message: 'outgoing mail', when: (r) => !!(r.sent || r.retried || r.failed || r.stopped) },
  });
  sendNudges(boss, log, mailSenderNudge);
  boss.on('stopped', () => transport.close?.());
  return delivery;
}
