import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { processPickupPoints } from '../modules/pickup-points/pickup-points-service.js';

export const PICKUP_POINTS_QUEUE = 'pickup-points';

/**
 * Every 10 minutes: requested deletions are completed (the courier is told; here, recorded),
 * approved points unused for PICKUP_UNUSED_DAYS are deactivated, and addresses no approved point
 * uses any more are unlocked.
 */
export async function registerPickupPoints(boss: PgBoss, database: Database, log: FastifyBaseLogger) {
  await boss.createQueue(PICKUP_POINTS_QUEUE);
  await boss.schedule(PICKUP_POINTS_QUEUE, '*/10 * * * *');
  await boss.work(PICKUP_POINTS_QUEUE, async () => {
    const result = await processPickupPoints(database);
    if (result.deleted || result.deactivated) log.info(result, 'pick-up points processed');
    return result;
  });
}
