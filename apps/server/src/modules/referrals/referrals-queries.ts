import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { referralBonusItems, referralBonusWeeks, referrals } from '../../db/schema/referrals.js';

export type ReferralRow = typeof referrals.$inferSelect;
export type BonusItem = typeof referralBonusItems.$inferInsert;

/** Records who referred whom; false when the client already has a referrer (the primary key). */
export async function insertReferral(ex: Executor, row: { referredId: number; referrerId: number; activatedAt: Date; createdAt?: Date }) {
  const inserted = await ex.insert(referrals).values(row).onConflictDoNothing().returning({ id: referrals.referredId });
  return inserted.length > 0;
}

export async function referralOf(ex: Executor, referredId: number) {
  const [row] = await ex.select().from(referrals).where(eq(referrals.referredId, referredId)).limit(1);
  return row ?? null;
}

/** The clients a referrer invited, oldest first. */
export const referredBy = (ex: Executor, referrerId: number) =>
  ex.select().from(referrals).where(eq(referrals.referrerId, referrerId)).orderBy(referrals.createdAt, referrals.referredId);

/** Referrers with a client activated since `since` (whose promotion may still pay) or a credit paid since `paidSince` (which may be taken back). */
export async function referrersToCredit(ex: Executor, since: Date, paidSince: string): Promise<number[]> {
  const recent = await ex.selectDistinct({ id: referrals.referrerId }).from(referrals).where(gte(referrals.activatedAt, since));
  const paid = await ex
    .selectDistinct({ id: referralBonusItems.referrerId })
    .from(referralBonusItems)
    .where(and(eq(referralBonusItems.kind, 'credit'), gte(referralBonusItems.weekStart, paidSince)));
  return [...new Set([...recent, ...paid].map((r) => r.id))].sort((a, b) => a - b);
}

/**
 * Claims a referrer's week: the row is inserted once. A second claim (a retry, another worker)
 * waits for the first one's transaction and then finds the row: false.
 */
export async function claimWeek(ex: Executor, referrerId: number, weekStart: string, at: Date) {
  const rows = await ex
    .insert(referralBonusWeeks)
    .values({ referrerId, weekStart, creditedBani: 0, takenBackBani: 0, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: referralBonusWeeks.referrerId });
  return rows.length > 0;
}

export async function settleWeek(ex: Executor, referrerId: number, weekStart: string, sums: { creditedBani: number; takenBackBani: number }) {
  const key = and(eq(referralBonusWeeks.referrerId, referrerId), eq(referralBonusWeeks.weekStart, weekStart));
  // A week with nothing to pay leaves no row: nothing was paid, a later run of it may still pay.
  if (sums.creditedBani === 0 && sums.takenBackBani === 0) await ex.delete(referralBonusWeeks).where(key);
  else await ex.update(referralBonusWeeks).set(sums).where(key);
}

/** The shipments among `ids` already credited (to anyone: a shipment earns one bonus). */
export async function creditedShipmentIds(ex: Executor, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await ex
    .select({ id: referralBonusItems.shipmentId })
    .from(referralBonusItems)
    .where(and(inArray(referralBonusItems.shipmentId, ids), eq(referralBonusItems.kind, 'credit')));
  return new Set(rows.map((r) => r.id));
}

/** Items written now; those another run wrote first are left out of the answer. */
export async function insertItems(ex: Executor, items: BonusItem[]) {
  if (items.length === 0) return [];
  return ex.insert(referralBonusItems).values(items).onConflictDoNothing().returning();
}

/** A referrer's credits paid in weeks [paidSince, before) and not taken back. */
export async function openCredits(ex: Executor, referrerId: number, paidSince: string, before: string) {
  const back = sql`not exists (select 1 from ${referralBonusItems} b where b.shipment_id = ${referralBonusItems.shipmentId} and b.kind = 'takeback')`;
  return ex
    .select()
    .from(referralBonusItems)
    .where(
      and(
        eq(referralBonusItems.referrerId, referrerId),
        eq(referralBonusItems.kind, 'credit'),
        gte(referralBonusItems.weekStart, paidSince),
        lt(referralBonusItems.weekStart, before),
        back,
      ),
    );
}

/** The number of clients a referrer invited, and of those still in their promotion (activated after `activeSince`). */
export async function invitedCounts(ex: Executor, referrerId: number, activeSince: Date) {
  const [row] = await ex
    .select({ invited: count(), active: sql<string>`count(*) filter (where ${referrals.activatedAt} >= ${activeSince})` })
    .from(referrals)
    .where(eq(referrals.referrerId, referrerId));
  return { invited: Number(row?.invited ?? 0), active: Number(row?.active ?? 0) };
}

/** New invited clients per Bucharest day in [from, to). */
export async function usersByDay(ex: Executor, referrerId: number, range: { from: Date; to: Date }, timeZone: string) {
  const day = sql<string>`to_char(${referrals.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await ex
    .select({ day, users: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), gte(referrals.createdAt, range.from), lt(referrals.createdAt, range.to)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, Number(r.users)]));
}
