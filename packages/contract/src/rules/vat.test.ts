import { describe, expect, it } from 'vitest';
import { grossOfNet, splitGross, standardVatOn, vatRateOn, vatValuesOn } from './vat.js';

describe('the dated VAT table', () => {
  it.each([
    ['2017-01-01', 19],
    ['2024-12-31', 19],
    ['2025-07-31', 19],
    ['2025-08-01', 21],
    ['2025-08-02', 21],
    ['2026-11-24', 21],
    ['2016-06-30', 19],
  ])('on %s the standard rate is %i%%', (day, rate) => {
    expect(standardVatOn(day)).toBe(rate);
  });

  it('has one reduced rate of 11% since 1 August 2025, 9% and 5% before', () => {
    expect(vatRateOn('2025-07-31').reduced).toEqual([9, 5]);
    expect(vatRateOn('2025-08-01').reduced).toEqual([11]);
    expect(vatValuesOn('2025-08-01')).toEqual([21, 11]);
    expect(vatValuesOn('2025-07-31')).toEqual([19, 9, 5]);
  });

  it('refuses what is not a calendar day', () => {
    expect(() => vatRateOn('2025-08-01T00:00:00Z')).toThrow(RangeError);
    expect(() => vatRateOn('')).toThrow(RangeError);
  });

  it('adds and splits VAT in whole bani', () => {
    expect(grossOfNet(2550, 21)).toBe(3086); // 30.855 -> 30.86
    expect(grossOfNet(2550, 19)).toBe(3035); // 30.345 -> 30.35
    expect(splitGross(12_100, 21)).toEqual({ netBani: 10_000, vatBani: 2100 });
    expect(splitGross(-20_000, 21)).toEqual({ netBani: -16_529, vatBani: -3471 });
    expect(splitGross(11_900, 19)).toEqual({ netBani: 10_000, vatBani: 1900 });
  });
});
