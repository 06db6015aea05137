import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onSentQueued, type EInvoiceSender } from '../modules/einvoice/index.js';
import { RUN_ONCE_WAITING, defineJob, sendNudges, type JobNudge } from './define-job.js';

export const EINVOICE_SEND_QUEUE = 'einvoice-send';
/** A document queued again ('Retrimite') leaves in seconds (the move is committed before the signal). */
export const einvoiceSendNudge: JobNudge = { queue: EINVOICE_SEND_QUEUE, on: onSentQueued, what: 'e-invoice send' };

/**
 * Every minute: the platform's invoices still to report go to e-Factura, and the ones uploaded are
 * followed to e-Factura's verdict (issue 26). One run waiting at most (RUN_ONCE_WAITING); each
 * document is uploaded once whatever runs it, two runs at once included (its lease and the lookup of an attempt whose answer was
 * lost, einvoice-send.ts). The law's 5 working days leave room for retries over an outage.
 */
export async function registerEInvoiceSend(boss: PgBoss, sender: EInvoiceSender, log: FastifyBaseLogger) {
  await defineJob(boss, log, {
    name: EINVOICE_SEND_QUEUE,
    cron: '* * * * *',
    queue: RUN_ONCE_WAITING,
    work: () => sender.sendDue(),
    report: { message: 'e-invoices sent to e-Factura', when: (r) => r.claimed > 0 },
  });
  sendNudges(boss, log, einvoiceSendNudge);
}
