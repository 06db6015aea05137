import { USER_TYPE } from '@colete/contract';
import { appMeta, users } from './schema.js';
import type { Database } from './client.js';
import { hashPassword } from '../lib/passwords.js';
import { newReferralCode } from '../lib/tokens.js';

/** The demo accounts written in the README. */
export const DEMO_ACCOUNTS = [
  { email: 'client@demo.ro', password: 'Client123!', name: 'Demo Logistic SRL', phone: '+40722123456', userType: USER_TYPE.client, accountType: 'company' },
  { email: 'client2@demo.ro', password: 'Client123!', name: 'Ana Popescu', phone: '+40733987654', userType: USER_TYPE.client, accountType: 'individual' },
  { email: 'admin@demo.ro', password: 'Admin123!', name: 'Administrator Colete Online', phone: '+40211234567', userType: USER_TYPE.admin, accountType: 'company' },
] as const;

const DEMO_SEED_KEY = 'demo_seed';

/**
 * Fills a new database with the demo data, once: the marker row is taken in the same
 * transaction, so a second start (or a second instance) keeps whatever was saved since.
 */
export async function seedDemo(database: Database): Promise<boolean> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  return database.db.transaction(async (tx) => {
    const taken = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (taken.length === 0) return false;
    await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          email: a.email,
          passwordHash: hashes[i]!,
          name: a.name,
          phone: a.phone,
          userType: a.userType,
          accountType: a.accountType,
          referralCode: newReferralCode(),
        })),
      )
      .onConflictDoNothing({ target: users.email });
    return true;
  });
}
