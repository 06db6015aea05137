import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onBulkRunStarted, type StoreBulkService } from '../modules/store/index.js';
import { defineJob } from './define-job.js';

export const STORE_BULK_ACTIVATION_QUEUE = 'store-bulk-activation';

/**
 * Works the bulk activation runs (issue 14): nudged when a run starts, and every minute, which
 * also takes over the orders of a worker that died (their claims go stale). 'stately': one run
 * waiting and one running at most; several instances are safe (each order is claimed by one).
 * On shutdown the run in hand ends after its current order; the rest waits for the next run.
 */
export async function registerStoreBulkActivation(boss: PgBoss, bulk: StoreBulkService, log: FastifyBaseLogger, opts: { signal?: AbortSignal } = {}) {
  await defineJob(boss, log, {
    name: STORE_BULK_ACTIVATION_QUEUE,
    cron: '* * * * *',
    queue: { policy: 'stately' },
    work: () => bulk.work({ signal: opts.signal }),
    report: { message: 'store bulk activation', when: (r) => r.orders > 0 },
  });
  const stopListening = onBulkRunStarted(() => {
    boss.send(STORE_BULK_ACTIVATION_QUEUE, {}).catch((err: unknown) => log.warn({ err }, 'bulk activation nudge failed'));
  });
  boss.on('stopped', stopListening);
}

