import { describe, expect, it } from 'vitest';
import { addWorkingDays, eInvoiceDeadline, isWorkingDay, workingDaysBetween } from './working-days.js';

describe('Romanian working days', () => {
  it('skips weekends and the legal holidays (Sfantul Andrei, 1 Decembrie, Christmas, Orthodox Easter)', () => {
    expect(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'].map(isWorkingDay)).toEqual([true, false, false, false, false, true]);
    expect(isWorkingDay('2026-04-13')).toBe(false); // A doua zi de Pasti (Orthodox)
    expect(isWorkingDay('2026-04-14')).toBe(true);
    expect(isWorkingDay('2027-01-06')).toBe(false); // Boboteaza, a holiday since 2024
  });

  it('counts five working days after the issue, the issue day not counted', () => {
    // Friday 27.11.2026: Mon 30.11 and Tue 01.12 are holidays, so Wed 2, Thu 3, Fri 4, Mon 7, Tue 8.
    expect(eInvoiceDeadline('2026-11-27')).toBe('2026-12-08');
    expect(eInvoiceDeadline('2026-11-23')).toBe('2026-12-02');
    // Christmas and New Year: 23.12.2026 (Wed) -> 24, 28, 29, 30, 31 (25-26 and the weekend skipped).
    expect(eInvoiceDeadline('2026-12-23')).toBe('2026-12-31');
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-04');
    expect(addWorkingDays('2026-12-02', 0)).toBe('2026-12-02');
  });

  it('before 2026 the deadline was five calendar days; from 1 January 2026 working days', () => {
    expect(eInvoiceDeadline('2025-12-30')).toBe('2026-01-04');
    // 2 January is a holiday too: 5 Mon, (6-7 holidays), 8 Thu, 9 Fri, 12 Mon, 13 Tue.
    expect(isWorkingDay('2026-01-02')).toBe(false);
    expect(eInvoiceDeadline('2026-01-01')).toBe('2026-01-13');
  });

  it('counts the working days left until a deadline, the day itself not counted', () => {
    // Thursday 26.11.2026: Fri 27, then (the weekend, 30.11 and 01.12 skipped) Wed 2 and Thu 3.
    expect(['2026-11-26', '2026-11-27', '2026-12-01', '2026-12-02', '2026-12-03'].map((d) => workingDaysBetween('2026-11-26', d))).toEqual([0, 1, 1, 2, 3]);
    expect(addWorkingDays('2026-11-26', 2)).toBe('2026-12-02');
    expect(workingDaysBetween('2026-11-26', '2026-11-20')).toBe(0);
  });
});
