import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { repaymentSheets } from '../../db/schema/repayment-payouts.js';
import { repayments, repaymentsAwaiting } from '../../db/schema/repayments.js';
import { shipmentPartiesByIds } from '../shipments/index.js';

/** One of the client's sheets (null: none, or another client's). */
export async function sheetOf(db: Executor, userId: number, sheetId: number) {
  const [row] = await db
    .select({ id: repaymentSheets.id, sheetDate: repaymentSheets.sheetDate, bankAccount: repaymentSheets.bankAccount, bankAccountOwner: repaymentSheets.bankAccountOwner })
    .from(repaymentSheets)
    .where(and(eq(repaymentSheets.id, sheetId), eq(repaymentSheets.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** One page of the client's sheets, newest first (repayment_sheets_user_date_idx). */
export async function sheetsPage(db: Executor, userId: number, page: { limit: number; offset: number }) {
  const where = eq(repaymentSheets.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(repaymentSheets).where(where).orderBy(desc(repaymentSheets.sheetDate), desc(repaymentSheets.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(repaymentSheets).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** The totals of the client's paid sheets: what was transferred and what their repayments add up to. */
export async function sheetsAmounts(db: Executor, userId: number) {
  const [row] = await db
    .select({
      totalAmount: sql<number>`coalesce(sum(${repaymentSheets.amountBani}), 0)::bigint`,
      totalRepaymentsAmount: sql<number>`coalesce(sum(${repaymentSheets.repaymentsAmountBani}), 0)::bigint`,
    })
    .from(repaymentSheets)
    .where(and(eq(repaymentSheets.userId, userId), eq(repaymentSheets.status, 'paid')));
  return { totalAmount: Number(row?.totalAmount ?? 0), totalRepaymentsAmount: Number(row?.totalRepaymentsAmount ?? 0) };
}

/** The client's repayments waiting for an account fix, oldest first, with their shipments' parties (one query to shipments' index). */
export async function awaitingList(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: repayments.id,
      awb: repayments.awb,
      orderedAt: repayments.orderedAt,
      amountBani: repayments.amountBani,
      shipmentId: repayments.shipmentId,
      bankAccount: repaymentsAwaiting.bankAccount,
    })
    .from(repaymentsAwaiting)
    .innerJoin(repayments, eq(repayments.id, repaymentsAwaiting.repaymentId))
    .where(and(eq(repaymentsAwaiting.userId, userId), isNull(repaymentsAwaiting.resolvedAt)))
    .orderBy(repaymentsAwaiting.since, repayments.id)
    .limit(1_000);
  const parties = await shipmentPartiesByIds(db, rows.map((r) => r.shipmentId));
  // A repayment whose shipment is missing is left out, as the join did.
  return rows.flatMap(({ shipmentId, bankAccount, ...r }) => {
    const p = parties.get(shipmentId);
    return p ? [{ ...r, sender: p.sender, recipient: p.recipient, bankAccount }] : [];
  });
}
