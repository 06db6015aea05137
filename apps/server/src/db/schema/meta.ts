import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value facts about this database (for example, that the demo seed already ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Calls counted per rate limit (`scope`), key (a client, an address) and fixed window, shared by
 * every server instance (lib/rate-limit.ts). Rows older than two windows are never read again; the
 * session cleanup job deletes them.
 */
export const rateWindows = pgTable(
  'rate_windows',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ name: 'rate_windows_pkey', columns: [t.scope, t.key, t.windowStart] }), index('rate_windows_start_idx').on(t.windowStart)],
);
