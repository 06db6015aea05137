import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- The referral programme (issue 27, migration 0069): who referred whom, and the weekly bonus ---- */

/** One invited client: the primary key keeps a client to one referrer; nobody refers themselves. */
export const referrals = pgTable(
  'referrals',
  {
    referredId: integer('referred_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the invited client's account became active: the two months of bonus start here. */
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId, t.createdAt), check('referrals_not_self', sql`${t.referredId} <> ${t.referrerId}`)],
);

/** A referrer's bonus week (weekStart: the Monday, Bucharest), paid once: its ledger movement is written with it. */
export const referralBonusWeeks = pgTable(
  'referral_bonus_weeks',
  {
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    creditedBani: bigint('credited_bani', { mode: 'number' }).notNull(),
    takenBackBani: bigint('taken_back_bani', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'referral_bonus_weeks_pk', columns: [t.referrerId, t.weekStart] })],
);

/** A shipment's part of a bonus week: credited once, taken back (cancelled or refunded after payment) at most once. */
export const referralBonusItems = pgTable(
  'referral_bonus_items',
  {
    shipmentId: integer('shipment_id').notNull(),
    kind: text('kind', { enum: ['credit', 'takeback'] }).notNull(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredId: integer('referred_id').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    valueBani: bigint('value_bani', { mode: 'number' }).notNull(),
    bonusBani: bigint('bonus_bani', { mode: 'number' }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'referral_bonus_items_pk', columns: [t.shipmentId, t.kind] }),
    index('referral_bonus_items_referrer_idx').on(t.referrerId, t.weekStart),
    index('referral_bonus_items_referred_idx').on(t.referredId),
    check('referral_bonus_items_kind', sql`${t.kind} IN ('credit', 'takeback')`),
  ],
);
