import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* ---- The built-in Shopify simulator's own state (the shop's side of the OAuth install) ---- */

/** An authorization code the consent page handed out: single use, a few minutes, bound to its shop and app. */
export const shopifySimCodes = pgTable(
  'shopify_sim_codes',
  {
    /** SHA-256 of the code. */
    codeHash: text('code_hash').primaryKey(),
    shop: text('shop').notNull(),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('shopify_sim_codes_expiry_idx').on(t.expiresAt)],
);

/** Offline access tokens the simulator issued: a shop is known by its token; uninstalling revokes them. */
export const shopifySimTokens = pgTable(
  'shopify_sim_tokens',
  {
    /** SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    shop: text('shop').notNull(),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('shopify_sim_tokens_shop_idx').on(t.shop)],
);
