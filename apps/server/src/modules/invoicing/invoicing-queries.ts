import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { billingEntities } from '../../db/schema/billing.js';
import { billableCharges, invoiceSeries, invoices } from '../../db/schema/invoicing.js';
import { userSettings } from '../../db/schema/settings.js';

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

/** The billing entry invoices are made out to: the active one. */
export async function activeEntity(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(billingEntities)
    .where(and(eq(billingEntities.userId, userId), eq(billingEntities.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function entityOf(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(billingEntities)
    .where(and(eq(billingEntities.userId, userId), eq(billingEntities.id, id)))
    .limit(1);
  return row ?? null;
}

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
  const [row] = await db
    .select({
      invoiceEveryPrepay: userSettings.invoiceEveryPrepay,
      invoiceEveryPrepayManual: userSettings.invoiceEveryPrepayManual,
      invoiceEveryOrder: userSettings.invoiceEveryOrder,
      invoiceEveryOrderManual: userSettings.invoiceEveryOrderManual,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function saveInvoicingSettings(
  db: Executor,
  userId: number,
  values: Partial<{ invoiceEveryPrepay: boolean; invoiceEveryPrepayManual: boolean; invoiceEveryOrder: boolean; invoiceEveryOrderManual: boolean }>,
) {
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: new Date() } });
}
