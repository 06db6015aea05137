import { and, eq, sql, type SQL } from 'drizzle-orm';
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

/**
 * The card payments (columns identifier, user_id, card_brand, last_digits, card_bank), for the
 * balance's statement to show the card that paid an advance in its one SQL (issue 28 §2).
 */
export const cardPaymentsOf = (): SQL => sql`select cp.identifier, cp.user_id, cp.card_brand, cp.last_digits, cp.card_bank from ${cardPayments} cp`;
