import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from './client.js';
import { domainEvents, eventDeliveries } from './schema/events.js';

/**
 * The domain events outbox. A module writes its event with `writeEvent` inside the transaction of
 * the change it reports (a rolled-back change leaves no event); `deliverEvents` (the
 * lifecycle-events job) hands each committed event to its listeners afterwards.
 *
 * Delivery is at least once and each listener's effect exactly once: a listener runs in a
 * savepoint together with its receipt (event_deliveries), so its writes and the receipt commit
 * or roll back together, and a listener that has its receipt is skipped on the next delivery.
 * A failing listener is rolled back alone, the others still run; the event stays pending and
 * the next run tries that listener again.
 */

export type StoredEvent<T extends string = string, P = unknown> = { id: number; type: T; payload: P; createdAt: Date };

/** A subscriber: a stable name (its receipts are kept under it) and the event types it handles. */
export type EventListener<E extends StoredEvent = StoredEvent> = {
  name: string;
  types: readonly E['type'][];
  /** Runs in the delivery's transaction: write through `tx` so the effect commits with the receipt. */
  handle(tx: Executor, event: E): Promise<void>;
};

/** After this many failing runs an event is left for a person to look at (last_error says why). */
export const EVENT_MAX_ATTEMPTS = 30;

/* Wakes the delivery job after a commit, so a notification is not a minute late. */
const writtenListeners = new Set<() => void>();
export function onEventsCommitted(listener: () => void) {
  writtenListeners.add(listener);
  return () => void writtenListeners.delete(listener);
}
/** Call after the transaction that wrote events committed (a lost nudge only delays: the scheduled run finds them). */
export function eventsCommitted() {
  for (const listener of writtenListeners) listener();
}

/** Writes one event in the caller's transaction; answers its id. */
export async function writeEvent(tx: Executor, event: { type: string; payload: object; at?: Date }): Promise<number> {
  const [row] = await tx
    .insert(domainEvents)
    .values({ type: event.type, payload: event.payload as Record<string, unknown>, ...(event.at ? { createdAt: event.at } : {}) })
    .returning({ id: domainEvents.id });
  return row!.id;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Delivers pending events, oldest first, in batches: each event in its own transaction, locked
 * (SKIP LOCKED: two runners never deliver one event at once). Answers what happened.
 */
export async function deliverEvents(database: Database, listeners: readonly EventListener[], opts: { batch?: number; signal?: AbortSignal } = {}) {
  const { db } = database;
  const result = { delivered: 0, failed: 0 };
  let after = 0;
  for (;;) {
    if (opts.signal?.aborted) break;
    const due = await db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(isNull(domainEvents.deliveredAt), lt(domainEvents.attempts, EVENT_MAX_ATTEMPTS), sql`${domainEvents.id} > ${after}`))
      .orderBy(asc(domainEvents.id))
      .limit(opts.batch ?? 100);
    if (due.length === 0) break;
    for (const { id } of due) {
      after = id;
      const outcome = await deliverOne(database, listeners, id);
      if (outcome === 'delivered') result.delivered += 1;
      if (outcome === 'failed') result.failed += 1;
    }
  }
  return result;
}

/** How long a delivered event is kept (to look into what was announced), then pruned by the event job. */
export const DELIVERED_EVENT_KEEP_DAYS = 30;

/**
 * Deletes delivered events (and, by cascade, their receipts) older than `before`, oldest first,
 * at most `limit` a call: the primary key's order finds the old ones without another index.
 */
export async function pruneDeliveredEvents(database: Database, before: Date, limit = 1000): Promise<number> {
  const old = database.db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(isNotNull(domainEvents.deliveredAt), lt(domainEvents.createdAt, before)))
    .orderBy(asc(domainEvents.id))
    .limit(limit);
  const removed = await database.db.delete(domainEvents).where(inArray(domainEvents.id, old)).returning({ id: domainEvents.id });
  return removed.length;
}

async function deliverOne(database: Database, listeners: readonly EventListener[], id: number): Promise<'delivered' | 'failed' | 'skipped'> {
  return database.db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.id, id), isNull(domainEvents.deliveredAt)))
      .for('update', { skipLocked: true });
    if (!event) return 'skipped';
    const mine = listeners.filter((l) => l.types.includes(event.type));
    const done = mine.length
      ? new Set(
          (
            await tx
              .select({ listener: eventDeliveries.listener })
              .from(eventDeliveries)
              .where(and(eq(eventDeliveries.eventId, id), inArray(eventDeliveries.listener, mine.map((l) => l.name))))
          ).map((r) => r.listener),
        )
      : new Set<string>();
    const errors: string[] = [];
    const stored: StoredEvent = { id: event.id, type: event.type, payload: event.payload, createdAt: event.createdAt };
    for (const listener of mine) {
      if (done.has(listener.name)) continue;
      try {
        await tx.transaction(async (sp) => {
          await listener.handle(sp, stored);
          await sp.insert(eventDeliveries).values({ eventId: id, listener: listener.name });
        });
      } catch (err) {
        errors.push(`${listener.name}: ${errorText(err)}`);
      }
    }
    if (errors.length) {
      await tx.update(domainEvents).set({ attempts: sql`${domainEvents.attempts} + 1`, lastError: errors.join('; ') }).where(eq(domainEvents.id, id));
      return 'failed';
    }
    await tx.update(domainEvents).set({ deliveredAt: new Date() }).where(eq(domainEvents.id, id));
    return 'delivered';
  });
}
