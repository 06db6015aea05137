import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { Config } from '../config.js';
import { companyCheckFor } from '../integrations/company-check/index.js';
import { paymentGateway } from '../integrations/payments/index.js';
import { subscriptionsService } from '../modules/prepay/subscriptions-service.js';
import { registerAutoTopUp } from './auto-topup.js';
import { registerCompanyVerification } from './company-verification.js';
import { registerMailSender } from './mail-sender.js';
import { registerMonthlyInvoices } from './monthly-invoices.js';
import { registerShipmentTracking } from './shipment-tracking.js';
import { shipmentsService } from '../modules/shipments/shipments-service.js';
import { courierNetworkFor } from '../integrations/couriers/index.js';
import { invoiceAttachmentResolver, invoicingDepsOf } from '../modules/invoicing/invoicing-service.js';
import { shipmentBilling } from '../modules/invoicing/index.js';
import { registerLifecycleEvents } from './lifecycle-events.js';
import { registerSessionCleanup } from './session-cleanup.js';
import { registerPickupPoints } from './pickup-points.js';
import { markPickupPointUsed, pickupDiscounts } from '../modules/pickup-points/pickup-points-service.js';

/** How long a shutdown waits for running jobs before pg-boss marks them failed (to be retried). */
export const JOBS_STOP_TIMEOUT_MS = 10_000;

/**
 * The job queue lives in the same database: PostgreSQL directly, PGlite through executeSql.
 * Each job module registers its queue, schedule and worker here.
 *
 * stop() is the graceful stop: no job is fetched any more; the running ones are told through
 * `stopping` (a job that works through a list, the mail sender, ends after the batch in hand
 * and leaves the rest for the next run) and pg-boss waits up to JOBS_STOP_TIMEOUT_MS for them
 * to finish, recording them completed. One still running then is marked failed by pg-boss
 * ('pg-boss shut down while active'), so it is retried later rather than left active.
 * Calling stop() again waits for the same stop.
 */
export async function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  config: Config,
) {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (err: Error) => log.error({ err }, 'job queue error'));
  const stopping = new AbortController();
  await boss.start();
  await registerSessionCleanup(boss, database, log);
  await registerPickupPoints(boss, database, log);
  const invoicing = invoicingDepsOf(config);
  await registerAutoTopUp(boss, subscriptionsService({ database, gateway: paymentGateway(config), invoicing }), log);
  await registerCompanyVerification(boss, database, companyCheckFor(config), log);
  await registerMonthlyInvoices(boss, database, invoicing, log);
  const shipments = shipmentsService({ database, network: courierNetworkFor(config, database), billing: shipmentBilling(invoicing), pickupDiscounts, pickupUsed: markPickupPointUsed });
  await registerShipmentTracking(boss, shipments, log);
  await registerLifecycleEvents(boss, database, log, { signal: stopping.signal });
  // Outgoing mail: invoice PDFs are drawn when their mail is sent.
  await registerMailSender(boss, database, config, log, { resolveAttachment: invoiceAttachmentResolver(database), signal: stopping.signal });
  let stopped: Promise<void> | undefined;
  return {
    boss,
    stop: () =>
      (stopped ??= (async () => {
        stopping.abort();
        await boss.stop({ graceful: true, wait: true, timeout: JOBS_STOP_TIMEOUT_MS });
        log.info('jobs stopped');
      })()),
  };
}

export type Jobs = Awaited<ReturnType<typeof startJobs>>;
