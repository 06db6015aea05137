import { bigint, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/* ---- The courier simulator's own state (what a courier's system would hold) ---- */

/** The courier simulator's own record of the AWBs it issued (what a courier's system would hold). */
export const courierSimAwbs = pgTable(
  'courier_sim_awbs',
  {
    awb: text('awb').primaryKey(),
    courierId: text('courier_id').notNull(),
    serviceId: text('service_id').notNull(),
    /** The client's reference (our shipment uniqueId): the same reference answers the same AWB. */
    reference: text('reference').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    priceBani: bigint('price_bani', { mode: 'number' }).notNull(),
    priceNoVatBani: bigint('price_no_vat_bani', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('courier_sim_awbs_reference_key').on(t.courierId, t.reference)],
);

/** Per-courier AWB counters of the simulator. */
export const courierSimCounters = pgTable('courier_sim_counters', {
  courierId: text('courier_id').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull().default(0),
});
