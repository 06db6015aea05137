import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onFulfillmentHeld, type StoreActivationService } from '../modules/store/index.js';
import { RUN_ONCE_WAITING, defineJob, sendNudges, type JobNudge } from './define-job.js';

export const STORE_FULFILLMENTS_QUEUE = 'store-fulfillments';
/** A shop's hold (its webhook, on any instance) is met now: a fulfillment still to be made is refused and the merchant told at once. */
export const storeFulfillmentsNudge: JobNudge = { queue: STORE_FULFILLMENTS_QUEUE, on: onFulfillmentHeld, what: 'store fulfillments' };

/**
 * Every minute: the shop's fulfillment of each activated store order whose shop failed after the
 * AWB (or was not reached), until it succeeds or the shop refuses it for good; also at once when
 * a shop holds a fulfillment order. Each is made once (the activation's claim). Then the courier's
 * later statuses as the shop's fulfillment events, each sent once (its claim). RUN_ONCE_WAITING:
 * two runs at once (two instances) are safe.
 */
export async function registerStoreFulfillments(boss: PgBoss, activation: StoreActivationService, log: FastifyBaseLogger) {
  await defineJob(boss, log, {
    name: STORE_FULFILLMENTS_QUEUE,
    cron: '* * * * *',
    queue: RUN_ONCE_WAITING,
    work: () => activation.retryPending(),
    report: { message: 'store fulfillments retried', when: (r) => r.fulfilled > 0 || r.failed > 0 || r.events > 0 },
  });
  sendNudges(boss, log, storeFulfillmentsNudge);
}
