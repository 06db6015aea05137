import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { SubscriptionsService } from '../modules/prepay/subscriptions-service.js';

export const AUTO_TOPUP_QUEUE = 'prepay-auto-topup';

/** Charges saved cards whose balance fell below the trigger; each fall once (see autoTopUp). */
export async function registerAutoTopUp(boss: PgBoss, subscriptions: SubscriptionsService, log: FastifyBaseLogger) {
  await boss.createQueue(AUTO_TOPUP_QUEUE);
  await boss.schedule(AUTO_TOPUP_QUEUE, '*/5 * * * *');
  await boss.work(AUTO_TOPUP_QUEUE, async () => {
    const result = await subscriptions.autoTopUp();
    if (result.charged || result.declined) log.info(result, 'automatic top-ups');
    return result;
  });
}
