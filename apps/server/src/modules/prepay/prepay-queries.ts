import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cardPayments } from '../../db/schema.js';

// Until the shipments module reads the balance from the ledger itself (it imports it from here today).

export async function findPayment(db: Executor, identifier: string, userId?: number) {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(userId === undefined ? eq(cardPayments.identifier, identifier) : and(eq(cardPayments.identifier, identifier), eq(cardPayments.userId, userId)))
    .limit(1);
  return row ?? null;
}
