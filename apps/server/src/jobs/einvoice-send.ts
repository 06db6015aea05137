import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onSentQueued, type EInvoiceSender } from '../modules/einvoice/index.js';
import { defineJob } from './define-job.js';

export const EINVOICE_SEND_QUEUE = 'einvoice-send';

/**
 * Every minute: the platform's invoices still to report go to e-Factura, and the ones uploaded are
 * followed to e-Factura's verdict (issue 26). One run at a time per instance set (stately); each
 * document is uploaded once whatever runs it (its lease and the lookup of an attempt whose answer was
 * lost, einvoice-send.ts). The law's 5 working days leave room for retries over an outage.
 */
export async function registerEInvoiceSend(boss: PgBoss, sender: EInvoiceSender, log: FastifyBaseLogger) {
  await defineJob(boss, log, {
    name: EINVOICE_SEND_QUEUE,
    cron: '* * * * *',
    queue: { policy: 'stately' },
    work: () => sender.sendDue(),
    report: { message: 'e-invoices sent to e-Factura', when: (r) => r.claimed > 0 },
  });
  // A document queued again ('Retrimite') leaves in seconds (the move is committed before the nudge).
  const stop = onSentQueued(() => {
    boss.send(EINVOICE_SEND_QUEUE, {}).catch((err: unknown) => log.warn({ err }, 'e-invoice send nudge failed'));
  });
  boss.on('stopped', stop);
}
