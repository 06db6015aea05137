import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@colete/contract';
import type { Executor } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';

/** A company client written straight into users (the money tests call the services, not the routes): its id. */
export async function insertClient(db: Executor): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@test.ro`, passwordHash: 'x', name: 'Client test', phone: '+40722000000', userType: USER_TYPE.client, accountType: 'company', referralCode: randomUUID().slice(0, 8) })
    .returning();
  return row!.id;
}
