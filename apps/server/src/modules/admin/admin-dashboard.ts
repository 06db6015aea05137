import { USER_TYPE } from '@colete/contract';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/users.js';

/** The platform's clients (every account but the admins'): the admin dashboard's first tile (issue 27). */
export async function clientsCount(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(users).where(eq(users.userType, USER_TYPE.client));
  return row?.n ?? 0;
}
