import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { romanianAddressColumns } from './columns.js';
import { users } from './users.js';

/* ---- Billing data (spec 000 section 3): who a client's invoices are made out to ---- */

/**
 * A company (CIF) or an individual (CNP) the client's invoices are issued to. The id is the
 * spec's fiscalSubaccountNumber. At most one entry of a user is active (the partial unique index).
 */
export const billingEntities = pgTable(
  'billing_entities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isCompany: boolean('is_company').notNull(),
    isVatPayer: boolean('is_vat_payer').notNull().default(false),
    /** CUI without 'RO' for a company, CNP for an individual. */
    identificationCode: text('identification_code').notNull(),
    tradeRegister: text('trade_register'),
    /** 1 CIF, 2 NIF, 6 CNP. */
    fiscalIdentificationType: smallint('fiscal_identification_type').notNull(),
    ...romanianAddressColumns(),
    additionalInfo: text('additional_info'),
    isActive: boolean('is_active').notNull().default(false),
    verifyStatus: text('verify_status', { enum: ['verified', 'invalid', 'pendingVerification'] }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_entities_user_code_key').on(t.userId, t.identificationCode),
    index('billing_entities_user_idx').on(t.userId),
    // One active entry per user, kept by the database even if two requests race.
    uniqueIndex('billing_entities_one_active_key').on(t.userId).where(sql`${t.isActive}`),
    // The verification job only looks at companies still waiting for the tax authority.
    index('billing_entities_pending_idx').on(t.updatedAt).where(sql`${t.verifyStatus} = 'pendingVerification'`),
  ],
);
