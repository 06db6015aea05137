import { messages } from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import { formatRoDate } from '../../lib/dates.js';
import { bonus, bonusTakeBack, refundedShipmentIds } from '../ledger/index.js';
import { deliveredShipmentsOf, undeliveredShipmentIds, type DeliveredShipment } from '../shipments/index.js';
import { addDays, bonusParts, inPromotion, shiftMonths, weekBounds } from './referral-rules.js';
import { claimWeek, creditedShipmentIds, insertItems, openCredits, referredBy, referrersToCredit, settleWeek, type BonusItem, type ReferralRow } from './referrals-queries.js';

const T = messages.referrals;
/** A credit paid this many weeks ago or less is still watched for a cancellation or a refund. */
export const TAKE_BACK_WEEKS = 26;

export type WeekResult = { week: string; referrers: number; paid: number; creditedBani: number; takenBackBani: number };

/** The ledger reference of a referrer's week: one bonus movement per referrer and week. */
export const weekReference = (referrerId: number, weekStart: string) => `referral:${referrerId}:${weekStart}`;

/**
 * The weekly referral bonus (issue 27) for the week starting `weekStart` (a Monday, Bucharest):
 * for each referrer, in one transaction that first claims (referrer, week), 2% of the invited
 * clients' shipments delivered before the week's end inside their promotion and not credited yet,
 * less the parts paid in earlier weeks for shipments cancelled or refunded since; the net is one
 * 'bonus' ledger movement (negative when only take-backs). A second run of the week, in this
 * worker or another, finds the claim and pays nothing.
 */
export async function creditReferralWeek(database: Database, weekStart: string, at = new Date()): Promise<WeekResult> {
  const { to } = weekBounds(weekStart);
  const paidSince = addDays(weekStart, -7 * TAKE_BACK_WEEKS);
  // Promotions that may still pay: activated within the two months (and a month of late runs) before the week's end.
  const referrers = await referrersToCredit(database.db, shiftMonths(to, -3), paidSince);
  const result: WeekResult = { week: weekStart, referrers: referrers.length, paid: 0, creditedBani: 0, takenBackBani: 0 };
  for (const referrerId of referrers) {
    const sums = await database.db.transaction((tx) => creditReferrer(tx, referrerId, weekStart, paidSince, at));
    if (!sums) continue;
    result.paid += sums.creditedBani || sums.takenBackBani ? 1 : 0;
    result.creditedBani += sums.creditedBani;
    result.takenBackBani += sums.takenBackBani;
  }
  return result;
}

async function creditReferrer(tx: Executor, referrerId: number, weekStart: string, paidSince: string, at: Date) {
  if (!(await claimWeek(tx, referrerId, weekStart, at))) return null;
  const { to } = weekBounds(weekStart);
  const invited = await referredBy(tx, referrerId);
  const credits = await newCredits(tx, referrerId, weekStart, invited, to);
  const takeBacks = await newTakeBacks(tx, referrerId, weekStart, paidSince);
  const written = await insertItems(tx, [...credits, ...takeBacks]);
  const creditedBani = written.filter((i) => i.kind === 'credit').reduce((s, i) => s + i.bonusBani, 0);
  const takenBackBani = written.filter((i) => i.kind === 'takeback').reduce((s, i) => s + i.bonusBani, 0);
  await settleWeek(tx, referrerId, weekStart, { creditedBani, takenBackBani });
  const net = creditedBani - takenBackBani;
  const period = `${formatRoDate(weekBounds(weekStart).from)} - ${formatRoDate(new Date(to.getTime() - 1))}`;
  const movement = { userId: referrerId, reference: weekReference(referrerId, weekStart), at };
  if (net > 0) await bonus(tx, { ...movement, amountBani: net, description: `${T.weekBonus} ${period}` });
  if (net < 0) await bonusTakeBack(tx, { ...movement, amountBani: -net, description: `${T.weekTakeBack} ${period}` });
  return { creditedBani, takenBackBani };
}

/** Each invited client's shipments delivered before `to`, in their promotion, not credited or refunded: their parts of the week's bonus. */
async function newCredits(tx: Executor, referrerId: number, weekStart: string, invited: ReferralRow[], to: Date): Promise<BonusItem[]> {
  if (invited.length === 0) return [];
  const from = new Date(Math.min(...invited.map((r) => r.activatedAt.getTime())));
  const byClient = new Map(invited.map((r) => [r.referredId, r]));
  const delivered = (await deliveredShipmentsOf(tx, [...byClient.keys()], { from, before: to })).filter((s) => inPromotion(byClient.get(s.userId)!.activatedAt, s.deliveredAt));
  const ids = delivered.map((s) => s.id);
  // One after the other: a transaction is one connection.
  const credited = await creditedShipmentIds(tx, ids);
  const refunded = await refundedShipmentIds(tx, [...byClient.keys()], ids);
  const due = delivered.filter((s) => !credited.has(s.id) && !refunded.has(s.id));
  const groups = new Map<number, DeliveredShipment[]>();
  for (const s of due) groups.set(s.userId, [...(groups.get(s.userId) ?? []), s]);
  return [...groups.values()].flatMap((list) => {
    const parts = bonusParts(list.map((s) => s.valueBani));
    return list.map((s, i) => ({
      shipmentId: s.id,
      kind: 'credit' as const,
      referrerId,
      referredId: s.userId,
      weekStart,
      valueBani: s.valueBani,
      bonusBani: parts[i]!,
      deliveredAt: s.deliveredAt,
    }));
  });
}

/** Parts paid in earlier weeks for shipments no longer delivered or refunded since: taken back this week, each once. */
async function newTakeBacks(tx: Executor, referrerId: number, weekStart: string, paidSince: string): Promise<BonusItem[]> {
  const open = await openCredits(tx, referrerId, paidSince, weekStart);
  if (open.length === 0) return [];
  const ids = open.map((c) => c.shipmentId);
  const clients = [...new Set(open.map((c) => c.referredId))];
  const gone = await undeliveredShipmentIds(tx, ids);
  const refunded = await refundedShipmentIds(tx, clients, ids);
  return open
    .filter((c) => gone.has(c.shipmentId) || refunded.has(c.shipmentId))
    .map((c) => ({ ...c, kind: 'takeback' as const, weekStart }));
}
