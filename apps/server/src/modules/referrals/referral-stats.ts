import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { referralBonusWeeks } from '../../db/schema/referrals.js';

/** The referrer's bonus paid per Bucharest day of payment in [from, to), net of take-backs, in bani. */
export async function bonusByDay(ex: Executor, referrerId: number, range: { from: Date; to: Date }, timeZone: string) {
  const day = sql<string>`to_char(${referralBonusWeeks.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await ex
    .select({ day, amount: sql<string>`sum(${referralBonusWeeks.creditedBani} - ${referralBonusWeeks.takenBackBani})` })
    .from(referralBonusWeeks)
    .where(and(eq(referralBonusWeeks.referrerId, referrerId), gte(referralBonusWeeks.createdAt, range.from), lt(referralBonusWeeks.createdAt, range.to)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, Number(r.amount)]));
}

/** Every bonus the referrer was paid, net of take-backs, in bani. */
export async function collectedBani(ex: Executor, referrerId: number) {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${referralBonusWeeks.creditedBani} - ${referralBonusWeeks.takenBackBani}), 0)` })
    .from(referralBonusWeeks)
    .where(eq(referralBonusWeeks.referrerId, referrerId));
  return Number(row?.total ?? 0);
}
