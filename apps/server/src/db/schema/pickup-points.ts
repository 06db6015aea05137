import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from './addresses.js';
import { users } from './users.js';

/* ---- Pick-up points (spec 000): a client's address where a courier picks up regularly ---- */

export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id),
    courierId: text('courier_id').notNull(),
    /** Approved by an admin. */
    enabled: boolean('enabled').notNull().default(false),
    /** 0 no, 1 deletion requested, 2 deleted (spec 000 section 4). */
    deleted: smallint('deleted').notNull().default(0),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    printerAvailable: boolean('printer_available').notNull(),
    /** 1 Monday ... 5 Friday; only for couriers with scheduleType 2. */
    pickUpDays: jsonb('pick_up_days').$type<number[]>().notNull().default([]),
    estimatedOrdersCount: integer('estimated_orders_count').notNull(),
    /** The courier's discount on offers sent from this address, percent. */
    discountPercent: smallint('discount_percent').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pickup_points_user_idx').on(t.userId, t.createdAt),
    // One live request per address and courier.
    uniqueIndex('pickup_points_live_key').on(t.addressId, t.courierId).where(sql`${t.deleted} <> 2 and ${t.rejectedAt} is null`),
    index('pickup_points_pending_idx').on(t.createdAt).where(sql`not ${t.enabled} and ${t.deleted} = 0 and ${t.rejectedAt} is null`),
  ],
);
