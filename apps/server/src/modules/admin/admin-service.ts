import { CLIENT_SEARCH_LIMIT } from '@colete/contract';
import type { Database } from '../../db/client.js';
import { searchClientAccounts } from '../auth/index.js';

export function adminService(deps: { database: Database }) {
  const { db } = deps.database;
  return {
    /** Client accounts whose name or email contains the term (any case), by name. */
    async searchClients(search: string) {
      return searchClientAccounts(db, search, CLIENT_SEARCH_LIMIT);
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
