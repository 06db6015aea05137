import { REPAYMENT_INTERVAL_CONTRACTUAL, REPAYMENT_NO_LIMIT } from '@colete/contract';

/**
 * When a client's repayments are paid (spec 000 sections 3, 9; 002 section 4.6), from the
 * repayment settings:
 * - the interval (days; 1-9 the client's choice, 10 or more the contract's terms, read the same
 *   way): the next payout is due that many days after the last one (the first one as soon as
 *   money is received);
 * - the minimum amount (lei; 999999 "no limit"): received money reaching it is paid earlier, on
 *   the next run, but the interval's day is the latest ("triggered when a minimum amount is
 *   exceeded, but no later than a date");
 * - waiting for pending repayments (0 or 1 day): while some of the client's repayments are on
 *   their way (delivered or sent by the courier), the interval's payout waits at most one day for
 *   them (a payout the amount brought forward does not wait: the money is there).
 * Days are Bucharest calendar days 'YYYY-MM-DD'.
 */

export const DEFAULT_INTERVAL_DAYS = 7;
export const DEFAULT_MIN_AMOUNT_LEI = REPAYMENT_NO_LIMIT;

export type PayoutSettings = { interval: number | null; minAmountLei: number | null; waitPending: number | null };
export type PayoutState = {
  today: string;
  /** The client's last payout day (null: never paid). */
  lastPaidOn: string | null;
  /** The oldest received, unpaid repayment's day (null: nothing to pay). */
  oldestReceivedOn: string | null;
  receivedBani: number;
  /** Some repayments are on their way to the platform. */
  hasPending: boolean;
};

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The day the next payout is due at the latest. */
export function nextPayDate(s: PayoutSettings, lastPaidOn: string | null, oldestReceivedOn: string): string {
  const interval = Math.max(1, s.interval ?? DEFAULT_INTERVAL_DAYS);
  if (!lastPaidOn) return oldestReceivedOn;
  return addDays(lastPaidOn, interval);
}

/** Whether the interval is the contract's (10 or more days), kept as it is. */
export const isContractual = (interval: number | null) => (interval ?? 0) >= REPAYMENT_INTERVAL_CONTRACTUAL;

export type PayoutDecision = { pay: boolean; reason: 'nothing' | 'date' | 'amount' | 'waiting' | 'not_yet'; dueOn: string | null };

export function payoutDecision(s: PayoutSettings, st: PayoutState): PayoutDecision {
  if (st.receivedBani <= 0 || !st.oldestReceivedOn) return { pay: false, reason: 'nothing', dueOn: null };
  const dateDue = nextPayDate(s, st.lastPaidOn, st.oldestReceivedOn);
  const minLei = s.minAmountLei ?? DEFAULT_MIN_AMOUNT_LEI;
  // Paid early when the amount is reached, but at most once a day.
  const amountDue = minLei < REPAYMENT_NO_LIMIT && st.receivedBani >= minLei * 100 && st.lastPaidOn !== st.today;
  if (amountDue && st.today < dateDue) return { pay: true, reason: 'amount', dueOn: st.today };
  if (st.today < dateDue) return { pay: false, reason: 'not_yet', dueOn: dateDue };
  // The date's payout waits one day for the pending ones, then pays whatever is still on its way.
  if ((s.waitPending ?? 0) > 0 && st.hasPending && st.today < addDays(dateDue, 1)) return { pay: false, reason: 'waiting', dueOn: dateDue };
  return { pay: true, reason: 'date', dueOn: dateDue };
}
