import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { StoreActivationService } from '../modules/store/index.js';
import { defineJob } from './define-job.js';

export const STORE_FULFILLMENTS_QUEUE = 'store-fulfillments';

/**
 * Every minute: the shop's fulfillment of each activated store order whose shop failed after the
 * AWB (or was not reached), until it succeeds. Each is made once (the activation's claim). Then
 * the courier's later statuses as the shop's fulfillment events.
 */
export const registerStoreFulfillments = (boss: PgBoss, activation: StoreActivationService, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: STORE_FULFILLMENTS_QUEUE,
    cron: '* * * * *',
    queue: { policy: 'stately' },
    work: () => activation.retryPending(),
    report: { message: 'store fulfillments retried', when: (r) => r.fulfilled > 0 || r.failed > 0 || r.events > 0 },
  });
