import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { processPickupPoints } from '../modules/pickup-points/index.js';
import { defineJob } from './define-job.js';

export const PICKUP_POINTS_QUEUE = 'pickup-points';

/**
 * Every 10 minutes: requested deletions are completed (the courier is told; here, recorded),
 * approved points unused for PICKUP_UNUSED_DAYS are deactivated, and addresses no approved point
 * uses any more are unlocked.
 */
export const registerPickupPoints = (boss: PgBoss, database: Database, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: PICKUP_POINTS_QUEUE,
    cron: '*/10 * * * *',
    work: () => processPickupPoints(database),
    report: { message: 'pick-up points processed', when: (r) => !!(r.deleted || r.deactivated) },
  });
