import { CLIENT_SEARCH_LIMIT, USER_TYPE, ZClientSearchQuery, ZClientSearchResponse } from '@colete/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema.js';
import { adminScope } from '../../plugins/acting.js';

/** Escapes LIKE's wildcards so a search for '50%' means the text, not a pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function adminRoutes(app: FastifyInstance) {
  adminScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/clients',
    { schema: { tags: ['admin'], querystring: ZClientSearchQuery, response: { 200: ZClientSearchResponse } } },
    async (req) => {
      const term = req.query.search.toLowerCase();
      // The expression matches the trigram index users_search_trgm_idx.
      const haystack = sql`(lower(${users.name}) || ' ' || ${users.email})`;
      const list = await app.deps.database.db
        .select({ id: users.id, name: users.name, email: users.email, accountType: users.accountType })
        .from(users)
        .where(and(eq(users.userType, USER_TYPE.client), term ? sql`${haystack} LIKE ${`%${likeEscape(term)}%`}` : undefined))
        .orderBy(asc(users.name), asc(users.id))
        .limit(CLIENT_SEARCH_LIMIT);
      return { success: true as const, list };
    },
  );
}
