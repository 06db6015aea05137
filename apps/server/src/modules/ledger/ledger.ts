import { and, desc, eq, getTableName, inArray, isNotNull, isNull, notInArray, sql, type Column } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { LEDGER_KINDS } from '@colete/contract';
import { ledgerEntries } from '../../db/schema/ledger.js';

export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * One movement of a client's money. `amountBani` is the movement's size (a positive integer);
 * the ledger gives it its sign by kind. `reference` names what caused it (a card payment, a
 * shipment's activation, a payout sheet): one movement per kind and reference, so a retry or a
 * parallel call writes nothing twice.
 */
export type Movement = {
  userId: number;
  amountBani: number;
  reference: string;
  description: string;
  /** The invoice that covers the movement, when known as it is written. */
  invoiceId?: number | null;
  /** When it happened, when not now (the demo history). */
  at?: Date;
};

/** The written row's id, or null when a movement of that kind and reference already exists. */
export type Written = { id: number } | null;

async function write(ex: Executor, kind: LedgerKind, sign: 1 | -1, m: Movement): Promise<Written> {
  if (!Number.isSafeInteger(m.amountBani) || m.amountBani <= 0) throw new Error(`ledger: ${kind} needs a positive integer amount in bani`);
  const [row] = await ex
    .insert(ledgerEntries)
    .values({
      userId: m.userId,
      kind,
      amountBani: sign * m.amountBani,
      description: m.description,
      reference: m.reference,
      invoiceId: m.invoiceId ?? null,
      ...(m.at ? { createdAt: m.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return row ?? null;
}

/** A card top-up credited to the balance. */
export const creditTopUp = (ex: Executor, m: Movement) => write(ex, 'topup', 1, m);
/** A shipment's price taken from a prepaid balance at activation. */
export const chargeShipment = (ex: Executor, m: Movement) => write(ex, 'charge', -1, m);
/** A cancelled shipment's charge given back. */
export const refundShipment = (ex: Executor, m: Movement) => write(ex, 'refund', 1, m);
/** Money returned to the client's bank account (a payout sheet, the balance at settlement). */
export const payout = (ex: Executor, m: Movement) => write(ex, 'payout', -1, m);
/** A bonus (referrals) credited to the balance. */
export const bonus = (ex: Executor, m: Movement) => write(ex, 'bonus', 1, m);
/** A bonus taken back (referrals: a paid shipment cancelled or refunded since): a negative bonus movement. */
export const bonusTakeBack = (ex: Executor, m: Movement) => write(ex, 'bonus', -1, m);

/**
 * The shipments among `shipmentIds` whose charge was refunded (a cancellation's refund under the
 * charge's reference 'shipment:<id>' or 'shipment:<id>#n'), for the clients `userIds`.
 */
export async function refundedShipmentIds(ex: Executor, userIds: number[], shipmentIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0 || shipmentIds.length === 0) return new Set();
  // The shipment's id read from the reference in SQL: only these shipments' refunds come back.
  const shipmentOf = sql<number>`(substring(${ledgerEntries.reference} from '^shipment:([0-9]+)(#[0-9]+)?$'))::int`;
  const rows = await ex
    .selectDistinct({ shipmentId: shipmentOf })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.userId, userIds), eq(ledgerEntries.kind, 'refund'), sql`${ledgerEntries.reference} like 'shipment:%'`, inArray(shipmentOf, shipmentIds)));
  return new Set(rows.map((r) => Number(r.shipmentId)));
}

/**
 * A charge undone because what it paid for never happened (the courier refused the AWB): the
 * charge's amount back, under the charge's own reference, once.
 */
export async function reverseCharge(ex: Executor, m: { userId: number; reference: string; description: string }): Promise<Written> {
  const [charge] = await ex
    .select({ amountBani: ledgerEntries.amountBani })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, m.userId), eq(ledgerEntries.kind, 'charge'), eq(ledgerEntries.reference, m.reference)))
    .limit(1);
  if (!charge) return null;
  return write(ex, 'reversal', 1, { userId: m.userId, amountBani: -charge.amountBani, reference: m.reference, description: m.description });
}

/** An admin's correction, either way: `signedBani` positive credits, negative debits. */
export async function correction(ex: Executor, m: Omit<Movement, 'amountBani'> & { signedBani: number }): Promise<Written> {
  if (m.signedBani === 0) throw new Error('ledger: a correction moves some money');
  return write(ex, 'correction', m.signedBani > 0 ? 1 : -1, { ...m, amountBani: Math.abs(m.signedBani) });
}

/**
 * The kinds of a postpaid client's invoice payments (issue 17): activated (+) and reverted (-) by
 * an admin. They are the client's money paid towards its invoices, a second account in the same
 * ledger: never part of the prepaid balance, which is the sum of every other kind.
 */
export const PAYMENT_KINDS = ['payment', 'payment_revert'] as const satisfies readonly LedgerKind[];

/** An invoice payment activated by an admin: the payment's amount, once per payment. */
export const creditPayment = (ex: Executor, m: Movement) => write(ex, 'payment', 1, m);
/** A revert (storno) of part of an activated payment, once per revert. */
export const revertPayment = (ex: Executor, m: Movement) => write(ex, 'payment_revert', -1, m);

/** The prepaid balance: the sum of the client's movements (invoice payments aside), in bani. */
export async function balanceBani(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountBani}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), notInArray(ledgerEntries.kind, [...PAYMENT_KINDS])));
  return Number(row?.total ?? 0);
}

/** What a postpaid client paid towards its invoices: activated payments less their reverts, in bani. */
export async function paymentsBani(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountBani}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.kind, [...PAYMENT_KINDS])));
  return Number(row?.total ?? 0);
}

/** Whether a movement of this kind and reference was written (a charge still standing, say). */
export async function hasMovement(ex: Executor, userId: number, kind: LedgerKind, reference: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind), eq(ledgerEntries.reference, reference)))
    .limit(1);
  return !!row;
}

/**
 * The client's top-ups no invoice covers yet (credited while advances were not invoiced), oldest
 * first, locked until the transaction ends: the admin's advance invoice takes each at most once.
 */
export async function uninvoicedTopUps(tx: Executor, userId: number) {
  return tx
    .select({ id: ledgerEntries.id, amountBani: ledgerEntries.amountBani, description: ledgerEntries.description, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'topup'), isNull(ledgerEntries.invoiceId)))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id)
    .for('update');
}

/** Links a movement to the invoice that covers it (a top-up's advance invoice, issued right after the credit). */
export async function attachInvoice(ex: Executor, movementId: number, invoiceId: number): Promise<void> {
  await ex.update(ledgerEntries).set({ invoiceId }).where(eq(ledgerEntries.id, movementId));
}

/**
 * The balance as an SQL expression over the ledger, for a query that filters or sorts by it
 * (the automatic top-up's trigger): `userId` is the column holding the client's id. The column
 * is written with its table's name: in a select list Drizzle leaves it bare, and a bare "id"
 * inside the subquery would be the ledger's own.
 */
export const balanceOf = (userId: Column) =>
  sql<number>`(SELECT coalesce(sum(l.amount_bani), 0) FROM ${ledgerEntries} l WHERE l.user_id = ${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)} AND l.kind NOT IN ('payment', 'payment_revert'))`;

/** The sum of one kind of movements that an invoice covers, as a positive amount in bani. */
async function invoicedBani(ex: Executor, userId: number, kind: LedgerKind): Promise<number> {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(abs(${ledgerEntries.amountBani})), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind), isNotNull(ledgerEntries.invoiceId)));
  return Number(row?.total ?? 0);
}

/** Top-ups invoiced as advance payments, in bani. */
export const invoicedTopUpsBani = (ex: Executor, userId: number) => invoicedBani(ex, userId, 'topup');
/** Payouts whose invoice reversed an advance (a storno line), in bani. */
export const invoicedPayoutsBani = (ex: Executor, userId: number) => invoicedBani(ex, userId, 'payout');

/** The latest movements, newest first (the invoice that covers each is the invoicing module's: `invoiceId`). */
export async function recentMovements(ex: Executor, userId: number, limit: number) {
  return ex
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), notInArray(ledgerEntries.kind, [...PAYMENT_KINDS])))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
}

/**
 * The demo history only (db/seed-shipments.ts): a movement made now, dated back to when the seed
 * says it happened. Every kind under the reference (a charge and its refund) moves together.
 */
export async function backdateMovements(ex: Executor, m: { userId: number; reference: string; at: Date }) {
  await ex
    .update(ledgerEntries)
    .set({ createdAt: m.at })
    .where(and(eq(ledgerEntries.userId, m.userId), eq(ledgerEntries.reference, m.reference)));
}
