import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onBulkRunStarted, type StoreBulkService } from '../modules/store/index.js';
import { defineJob, sendNudges, type JobNudge } from './define-job.js';

export const STORE_BULK_ACTIVATION_QUEUE = 'store-bulk-activation';
/** A run started (on any instance): its orders begin in a moment rather than at the next minute. */
export const storeBulkNudge: JobNudge = { queue: STORE_BULK_ACTIVATION_QUEUE, on: onBulkRunStarted, what: 'bulk activation' };

/**
 * Works the bulk activation runs (issue 14): nudged when a run starts and when the process starts,
 * and every minute, which also takes over the orders of a worker that died (their leases end, see
 * BULK_CLAIM_STALE_MS). 'standard' (issue 24 item 6): a killed process's job stays active in pg-boss
 * until its expiry, and a 'stately' queue held every next job behind it for 15 minutes; several
 * jobs at once are safe (each order is claimed by one worker, its lease renewed while it works).
 * On shutdown the run in hand ends after its current order; the rest waits for the next run.
 */
export async function registerStoreBulkActivation(boss: PgBoss, bulk: StoreBulkService, log: FastifyBaseLogger, opts: { signal?: AbortSignal } = {}) {
  await defineJob(boss, log, {
    name: STORE_BULK_ACTIVATION_QUEUE,
    cron: '* * * * *',
    queue: { policy: 'standard' },
    work: () => bulk.work({ signal: opts.signal }),
    report: { message: 'store bulk activation', when: (r) => r.orders > 0 },
  });
  sendNudges(boss, log, storeBulkNudge);
  // After a restart (a killed process), the runs it left go on now, not at the next minute.
  boss.send(STORE_BULK_ACTIVATION_QUEUE, {}).catch((err: unknown) => log.warn({ err }, 'bulk activation nudge failed'));
}

