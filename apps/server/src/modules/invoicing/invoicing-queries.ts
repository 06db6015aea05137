import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { billableCharges, invoiceSeries, invoices } from '../../db/schema/invoicing.js';
import { activeEntity as activeBillingEntity, findEntity } from '../billing/index.js';
import { saveSettings, savedSettings } from '../settings/index.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;

/**
 * The next number of a series. The UPDATE keeps the series row locked until the transaction ends,
 * so numbers are consecutive and a rolled-back invoice gives its number back: no gaps, no repeats.
 */
export async function nextInvoiceNumber(tx: Executor, series: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceSeries.series, set: { lastNumber: sql`${invoiceSeries.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceSeries.lastNumber });
  return row!.lastNumber;
}

export async function insertInvoice(tx: Executor, values: NewInvoiceRow) {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

export async function findInvoice(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The client's advance (top-up) invoices, oldest first: what a settlement's reversal takes back, at their rates. */
export async function advanceInvoices(db: Executor, userId: number) {
  return db
    .select({ totalBani: invoices.totalBani, vatPercent: invoices.vatPercent })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.kind, 'prepay')))
    .orderBy(invoices.issuedAt, invoices.id);
}

/** The billing entry invoices are made out to: the active one (billing's). */
export const activeEntity = (db: Executor, userId: number) => activeBillingEntity(db, userId);

/** The user's billing entry with this id (billing's), or null. */
export const entityOf = (db: Executor, userId: number, id: number) => findEntity(db, userId, id);

/** amountNotInvoicedSum: what the client owes and has not been invoiced for, in bani. */
export async function notInvoicedBani(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${billableCharges.amountBani}), 0)` })
    .from(billableCharges)
    .where(and(eq(billableCharges.userId, userId), isNull(billableCharges.invoiceId)));
  return Number(row?.total ?? 0);
}

/** Clients with unbilled charges older than a date (the monthly invoice run), through the open-charges index. */
export async function usersWithOpenChargesBefore(db: Executor, before: Date, limit: number) {
  const rows = await db
    .selectDistinct({ userId: billableCharges.userId })
    .from(billableCharges)
    .where(and(isNull(billableCharges.invoiceId), lt(billableCharges.createdAt, before)))
    .orderBy(billableCharges.userId)
    .limit(limit);
  return rows.map((r) => r.userId);
}

export async function openCharges(tx: Executor, userId: number) {
  return tx
    .select()
    .from(billableCharges)
    .where(and(eq(billableCharges.userId, userId), isNull(billableCharges.invoiceId)))
    .orderBy(billableCharges.createdAt, billableCharges.id)
    .for('update');
}

export async function markChargesInvoiced(tx: Executor, userId: number, ids: number[], invoiceId: number) {
  if (ids.length === 0) return;
  await tx
    .update(billableCharges)
    .set({ invoiceId })
    .where(and(eq(billableCharges.userId, userId), isNull(billableCharges.invoiceId), inArray(billableCharges.id, ids)));
}

export async function invoicingSettingsRow(db: Executor, userId: number) {
  const row = await savedSettings(db, userId);
  return row ? { invoiceEveryPrepay: row.invoiceEveryPrepay, invoiceEveryPrepayManual: row.invoiceEveryPrepayManual, invoiceEveryOrder: row.invoiceEveryOrder, invoiceEveryOrderManual: row.invoiceEveryOrderManual } : null;
}

export async function saveInvoicingSettings(
  db: Executor,
  userId: number,
  values: Partial<{ invoiceEveryPrepay: boolean; invoiceEveryPrepayManual: boolean; invoiceEveryOrder: boolean; invoiceEveryOrderManual: boolean }>,
) {
  await saveSettings(db, userId, values);
}

/**
 * Every seller (the platform's company as the invoices keep it) with the name one of its invoices
 * names it by, by fiscal code: a loose index scan over invoices_seller_code_idx, one step per
 * company, not per invoice (the admin's companies, issue 17).
 */
export async function invoiceSellers(db: Executor): Promise<{ code: string; name: string }[]> {
  const res = await db.execute(sql`
    WITH RECURSIVE codes(code) AS (
      (SELECT ${invoices.seller}->>'identificationCode' FROM ${invoices} ORDER BY 1 LIMIT 1)
      UNION ALL
      SELECT (SELECT ${invoices.seller}->>'identificationCode' FROM ${invoices} WHERE ${invoices.seller}->>'identificationCode' > codes.code ORDER BY 1 LIMIT 1)
      FROM codes WHERE codes.code IS NOT NULL
    )
    SELECT c.code, (SELECT i.seller->>'name' FROM ${invoices} i WHERE i.seller->>'identificationCode' = c.code LIMIT 1) AS name
    FROM codes c WHERE c.code IS NOT NULL`);
  // The rows of a raw query, whichever driver answered (node-postgres or PGlite).
  type Seller = { code: string; name: string };
  return (res as { rows?: Seller[] }).rows ?? (res as unknown as Seller[]);
}
