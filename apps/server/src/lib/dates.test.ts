import { describe, expect, it } from 'vitest';
import {
  bucharestDateKey,
  bucharestDayStart,
  bucharestHour,
  bucharestMonthStart,
  bucharestParts,
  formatRoDate,
  fromBucharestWallClock,
  isFridayInBucharest,
  monthKey,
  nextDay,
} from './dates.js';

// Romania moves to summer time (+03) at 03:00 on the last Sunday of March (2026-03-29, 01:00 UTC)
// and back to winter time (+02) at 04:00 on the last Sunday of October (2026-10-25, 01:00 UTC).

describe('bucharestParts', () => {
  it('reads the wall clock in winter and in summer', () => {
    expect(bucharestParts(new Date('2026-01-15T10:05:09Z'))).toEqual({
      year: 2026, month: 1, day: 15, hour: 12, minute: 5, second: 9, weekday: 4, date: '2026-01-15', time: '12:05',
    });
    expect(bucharestParts(new Date('2026-07-15T10:05:09Z'))).toMatchObject({ hour: 13, date: '2026-07-15', time: '13:05' });
  });

  it('crosses midnight before UTC does', () => {
    expect(bucharestParts(new Date('2026-11-29T22:30:00Z'))).toMatchObject({ date: '2026-11-30', time: '00:30', hour: 0, weekday: 1 });
    expect(bucharestParts(new Date('2026-06-30T21:00:00Z'))).toMatchObject({ date: '2026-07-01', time: '00:00' });
  });

  it('jumps an hour at the spring change and repeats one at the autumn change', () => {
    expect(bucharestParts(new Date('2026-03-29T00:59:59Z')).time).toBe('02:59');
    expect(bucharestParts(new Date('2026-03-29T01:00:00Z')).time).toBe('04:00');
    expect(bucharestParts(new Date('2026-10-25T00:30:00Z')).time).toBe('03:30');
    expect(bucharestParts(new Date('2026-10-25T01:30:00Z')).time).toBe('03:30');
  });
});

describe('day, month and hour keys', () => {
  it('are Bucharest\'s, not UTC\'s, around midnight', () => {
    const at = new Date('2026-12-31T22:15:00Z');
    expect(bucharestDateKey(at)).toBe('2027-01-01');
    expect(monthKey(at)).toBe('2027-01');
    expect(bucharestHour(at)).toBe(0);
    expect(bucharestDateKey(new Date('2026-12-31T21:59:59Z'))).toBe('2026-12-31');
    expect(bucharestHour(new Date('2026-07-01T20:59:59Z'))).toBe(23);
  });
});

describe('formatRoDate', () => {
  it('writes dd.mm.yyyy on the Bucharest calendar', () => {
    expect(formatRoDate(new Date('2026-03-05T10:00:00Z'))).toBe('05.03.2026');
    expect(formatRoDate(new Date('2026-12-31T22:00:00Z'))).toBe('01.01.2027');
    expect(formatRoDate(new Date('2026-03-28T22:30:00Z'))).toBe('29.03.2026');
  });
});

describe('isFridayInBucharest', () => {
  it('follows the Bucharest day', () => {
    expect(isFridayInBucharest(new Date('2026-11-27T10:00:00Z'))).toBe(true);
    expect(isFridayInBucharest(new Date('2026-11-26T22:30:00Z'))).toBe(true); // Friday 00:30 in Bucharest
    expect(isFridayInBucharest(new Date('2026-11-27T22:30:00Z'))).toBe(false); // already Saturday there
  });
});

describe('day and month starts', () => {
  it('start at Bucharest midnight on both sides of the changes', () => {
    expect(bucharestDayStart('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(bucharestDayStart('2026-03-30').toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(bucharestDayStart('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(bucharestDayStart('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('give the first instant of the month an instant falls in', () => {
    expect(bucharestMonthStart(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-10-31T22:00:00.000Z');
    expect(bucharestMonthStart(new Date('2026-07-15T10:00:00Z')).toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(bucharestMonthStart(new Date('2026-11-30T22:30:00Z')).toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(bucharestMonthStart(new Date('2026-04-01T00:00:00Z')).toISOString()).toBe('2026-03-31T21:00:00.000Z');
  });

  it('count calendar days across the changes', () => {
    expect(nextDay('2026-03-28')).toBe('2026-03-29');
    expect(nextDay('2026-03-29')).toBe('2026-03-30');
    expect(nextDay('2026-10-25')).toBe('2026-10-26');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('fromBucharestWallClock', () => {
  const wall = (text: string) => new Date(fromBucharestWallClock(Date.parse(`${text}Z`))).toISOString();
  it('turns a Bucharest reading into its instant', () => {
    expect(wall('2025-03-01T12:00:00')).toBe('2025-03-01T10:00:00.000Z');
    expect(wall('2025-07-01T12:00:00')).toBe('2025-07-01T09:00:00.000Z');
  });

  it('settles the offset right after each change', () => {
    expect(wall('2026-03-29T04:30:00')).toBe('2026-03-29T01:30:00.000Z');
    expect(wall('2026-10-25T05:00:00')).toBe('2026-10-25T03:00:00.000Z');
    expect(wall('2026-03-29T02:00:00')).toBe('2026-03-29T00:00:00.000Z');
  });
});
