import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/* ---- Accounts and their sign-in: users, sessions, throttled log-in attempts ---- */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** 1 client, 2 admin. */
    userType: smallint('user_type').notNull().default(1),
    accountType: text('account_type', { enum: ['company', 'individual'] }).notNull(),
    referralCode: text('referral_code').notNull(),
    workingTimeStart: text('working_time_start'),
    workingTimeEnd: text('working_time_end'),
    bankAccount: text('bank_account'),
    bankAccountHolder: text('bank_account_holder'),
    bankName: text('bank_name'),
    repaymentSendInterval: integer('repayment_send_interval'),
    repaymentSendMinAmount: integer('repayment_send_min_amount'),
    repaymentWaitPending: integer('repayment_wait_pending'),
    /** Contact data of the billing area (spec 000 section 3): null until the user fills it in. */
    contactGivenName: text('contact_given_name'),
    contactFamilyName: text('contact_family_name'),
    contactPhone: text('contact_phone'),
    /** prepaid: shipments are charged to the balance; postpaid: invoiced afterwards (set by an admin). */
    paymentType: text('payment_type', { enum: ['prepaid', 'postpaid'] }).notNull().default('prepaid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    // The admin's client list: clients by name.
    index('users_type_name_idx').on(t.userType, t.name, t.id),
  ],
);

/** Sessions: the primary key is the SHA-256 of the opaque token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expiry_idx').on(t.expiresAt, t.idleExpiresAt)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    // The clean-up job deletes by age.
    index('login_attempts_created_idx').on(t.createdAt),
  ],
);
