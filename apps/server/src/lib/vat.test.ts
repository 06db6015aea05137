import { describe, expect, it } from 'vitest';
import { vatPercentAt, vatValuesAt, withVatAt } from './vat.js';

describe('VAT at an instant (the Bucharest calendar day)', () => {
  it.each([
    // 1 August 2025 starts at 21:00 UTC the day before (summer time, UTC+3), not at 22:00 (UTC+2).
    ['2025-07-31T20:59:59.999Z', 19],
    ['2025-07-31T21:00:00.000Z', 21],
    ['2025-07-31T21:30:00.000Z', 21],
    ['2025-07-31T12:00:00.000Z', 19],
    // Winter time, UTC+2: a day in Bucharest begins at 22:00 UTC.
    ['2025-01-15T21:59:59.999Z', 19],
    ['2026-03-28T22:00:00.000Z', 21],
    ['2026-11-24T07:00:00.000Z', 21],
  ])('at %s the standard rate is %i%%', (iso, rate) => {
    expect(vatPercentAt(new Date(iso))).toBe(rate);
  });

  it('adds the rate of the supply date to a price without VAT', () => {
    expect(withVatAt(2550, new Date('2025-07-31T20:00:00Z'))).toBe(3035);
    expect(withVatAt(2550, new Date('2025-08-01T08:00:00Z'))).toBe(3086);
    expect(vatValuesAt(new Date('2026-01-10T10:00:00Z'))).toEqual([21, 11]);
  });
});
