import { REFERRAL_BONUS_PERCENT, REFERRAL_PROMOTION_MONTHS } from '@colete/contract';
import { bucharestDayStart, bucharestParts, fromBucharestWallClock, nextDay } from '../../lib/dates.js';

/**
 * The referral programme's rules (spec 002 section 9; issue 27), pure: the Bucharest weeks the
 * bonus is credited by, the two months of an invited client's promotion and the 2% in bani.
 */

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day moved by whole days. */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday (YYYY-MM-DD, Bucharest) of the week an instant falls in: weeks start Monday 00:00 Bucharest. */
export function weekStartOf(at: Date): string {
  const p = bucharestParts(at);
  return addDays(p.date, 1 - p.weekday);
}

/** The instants a week starts and ends at: [from, to), Monday 00:00 to the next Monday 00:00 in Bucharest. */
export function weekBounds(weekStart: string): { from: Date; to: Date } {
  return { from: bucharestDayStart(weekStart), to: bucharestDayStart(addDays(weekStart, 7)) };
}

/** The last week that has ended at `now`: the one the Monday run credits. */
export const lastEndedWeek = (now: Date) => addDays(weekStartOf(now), -7);

/** Whether a YYYY-MM-DD day is a Monday. */
export const isMonday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() === 1;

/** The same Bucharest wall-clock time `months` calendar months later (or earlier); a missing day is the month's last. */
export function shiftMonths(at: Date, months: number): Date {
  const p = bucharestParts(at);
  const monthIndex = p.year * 12 + p.month - 1 + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const wall = Date.UTC(year, month, Math.min(p.day, lastDay), p.hour, p.minute, p.second) + at.getUTCMilliseconds();
  return new Date(fromBucharestWallClock(wall));
}

/**
 * The end of an invited client's promotion: REFERRAL_PROMOTION_MONTHS calendar months after the
 * activation on Bucharest's wall clock (10 January 14:30 -> 10 March 14:30; 31 December -> the
 * last day of February), exclusive.
 */
export const promotionEnd = (activatedAt: Date) => shiftMonths(activatedAt, REFERRAL_PROMOTION_MONTHS);

/** The earliest activation whose promotion is still running at `now`. */
export const activeSince = (now: Date) => shiftMonths(now, -REFERRAL_PROMOTION_MONTHS);

/** Whether a delivery at `at` is inside the promotion of a client activated at `activatedAt`. */
export const inPromotion = (activatedAt: Date, at: Date) => at.getTime() >= activatedAt.getTime() && at.getTime() < promotionEnd(activatedAt).getTime();

/** 2% of an amount in bani, rounded half up to a whole ban. */
export const bonusOf = (valueBani: number) => Math.floor((valueBani * REFERRAL_BONUS_PERCENT + 50) / 100);

/**
 * One invited client's week: the bonus is 2% of the week's sum, rounded once (half up), and each
 * shipment's part is what it adds to the running bonus, so the parts add up to the week's bonus
 * and a shipment taken back later takes back exactly its part.
 */
export function bonusParts(valuesBani: number[]): number[] {
  let sum = 0;
  let paid = 0;
  return valuesBani.map((v) => {
    sum += v;
    const part = bonusOf(sum) - paid;
    paid += part;
    return part;
  });
}

/** The days of a range, both ends included. */
export function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let d = start; d <= end; d = nextDay(d)) days.push(d);
  return days;
}
