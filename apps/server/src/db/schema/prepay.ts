import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { billingEntities } from './billing.js';
import { users } from './users.js';

/* ---- Card top-ups of the prepaid balance: single payments and automatic refills ---- */

/** A card payment through the processor's hosted page (or the simulator's). */
export const cardPayments = pgTable(
  'card_payments',
  {
    identifier: text('identifier').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'declined'] }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    cardBrand: text('card_brand'),
    lastDigits: text('last_digits'),
    /** The card's issuing bank, when the processor names it. */
    cardBank: text('card_bank'),
    expiryDate: text('expiry_date'),
    /** The saved card's token, kept while 3-D Secure is pending (never the card number). */
    cardToken: text('card_token'),
    /** A subscription this payment starts (activated when it succeeds). */
    subscriptionIdentifier: text('subscription_identifier'),
    /** The card was accepted and the bank asked for 3-D Secure: waiting for the holder's answer. */
    awaiting3ds: boolean('awaiting_3ds').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('card_payments_user_idx').on(t.userId, t.createdAt)],
);

/** Automatic top-ups with a saved card: when the balance falls below the trigger, charge the refill. */
export const cardSubscriptions = pgTable(
  'card_subscriptions',
  {
    identifier: text('identifier').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 inactive, 1 pending (waiting for its first payment), 2 active. */
    status: smallint('status').notNull().default(1),
    paymentAmountBani: bigint('payment_amount_bani', { mode: 'number' }).notNull(),
    triggerAmountBani: bigint('trigger_amount_bani', { mode: 'number' }).notNull(),
    cardBrand: text('card_brand'),
    lastDigits: text('last_digits'),
    expiryDate: text('expiry_date'),
    /** The processor's token for the saved card. */
    cardToken: text('card_token'),
    /** The billing entry (fiscal subaccount) its top-ups are invoiced to: the active one when it was created. */
    billingEntityId: integer('billing_entity_id').references(() => billingEntities.id, { onDelete: 'set null' }),
    /**
     * Ready to charge on the next fall below the trigger. Charging takes it (one UPDATE ... WHERE
     * armed), so a fall is charged once even with several workers; it re-arms once the balance is
     * back at or above the trigger.
     */
    armed: boolean('armed').notNull().default(true),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_subscriptions_user_idx').on(t.userId), index('card_subscriptions_active_idx').on(t.status, t.armed)],
);
