import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { Config } from '../config.js';
import { companyCheckFor } from '../integrations/company-check/index.js';
import { paymentGateway } from '../integrations/payments/index.js';
import { subscriptionsService } from '../modules/prepay/subscriptions-service.js';
import { registerAutoTopUp } from './auto-topup.js';
import { registerCompanyVerification } from './company-verification.js';
import { registerSessionCleanup } from './session-cleanup.js';

/**
 * The job queue lives in the same database: PostgreSQL directly, PGlite through executeSql.
 * Each job module registers its queue, schedule and worker here.
 */
export async function startJobs(database: Database, log: FastifyBaseLogger, config: Pick<Config, 'payments' | 'companyCheck'>) {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (err: Error) => log.error({ err }, 'job queue error'));
  await boss.start();
  await registerSessionCleanup(boss, database, log);
  await registerAutoTopUp(boss, subscriptionsService({ database, gateway: paymentGateway(config) }), log);
  await registerCompanyVerification(boss, database, companyCheckFor(config), log);
  return {
    boss,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

export type Jobs = Awaited<ReturnType<typeof startJobs>>;
