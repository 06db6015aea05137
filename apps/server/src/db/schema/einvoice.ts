import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { billingEntities } from './billing.js';
import { users } from './users.js';

/* ---- e-Invoicing (e-Factura) connections of billing entries ---- */

/** A company's authorisation with the tax authority's e-invoicing system. Tokens are encrypted at rest. */
export const eInvoiceConnections = pgTable(
  'einvoice_connections',
  {
    billingEntityId: integer('billing_entity_id')
      .primaryKey()
      .references(() => billingEntities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ACTIVE, or EXPIRED once the refresh token has lapsed. */
    state: text('state', { enum: ['ACTIVE', 'EXPIRED'] }).notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('einvoice_connections_user_idx').on(t.userId)],
);

/** A consent in progress: the OAuth state sent to the authorize page, checked when the browser comes back. */
export const eInvoiceAuthorizations = pgTable(
  'einvoice_authorizations',
  {
    /** SHA-256 of the random state value. */
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billingEntityId: integer('billing_entity_id')
      .notNull()
      .references(() => billingEntities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('einvoice_authorizations_expiry_idx').on(t.expiresAt)],
);
