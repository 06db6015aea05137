import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/* ---- Domain events: the outbox of what happened (shipment lifecycle, ...) and who heard it ---- */

/**
 * One event, written in the same transaction as the change it reports (so it exists exactly when
 * the change does) and delivered after the commit by the lifecycle-events job to every listener
 * of its type. delivered_at is set once every listener took it; until then the job retries it.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** shipment.activated, shipment.status_changed, shipment.cancelled, ... */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Every listener has it (null: still to deliver). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Delivery runs that left a listener failing, and the last failure (listener: message). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('domain_events_pending_idx').on(t.id).where(sql`${t.deliveredAt} is null`)],
);

/**
 * One listener's receipt of one event, written in the same transaction as what the listener did:
 * a second delivery of the event (at least once) skips the listeners that already have it.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    listener: text('listener').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.listener] })],
);
