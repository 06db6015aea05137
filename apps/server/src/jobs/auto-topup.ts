import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { SubscriptionsService } from '../modules/prepay/index.js';
import { defineJob } from './define-job.js';

export const AUTO_TOPUP_QUEUE = 'prepay-auto-topup';

/** Charges saved cards whose balance fell below the trigger; each fall once (see autoTopUp). */
export const registerAutoTopUp = (boss: PgBoss, subscriptions: SubscriptionsService, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: AUTO_TOPUP_QUEUE,
    cron: '*/5 * * * *',
    work: () => subscriptions.autoTopUp(),
    report: { message: 'automatic top-ups', when: (r) => !!(r.charged || r.declined) },
  });
