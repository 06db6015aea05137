import { messages, normalisePhone, type TReferralOutcome, type TReferralsInfoRequest, type TReferralsInfoResponse } from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import { PLATFORM_TIME_ZONE, bucharestDayStart } from '../../lib/dates.js';
import type { UserRow } from '../../types.js';
import { accountByReferralCode, findUserById } from '../auth/index.js';
import { deliveredShipmentsOf } from '../shipments/index.js';
import { creditReferralWeek } from './referral-bonus.js';
import { activeSince, addDays, bonusOf, daysOf, inPromotion, lastEndedWeek, weekStartOf } from './referral-rules.js';
import { creditedShipmentIds, insertReferral, invitedCounts, referralOf, referredBy, usersByDay } from './referrals-queries.js';
import { bonusByDay, collectedBani } from './referral-stats.js';

const T = messages.referrals;

/** What a registration through a referral link did: the outcome, and the warning the client reads when it was refused. */
export type ReferralRecord = { outcome: TReferralOutcome; warning?: string };

/**
 * The referral programme (issue 27): who referred whom (recorded at registration), the weekly
 * bonus (referral-bonus.ts) and the stats of the referrals page. The referrer by code and its name
 * come from the auth module's index (the accounts' table is auth's).
 */
export function referralsService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  /**
   * Records the referrer of a client registering with `code`, in the registration's transaction.
   * Refused, and the account made all the same: an unknown code; one's own (the referrer's account
   * has the new account's phone number: the same person); a client who has a referrer already.
   */
  async function recordAtRegistration(tx: Executor, client: Pick<UserRow, 'id' | 'phone' | 'createdAt'>, code: string): Promise<ReferralRecord> {
    const referrer = await accountByReferralCode(tx, code);
    if (!referrer) return { outcome: 'unknownCode', warning: T.unknownCode };
    if (referrer.id === client.id || normalisePhone(referrer.phone) === normalisePhone(client.phone)) return { outcome: 'ownCode', warning: T.ownCode };
    const recorded = await insertReferral(tx, { referredId: client.id, referrerId: referrer.id, activatedAt: client.createdAt });
    return recorded ? { outcome: 'recorded' } : { outcome: 'ownCode', warning: T.alreadyReferred };
  }

  /** POST user/referrals-info: the counts, the amounts and the two charts' days for [start, end]. */
  async function info(client: UserRow, q: TReferralsInfoRequest): Promise<TReferralsInfoResponse> {
    const range = { from: bucharestDayStart(q.start), to: bucharestDayStart(addDays(q.end, 1)) };
    const at = now();
    const counts = await invitedCounts(db, client.id, activeSince(at));
    const mine = await referralOf(db, client.id);
    const referrer = mine ? await findUserById(db, mine.referrerId) : null;
    const amounts = await bonusByDay(db, client.id, range, PLATFORM_TIME_ZONE);
    const joined = await usersByDay(db, client.id, range, PLATFORM_TIME_ZONE);
    const days = daysOf(q.start, q.end);
    return {
      success: true,
      referralInfo: {
        amountsByDay: days.map((day) => ({ day, amount: amounts.get(day) ?? 0 })),
        usersByDay: days.map((day) => ({ day, users: joined.get(day) ?? 0 })),
      },
      numOfInvited: counts.invited,
      numOfActivePromotions: counts.active,
      referredBy: referrer?.name ?? null,
      collectedAmount: await collectedBani(db, client.id),
      incomingAmounts: { amount: await incomingBani(client.id, at) },
    };
  }

  /** What the next weekly runs will credit for deliveries so far: 2% of each invited client's uncredited week, as the job rounds it. */
  async function incomingBani(referrerId: number, at: Date) {
    const invited = await referredBy(db, referrerId);
    if (invited.length === 0) return 0;
    const byClient = new Map(invited.map((r) => [r.referredId, r]));
    const from = new Date(Math.min(...invited.map((r) => r.activatedAt.getTime())));
    const delivered = (await deliveredShipmentsOf(db, [...byClient.keys()], { from, before: at })).filter((s) => inPromotion(byClient.get(s.userId)!.activatedAt, s.deliveredAt));
    const credited = await creditedShipmentIds(db, delivered.map((s) => s.id));
    const sums = new Map<string, number>();
    for (const s of delivered.filter((d) => !credited.has(d.id))) {
      const key = `${s.userId}:${weekStartOf(s.deliveredAt)}`;
      sums.set(key, (sums.get(key) ?? 0) + s.valueBani);
    }
    return [...sums.values()].reduce((total, v) => total + bonusOf(v), 0);
  }

  return {
    recordAtRegistration,
    info,
    /** The weekly job's work: the week given (a Monday), or the last one that has ended. */
    creditWeek: (weekStart?: string, at?: Date) => creditReferralWeek(deps.database, weekStart ?? lastEndedWeek(now()), at ?? now()),
  };
}

export type ReferralsService = ReturnType<typeof referralsService>;
