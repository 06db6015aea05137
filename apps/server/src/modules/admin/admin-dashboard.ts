import type { Executor } from '../../db/client.js';
import { countClientAccounts } from '../auth/index.js';

/** The platform's clients (every account but the admins'): the admin dashboard's first tile (issue 27). */
export async function clientsCount(ex: Executor): Promise<number> {
  return countClientAccounts(ex);
}
