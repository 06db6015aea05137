import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { onShopCopyWanted, shopCopyWanted, type StoreService } from '../modules/store/index.js';
import { RUN_ONCE_WAITING, defineJob, sendNudges, type JobNudge } from './define-job.js';

export const STORE_SHOP_SYNC_QUEUE = 'store-shop-sync';
/** A shop connected, or a webhook naming an order (on any instance): the copy is brought up to date now. */
export const storeShopSyncNudge: JobNudge = { queue: STORE_SHOP_SYNC_QUEUE, on: onShopCopyWanted, what: 'store shop sync' };

/**
 * Every minute, and when nudged: the store's copy of each connected shop (issue 28 §4): the orders
 * webhooks named, the first backfill's next pages, the reconciliation every five minutes, the
 * awaiting orders' whole shapes. Each shop is held by one run at a time (its lease), so two runs at
 * once (two instances) share the shops; a killed run's shop is taken over when its lease ends.
 */
export async function registerStoreShopSync(boss: PgBoss, store: StoreService, log: FastifyBaseLogger) {
  await defineJob(boss, log, {
    name: STORE_SHOP_SYNC_QUEUE,
    cron: '* * * * *',
    queue: RUN_ONCE_WAITING,
    // A backfill or whole orders left when a run's time is up: the next run is nudged at once, not a minute later.
    work: async () => {
      const result = await store.syncShops();
      if (result.more) shopCopyWanted();
      return result;
    },
    report: { message: 'store shop copies synced', when: (r) => r.backfilled > 0 || r.stale > 0 || r.reconciled > 0 || r.details > 0 },
  });
  sendNudges(boss, log, storeShopSyncNudge);
}
