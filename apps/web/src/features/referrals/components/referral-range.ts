import { REFERRAL_DEFAULT_RANGE_DAYS, REFERRAL_MAX_RANGE_DAYS, referralsMessages as T } from '@colete/contract';

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The default range: the last 30 days, today included (spec 002 section 9). */
export const defaultRange = (today: string) => ({ start: addDays(today, 1 - REFERRAL_DEFAULT_RANGE_DAYS), end: today });

/**
 * The range's errors, with the specification's texts: a start after today is 'Invalid start date';
 * an end before the start, after today or too far from it is 'Invalid end date'.
 */
export function rangeErrors(r: { start: string; end: string }, today: string): { start?: string; end?: string } {
  const errors: { start?: string; end?: string } = {};
  if (!r.start || r.start > today) errors.start = T.invalidStart;
  if (!r.end || r.end > today || (r.start && r.end < r.start) || (r.start && r.end > addDays(r.start, REFERRAL_MAX_RANGE_DAYS - 1))) errors.end = T.invalidEnd;
  return errors;
}
