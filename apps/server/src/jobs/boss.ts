import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Services } from '../services.js';
import { registerAutoTopUp } from './auto-topup.js';
import { registerCompanyVerification } from './company-verification.js';
import { registerEInvoiceMessages } from './einvoice-messages.js';
import { registerEInvoiceSend } from './einvoice-send.js';
import { registerEInvoiceSync } from './einvoice-sync.js';
import { registerMailSender } from './mail-sender.js';
import { registerMonthlyInvoices } from './monthly-invoices.js';
import { registerLifecycleEvents } from './lifecycle-events.js';
import { registerPickupPoints } from './pickup-points.js';
import { registerRepaymentPayouts, registerRepaymentStatements } from './repayment-money.js';
import { registerRepaymentReports } from './repayment-reports.js';
import { registerReferralBonus } from './referral-bonus.js';
import { registerSessionCleanup } from './session-cleanup.js';
import { registerShipmentTracking } from './shipment-tracking.js';
import { registerStoreBulkActivation } from './store-bulk-activation.js';
import { registerStoreFulfillments } from './store-fulfillments.js';
import { registerStoreShopSync } from './store-shop-sync.js';
import { registerStoreSimOrders } from './store-sim-orders.js';
import { registerEFacturaSimSuppliers } from './efactura-sim-suppliers.js';

/** How long a shutdown waits for running jobs before pg-boss marks them failed (to be retried). */
export const JOBS_STOP_TIMEOUT_MS = 10_000;

/**
 * The job queue lives in the same database: PostgreSQL directly, PGlite through executeSql.
 * Each job module registers its queue, schedule and worker here (through defineJob), with the
 * services of the composition root: the app's (`app.services`), never a second set.
 *
 * stop() is the graceful stop: no job is fetched any more; the running ones are told through
 * `stopping` (a job that works through a list, the mail sender, ends after the batch in hand
 * and leaves the rest for the next run) and pg-boss waits up to JOBS_STOP_TIMEOUT_MS for them
 * to finish, recording them completed. One still running then is marked failed by pg-boss
 * ('pg-boss shut down while active'), so it is retried later rather than left active.
 * Calling stop() again waits for the same stop.
 */
export async function startJobs(
  /** The app: its configuration, database, log and services; the simulators' routes are reached through it in process. */
  host: FastifyInstance,
  /** Tests only: services of their own in place of the app's (a stand-in activator, another clock). */
  opts: { services?: Services } = {},
) {
  const { config, database } = host.deps;
  const { log } = host;
  const services = opts.services ?? host.services;
  // The queue's own statements in flight: a stop waits for them (a worker's last 'fail' of a job
  // that ended on the stop signal must not reach a database the caller closes right after).
  const inFlight = new Set<Promise<unknown>>();
  const executeSql = (text: string, values?: unknown[]) => {
    const done = database.executeSql(text, values);
    inFlight.add(done);
    void done.then(
      () => inFlight.delete(done),
      () => inFlight.delete(done),
    );
    return done;
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (err: Error) => log.error({ err }, 'job queue error'));
  const stopping = new AbortController();
  await boss.start();
  await registerSessionCleanup(boss, database, log);
  await registerPickupPoints(boss, database, log);
  await registerAutoTopUp(boss, services.subscriptions, log);
  await registerCompanyVerification(boss, database, services.companyCheck, log);
  await registerMonthlyInvoices(boss, services.invoicing, log);
  await registerShipmentTracking(boss, services.shipments, log);
  await registerLifecycleEvents(boss, database, log, { signal: stopping.signal });
  await registerMailSender(boss, services.outgoingMail(), log, { signal: stopping.signal });
  // The couriers' cash-on-delivery reports, read from their APIs (the simulator's through the host).
  await registerRepaymentReports(boss, services.repayments, log);
  await registerStoreBulkActivation(boss, services.storeBulk, log, { signal: stopping.signal });
  // The shops' fulfillments after the AWB, retried until they succeed.
  await registerStoreFulfillments(boss, services.storeActivation, log);
  // The store's copy of each connected shop (issue 28 §4).
  await registerStoreShopSync(boss, services.store, log);
  await registerRepaymentStatements(boss, services.repaymentMoney, log);
  await registerRepaymentPayouts(boss, services.payouts, log);
  await registerEInvoiceSync(boss, services.einvoiceSync, log);
  await registerEInvoiceMessages(boss, services.receivedMessages, log);
  await registerReferralBonus(boss, services.referrals, log);
  if (config.einvoiceSend) await registerEInvoiceSend(boss, services.einvoiceSend, log);
  if (config.einvoice === 'simulator') await registerEFacturaSimSuppliers(boss, database, log);
  if (config.store === 'simulator') await registerStoreSimOrders(boss, database, config.tokenEncryptionKey, host, log, config.publicUrl);
  let stopped: Promise<void> | undefined;
  return {
    boss,
    stop: () =>
      (stopped ??= (async () => {
        stopping.abort();
        await boss.stop({ graceful: true, wait: true, timeout: JOBS_STOP_TIMEOUT_MS });
        // A worker records a job's end after it leaves pg-boss's work in progress: let those writes land.
        for (let turn = 0; turn < 20; turn += 1) {
          await new Promise((r) => setTimeout(r, 25));
          if (inFlight.size === 0) break;
          await Promise.allSettled([...inFlight]);
        }
        log.info('jobs stopped');
      })()),
  };
}

export type Jobs = Awaited<ReturnType<typeof startJobs>>;
