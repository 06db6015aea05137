import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cardPayments } from '../../db/schema/prepay.js';

/** A card payment, by its processor identifier (and its owner, when given). The balance is the ledger's. */
export async function findPayment(db: Executor, identifier: string, userId?: number) {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(userId === undefined ? eq(cardPayments.identifier, identifier) : and(eq(cardPayments.identifier, identifier), eq(cardPayments.userId, userId)))
    .limit(1);
  return row ?? null;
}
