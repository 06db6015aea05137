import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import { sendNudges, type JobNudge } from './define-job.js';
import { einvoiceMessagesNudge } from './einvoice-messages.js';
import { einvoiceSendNudge } from './einvoice-send.js';
import { lifecycleEventsNudge } from './lifecycle-events.js';
import { mailSenderNudge } from './mail-sender.js';
import { storeBulkNudge } from './store-bulk-activation.js';
import { storeFulfillmentsNudge } from './store-fulfillments.js';
import { storeShopSyncNudge } from './store-shop-sync.js';

/** Every job a request wakes (each job registers its own in startJobs; the list is for the instances that run none). */
export function jobNudges(config: Pick<Config, 'einvoiceSend'>): JobNudge[] {
  return [storeBulkNudge, storeFulfillmentsNudge, storeShopSyncNudge, lifecycleEventsNudge, mailSenderNudge, einvoiceMessagesNudge, ...(config.einvoiceSend ? [einvoiceSendNudge] : [])];
}

/**
 * An instance that runs no jobs (JOBS=false, behind the load balancer) still wakes them (issue 28):
 * its signals (a bulk run started, events committed, a mail queued) become jobs in the database,
 * which the instances running the jobs take at once. Without it the work waited for the next
 * scheduled run, up to a minute (a bulk run's first order, a notification). This pg-boss only
 * sends: no workers, no schedules, no maintenance. A send to a queue no jobs instance created yet
 * is dropped by pg-boss (the schedule finds the work later).
 */
export async function startNudges(host: FastifyInstance) {
  const { config, database } = host.deps;
  const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) }, schema: 'pgboss', supervise: false, schedule: false });
  boss.on('error', (err: Error) => host.log.error({ err }, 'job queue error'));
  await boss.start();
  const inFlight = new Set<Promise<unknown>>();
  const unsubscribe = jobNudges(config).map((nudge) => sendNudges(boss, host.log, nudge, inFlight));
  let stopped: Promise<void> | undefined;
  return {
    boss,
    // The signals are let go first: pg-boss tells 'stopped' only after its stop has answered, and a
    // signal in between would still send (its database is the app's, open until the app closes).
    // Then the sends already made are waited for: one answered after the stop would still add a job.
    stop: () =>
      (stopped ??= (async () => {
        for (const off of unsubscribe) off();
        await Promise.allSettled([...inFlight]);
        await boss.stop({ graceful: true, wait: true, timeout: 1_000 });
      })()),
  };
}

export type Nudges = Awaited<ReturnType<typeof startNudges>>;
