import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onFulfillmentHeld, type StoreActivationService } from '../modules/store/index.js';
import { defineJob } from './define-job.js';

export const STORE_FULFILLMENTS_QUEUE = 'store-fulfillments';

/**
 * Every minute: the shop's fulfillment of each activated store order whose shop failed after the
 * AWB (or was not reached), until it succeeds or the shop refuses it for good; also at once when
 * a shop holds a fulfillment order. Each is made once (the activation's claim). Then the courier's
 * later statuses as the shop's fulfillment events.
 */
export async function registerStoreFulfillments(boss: PgBoss, activation: StoreActivationService, log: FastifyBaseLogger) {
  await defineJob(boss, log, {
    name: STORE_FULFILLMENTS_QUEUE,
    cron: '* * * * *',
    queue: { policy: 'stately' },
    work: () => activation.retryPending(),
    report: { message: 'store fulfillments retried', when: (r) => r.fulfilled > 0 || r.failed > 0 || r.events > 0 },
  });
  // A shop's hold (its webhook) is met now: a fulfillment still to be made is refused and the merchant told at once.
  const stopListening = onFulfillmentHeld(() => {
    boss.send(STORE_FULFILLMENTS_QUEUE, {}).catch((err: unknown) => log.warn({ err }, 'store fulfillments nudge failed'));
  });
  boss.on('stopped', stopListening);
}
