import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onReceivedMessageQueued, type ReceivedMessageSender } from '../modules/einvoice/index.js';
import { defineJob } from './define-job.js';

export const EINVOICE_MESSAGES_QUEUE = 'einvoice-messages';
/** A nudge waits this long, so a comment queued inside a transaction is committed when the worker looks. */
const NUDGE_DELAY_SECONDS = 2;

/**
 * Every minute, and a couple of seconds after a rejection with a comment in this process: the
 * comments to suppliers still to send go to e-Factura as RASP messages (issue 25). One run at a time
 * per instance set (stately); each message is sent once whatever runs it (its lease and the lookup
 * of an attempt whose answer was lost, einvoice-messages.ts).
 */
export async function registerEInvoiceMessages(boss: PgBoss, sender: ReceivedMessageSender, log: FastifyBaseLogger) {
  await defineJob(boss, log, {
    name: EINVOICE_MESSAGES_QUEUE,
    cron: '* * * * *',
    queue: { policy: 'stately' },
    work: () => sender.sendDue(),
    report: { message: 'e-invoice messages to suppliers', when: (r) => r.claimed > 0 },
  });
  const stop = onReceivedMessageQueued(() => {
    boss.send(EINVOICE_MESSAGES_QUEUE, {}, { startAfter: NUDGE_DELAY_SECONDS }).catch((err: unknown) => log.warn({ err }, 'e-invoice message nudge failed'));
  });
  boss.on('stopped', stop);
}
