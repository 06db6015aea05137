import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { PLATFORM_TIME_ZONE } from '../lib/dates.js';
import { simulatedShopOrders } from '../integrations/store/index.js';
import { defineJob } from './define-job.js';

export const STORE_SIM_ORDERS_QUEUE = 'store-sim-orders';

/**
 * The Shopify simulator's shops get new orders through the day (only with STORE=simulator): every
 * four hours from 8 to 20 (Bucharest), one order for each shop subscribed to orders/create, each
 * announced to the platform with that webhook.
 */
export const registerStoreSimOrders = (boss: PgBoss, database: Database, key: Buffer, host: FastifyInstance, log: FastifyBaseLogger, publicUrl?: string) =>
  defineJob(boss, log, {
    name: STORE_SIM_ORDERS_QUEUE,
    cron: '0 8-20/4 * * *',
    tz: PLATFORM_TIME_ZONE,
    queue: { policy: 'stately' },
    work: () => simulatedShopOrders(database, key, host, publicUrl).addToSubscribedShops(1),
    report: { message: 'simulated shops got new orders', when: (r) => r.orders > 0 },
  });
