import { describe, expect, it } from 'vitest';
import { payoutDecision } from '../src/modules/repayments/index.js';

/**
 * The payout schedule's edges its mutants showed untested (npm run mutate): the exact minimum
 * amount in bani, the interval's floor and default, the due day itself, the day of waiting, and
 * days across a month, a year and the change to summer time.
 */
const state = { today: '2026-11-24', lastPaidOn: '2026-11-20', oldestReceivedOn: '2026-11-21', receivedBani: 200_00, hasPending: false };
const settings = { interval: 9, minAmountLei: 200, waitPending: 0 };

describe('the payout schedule at its edges', () => {
  it('pays early from exactly the minimum amount in bani, not one ban below it', () => {
    expect(payoutDecision(settings, state)).toEqual({ pay: true, reason: 'amount', dueOn: '2026-11-24' });
    expect(payoutDecision(settings, { ...state, receivedBani: 199_99 })).toEqual({ pay: false, reason: 'not_yet', dueOn: '2026-11-29' });
    // 999998 lei is a real minimum; 999999 and none mean "no limit".
    expect(payoutDecision({ ...settings, minAmountLei: 999_998 }, { ...state, receivedBani: 999_998_00 }).reason).toBe('amount');
    expect(payoutDecision({ ...settings, minAmountLei: null }, { ...state, receivedBani: 10_000_000_00 }).reason).toBe('not_yet');
    expect(payoutDecision({ ...settings, minAmountLei: 999_999 }, { ...state, receivedBani: 10_000_000_00 }).reason).toBe('not_yet');
  });

  it('pays nothing without money or without a received day; one ban is money', () => {
    expect(payoutDecision(settings, { ...state, receivedBani: 0 })).toEqual({ pay: false, reason: 'nothing', dueOn: null });
    expect(payoutDecision(settings, { ...state, receivedBani: -5_00 })).toEqual({ pay: false, reason: 'nothing', dueOn: null });
    expect(payoutDecision(settings, { ...state, oldestReceivedOn: null })).toEqual({ pay: false, reason: 'nothing', dueOn: null });
    expect(payoutDecision({ ...settings, interval: 1, minAmountLei: null }, { ...state, receivedBani: 1 })).toEqual({ pay: true, reason: 'date', dueOn: '2026-11-21' });
  });

  it('pays on the due day itself and not the day before; the interval is at least one day, seven when unset', () => {
    expect(payoutDecision({ interval: 4, minAmountLei: null, waitPending: 0 }, state)).toEqual({ pay: true, reason: 'date', dueOn: '2026-11-24' });
    expect(payoutDecision({ interval: 4, minAmountLei: null, waitPending: 0 }, { ...state, today: '2026-11-23' })).toEqual({ pay: false, reason: 'not_yet', dueOn: '2026-11-24' });
    expect(payoutDecision({ interval: 0, minAmountLei: null, waitPending: 0 }, state).dueOn).toBe('2026-11-21');
    expect(payoutDecision({ interval: -3, minAmountLei: null, waitPending: 0 }, state).dueOn).toBe('2026-11-21');
    expect(payoutDecision({ interval: null, minAmountLei: null, waitPending: null }, state)).toEqual({ pay: false, reason: 'not_yet', dueOn: '2026-11-27' });
  });

  it('counts calendar days across a month, a year and the change to summer time', () => {
    const on = (lastPaidOn: string, interval: number) => payoutDecision({ interval, minAmountLei: null, waitPending: 0 }, { ...state, today: '2020-01-01', lastPaidOn }).dueOn;
    expect(on('2026-12-30', 7)).toBe('2027-01-06');
    expect(on('2026-02-27', 2)).toBe('2026-03-01');
    expect(on('2026-03-28', 1)).toBe('2026-03-29');
    expect(on('2026-10-24', 1)).toBe('2026-10-25');
    expect(on('2026-10-25', 1)).toBe('2026-10-26');
  });

  it('the amount brought forward once a day: the day of the last payout waits for the date', () => {
    expect(payoutDecision(settings, { ...state, lastPaidOn: '2026-11-24' })).toEqual({ pay: false, reason: 'not_yet', dueOn: '2026-12-03' });
    // On the due day the reason is the date, even with the amount reached.
    expect(payoutDecision(settings, { ...state, today: '2026-11-29' })).toEqual({ pay: true, reason: 'date', dueOn: '2026-11-29' });
  });

  it('waits exactly the due day for pending repayments, only when asked and only while some are pending', () => {
    const wait = { interval: 4, minAmountLei: null, waitPending: 1 };
    expect(payoutDecision(wait, { ...state, hasPending: true })).toEqual({ pay: false, reason: 'waiting', dueOn: '2026-11-24' });
    expect(payoutDecision(wait, { ...state, hasPending: true, today: '2026-11-25' })).toEqual({ pay: true, reason: 'date', dueOn: '2026-11-24' });
    expect(payoutDecision(wait, { ...state, hasPending: false })).toEqual({ pay: true, reason: 'date', dueOn: '2026-11-24' });
    expect(payoutDecision({ ...wait, waitPending: 0 }, { ...state, hasPending: true })).toEqual({ pay: true, reason: 'date', dueOn: '2026-11-24' });
    expect(payoutDecision({ ...wait, waitPending: null }, { ...state, hasPending: true })).toEqual({ pay: true, reason: 'date', dueOn: '2026-11-24' });
  });
});
