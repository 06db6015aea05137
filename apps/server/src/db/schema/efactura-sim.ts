import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* ---- The built-in e-Factura simulator's own state (the tax authority's side of the OAuth consent) ---- */

/** An authorization code the simulator's consent page handed out: single use, short-lived, bound to its client and redirect_uri. */
export const efacturaSimCodes = pgTable(
  'efactura_sim_codes',
  {
    /** SHA-256 of the code. */
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The demo certificate chosen on the consent page and the company its holder represents. */
    certificate: text('certificate').notNull(),
    representedCui: text('represented_cui').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('efactura_sim_codes_expiry_idx').on(t.expiresAt)],
);

/** Tokens the simulator issued: refresh tokens are checked (and rotated) here; a replayed code revokes its tokens. */
export const efacturaSimTokens = pgTable(
  'efactura_sim_tokens',
  {
    /** SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    clientId: text('client_id').notNull(),
    /** The code the first tokens of this chain came from. */
    codeHash: text('code_hash').notNull(),
    certificate: text('certificate').notNull(),
    representedCui: text('represented_cui').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('efactura_sim_tokens_code_idx').on(t.codeHash)],
);
