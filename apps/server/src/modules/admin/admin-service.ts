import { CLIENT_SEARCH_LIMIT, USER_TYPE } from '@colete/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/users.js';

/** Escapes LIKE's wildcards so a search for '50%' means the text, not a pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function adminService(deps: { database: Database }) {
  const { db } = deps.database;
  return {
    /** Client accounts whose name or email contains the term (any case), by name. */
    async searchClients(search: string) {
      const term = search.toLowerCase();
      // The expression matches the trigram index users_search_trgm_idx.
      const haystack = sql`(lower(${users.name}) || ' ' || ${users.email})`;
      return db
        .select({ id: users.id, name: users.name, email: users.email, accountType: users.accountType })
        .from(users)
        .where(and(eq(users.userType, USER_TYPE.client), term ? sql`${haystack} LIKE ${`%${likeEscape(term)}%`}` : undefined))
        .orderBy(asc(users.name), asc(users.id))
        .limit(CLIENT_SEARCH_LIMIT);
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
