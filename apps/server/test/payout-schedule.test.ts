import { describe, expect, it } from 'vitest';
import { payoutDecision } from '../src/modules/repayments/index.js';

const base = { today: '2026-11-24', lastPaidOn: '2026-11-20', oldestReceivedOn: '2026-11-21', receivedBani: 30_000, hasPending: false };

describe('when a client is paid (the repayment settings)', () => {
  it('the interval from the last payout; the first as soon as money is received; nothing without money', () => {
    expect(payoutDecision({ interval: 4, minAmountLei: 999999, waitPending: 0 }, base)).toEqual({ pay: true, reason: 'date', dueOn: '2026-11-24' });
    expect(payoutDecision({ interval: 5, minAmountLei: 999999, waitPending: 0 }, base)).toEqual({ pay: false, reason: 'not_yet', dueOn: '2026-11-25' });
    // 10 or more: the contract's terms, read as days too.
    expect(payoutDecision({ interval: 14, minAmountLei: null, waitPending: null }, base).dueOn).toBe('2026-12-04');
    expect(payoutDecision({ interval: 7, minAmountLei: 200, waitPending: 0 }, { ...base, lastPaidOn: null })).toMatchObject({ pay: true, dueOn: '2026-11-21' });
    expect(payoutDecision({ interval: 1, minAmountLei: 200, waitPending: 0 }, { ...base, receivedBani: 0 })).toEqual({ pay: false, reason: 'nothing', dueOn: null });
  });

  it('the minimum amount brings the payout forward, at most once a day; 999999 never does', () => {
    expect(payoutDecision({ interval: 9, minAmountLei: 200, waitPending: 0 }, base)).toEqual({ pay: true, reason: 'amount', dueOn: '2026-11-24' });
    expect(payoutDecision({ interval: 9, minAmountLei: 500, waitPending: 0 }, base).pay).toBe(false);
    expect(payoutDecision({ interval: 9, minAmountLei: 999999, waitPending: 0 }, { ...base, receivedBani: 500_000_000 }).pay).toBe(false);
    expect(payoutDecision({ interval: 9, minAmountLei: 200, waitPending: 0 }, { ...base, lastPaidOn: '2026-11-24' }).pay).toBe(false);
  });

  it('waiting for pending repayments delays the interval’s payout one day at most', () => {
    const s = { interval: 4, minAmountLei: 999999, waitPending: 1 };
    expect(payoutDecision(s, { ...base, hasPending: true })).toEqual({ pay: false, reason: 'waiting', dueOn: '2026-11-24' });
    expect(payoutDecision(s, { ...base, hasPending: true, today: '2026-11-25' }).pay).toBe(true);
    expect(payoutDecision(s, { ...base, hasPending: false }).pay).toBe(true);
    // A payout the amount brought forward does not wait.
    expect(payoutDecision({ interval: 9, minAmountLei: 200, waitPending: 1 }, { ...base, hasPending: true }).reason).toBe('amount');
  });
});
