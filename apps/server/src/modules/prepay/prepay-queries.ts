import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cardPayments, ledgerEntries } from '../../db/schema.js';

/** The prepaid balance: the sum of the client's movements, in bani. */
export async function balanceBani(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountBani}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.total ?? 0);
}

export async function recentMovements(db: Executor, userId: number, limit: number) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)).limit(limit);
}

export async function findPayment(db: Executor, identifier: string, userId?: number) {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(userId === undefined ? eq(cardPayments.identifier, identifier) : and(eq(cardPayments.identifier, identifier), eq(cardPayments.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Credits a card top-up to the balance: one ledger row per card payment (its reference), so a
 * repeated answer for the same payment credits nothing twice.
 */
export async function creditCardTopUp(
  db: Executor,
  p: { userId: number; amountBani: number; paymentIdentifier: string; cardBrand: string | null; lastDigits: string | null; automatic?: boolean; at?: Date },
) {
  const what = p.automatic ? 'Reincarcare automata' : 'Reincarcare cont';
  await db
    .insert(ledgerEntries)
    .values({
      userId: p.userId,
      kind: 'topup',
      amountBani: p.amountBani,
      description: `${what} cu cardul ${p.cardBrand ?? ''} **** ${p.lastDigits ?? ''}`,
      reference: p.paymentIdentifier,
      ...(p.at ? { createdAt: p.at } : {}),
    })
    .onConflictDoNothing();
}
