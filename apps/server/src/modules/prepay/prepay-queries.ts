import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cardPayments, invoices, ledgerEntries } from '../../db/schema.js';
import { invoiceTopUp, type InvoicingDeps } from '../invoicing/invoicing-service.js';

/** The prepaid balance: the sum of the client's movements, in bani. */
export async function balanceBani(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountBani}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.total ?? 0);
}

/** The latest movements, each with the series and number of the invoice that covers it (one query). */
export async function recentMovements(db: Executor, userId: number, limit: number) {
  return db
    .select({ entry: ledgerEntries, invoiceSeries: invoices.series, invoiceNumber: invoices.number })
    .from(ledgerEntries)
    .leftJoin(invoices, and(eq(invoices.id, ledgerEntries.invoiceId), eq(invoices.userId, ledgerEntries.userId)))
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
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
 * repeated answer for the same payment credits nothing twice. With invoicing deps, a top-up the
 * client wants invoiced gets its advance invoice in the same transaction.
 */
export async function creditCardTopUp(
  db: Executor,
  p: {
    userId: number;
    amountBani: number;
    paymentIdentifier: string;
    cardBrand: string | null;
    lastDigits: string | null;
    automatic?: boolean;
    at?: Date;
    /** A subscription's billing entry, invoiced instead of the active one while it is verified. */
    billingEntityId?: number | null;
  },
  invoicing?: InvoicingDeps,
) {
  const what = p.automatic ? 'Reincarcare automata' : 'Reincarcare cont';
  const description = `${what} cu cardul ${p.cardBrand ?? ''} **** ${p.lastDigits ?? ''}`;
  const [row] = await db
    .insert(ledgerEntries)
    .values({
      userId: p.userId,
      kind: 'topup',
      amountBani: p.amountBani,
      description,
      reference: p.paymentIdentifier,
      ...(p.at ? { createdAt: p.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (!row || !invoicing) return { credited: !!row, invoice: null };
  const invoice = await invoiceTopUp(db, invoicing, { userId: p.userId, ledgerId: row.id, amountBani: p.amountBani, description, at: p.at, billingEntityId: p.billingEntityId });
  return { credited: true, invoice };
}
