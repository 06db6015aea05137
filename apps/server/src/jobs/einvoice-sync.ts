import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { EInvoiceSync } from '../modules/einvoice/index.js';
import { RUN_ONCE_WAITING, defineJob } from './define-job.js';

export const EINVOICE_SYNC_QUEUE = 'einvoice-sync';

/**
 * Every 15 minutes (issue 25): each connected company's received e-invoices since its last sync.
 * One run waiting at most (RUN_ONCE_WAITING), two at once on two instances are safe: a company's message
 * is kept once whatever runs it (its unique key), its token refreshed once (a lock per company).
 * 96 list calls a day per company, far under ANAF's 100,000.
 */
export const registerEInvoiceSync = (boss: PgBoss, sync: EInvoiceSync, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: EINVOICE_SYNC_QUEUE,
    cron: '*/15 * * * *',
    queue: RUN_ONCE_WAITING,
    work: () => sync.syncAll(),
    report: { message: 'e-invoices synced', when: (r) => r.downloaded > 0 || r.failed > 0 || r.errors > 0 },
  });
