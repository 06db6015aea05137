import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { DELIVERED_EVENT_KEEP_DAYS, deliverEvents, onEventsCommitted, pruneDeliveredEvents, type EventListener } from '../db/outbox.js';
import { customersListener } from '../modules/customers/index.js';
import { invoiceIssuedListener } from '../modules/einvoice/index.js';
import { pickupSmsListener, shipmentMailListener } from '../modules/mail/index.js';
import { repaymentsListener } from '../modules/repayments/index.js';
import { shipmentListener } from '../modules/shipments/index.js';
import { storeFulfillmentEventsListener } from '../modules/store/index.js';
import { RUN_ONCE_WAITING, defineJob, sendNudges, type JobNudge } from './define-job.js';

export const LIFECYCLE_EVENTS_QUEUE = 'lifecycle-events';
/** A moment after each commit that wrote events (several events of one request make one run). */
export const lifecycleEventsNudge: JobNudge = { queue: LIFECYCLE_EVENTS_QUEUE, on: onEventsCommitted, startAfterSeconds: 1, what: 'lifecycle events' };

/**
 * The listeners of the domain events, in one place: a new subscriber (store fulfilment,
 * repayments, referral bonus) is one line here. Each has a stable name: its receipts are kept
 * under it, so a delivered event is not handed to it again.
 */
export function lifecycleListeners(): EventListener[] {
  return [...[shipmentMailListener, pickupSmsListener, repaymentsListener, storeFulfillmentEventsListener, customersListener].map(shipmentListener), invoiceIssuedListener as EventListener];
}

/** Delivers every pending event to its listeners (the job's work; tests call it to run a delivery now). */
export function deliverLifecycleEvents(database: Database, opts: { listeners?: readonly EventListener[]; signal?: AbortSignal } = {}) {
  return deliverEvents(database, opts.listeners ?? lifecycleListeners(), { signal: opts.signal });
}

/**
 * Delivers the outbox's events every minute, and a moment after each commit that wrote some in
 * this process. The schedule is the guarantee (an event committed just before the process died
 * is delivered by the next run, on any instance); the nudge only makes it prompt. The queue is
 * 'short' (RUN_ONCE_WAITING), so a burst of commits makes one run; runs on several instances are safe
 * (each event is locked while delivered, and a listener's receipt makes a second delivery a no-op).
 */
export async function registerLifecycleEvents(boss: PgBoss, database: Database, log: FastifyBaseLogger, opts: { signal?: AbortSignal } = {}) {
  const listeners = lifecycleListeners();
  await defineJob(boss, log, {
    name: LIFECYCLE_EVENTS_QUEUE,
    cron: '* * * * *',
    queue: RUN_ONCE_WAITING,
    work: async () => {
      const result = await deliverLifecycleEvents(database, { listeners, signal: opts.signal });
      const pruned = await pruneDeliveredEvents(database, new Date(Date.now() - DELIVERED_EVENT_KEEP_DAYS * 86_400_000));
      return { ...result, pruned };
    },
    report: { message: 'lifecycle events: some listeners failed (retried next run)', when: (r) => r.failed > 0 },
  });
  sendNudges(boss, log, lifecycleEventsNudge);
}
