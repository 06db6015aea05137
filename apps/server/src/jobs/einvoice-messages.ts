import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onReceivedMessageQueued, type ReceivedMessageSender } from '../modules/einvoice/index.js';
import { RUN_ONCE_WAITING, defineJob, sendNudges, type JobNudge } from './define-job.js';

export const EINVOICE_MESSAGES_QUEUE = 'einvoice-messages';
/** A couple of seconds after a rejection with a comment, so the comment queued inside a transaction is committed when the worker looks. */
export const einvoiceMessagesNudge: JobNudge = { queue: EINVOICE_MESSAGES_QUEUE, on: onReceivedMessageQueued, startAfterSeconds: 2, what: 'e-invoice message' };

/**
 * Every minute, and a couple of seconds after a rejection with a comment in this process: the
 * comments to suppliers still to send go to e-Factura as RASP messages (issue 25). One run waiting at
 * most (RUN_ONCE_WAITING); each message is sent once whatever runs it, two runs at once included (its lease and the lookup
 * of an attempt whose answer was lost, einvoice-messages.ts).
 */
export async function registerEInvoiceMessages(boss: PgBoss, sender: ReceivedMessageSender, log: FastifyBaseLogger) {
  await defineJob(boss, log, {
    name: EINVOICE_MESSAGES_QUEUE,
    cron: '* * * * *',
    queue: RUN_ONCE_WAITING,
    work: () => sender.sendDue(),
    report: { message: 'e-invoice messages to suppliers', when: (r) => r.claimed > 0 },
  });
  sendNudges(boss, log, einvoiceMessagesNudge);
}
