import { describe, expect, it } from 'vitest';
import { bucharestDay, formatDate, formatDateTime, formatDayMonth, formatMoney, formatNumber, formatTime, isFridayInBucharest } from './format';

// 22:30 UTC on 5 March is already 6 March in Bucharest (UTC+2 in winter).
const LATE = '2026-03-05T22:30:00Z';
// 21:15 UTC on 10 July is 00:15 on 11 July in Bucharest (UTC+3 in summer).
const SUMMER = '2026-07-10T21:15:00Z';

describe('formatMoney', () => {
  it('shows RON with two decimals, Romanian separators and lei', () => {
    expect(formatMoney('23.8')).toBe('23,80 lei');
    expect(formatMoney('1199.925')).toBe('1.199,93 lei');
    expect(formatMoney(1250)).toBe('1.250,00 lei');
    expect(formatMoney('0')).toBe('0,00 lei');
    expect(formatMoney('-71.40')).toBe('-71,40 lei');
    expect(formatMoney('-1234567.5')).toBe('-1.234.567,50 lei');
    expect(formatMoney('1000')).toBe('1.000,00 lei');
  });
  it('shows a dash when there is no amount', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney('')).toBe('-');
  });
});

describe('formatNumber', () => {
  it('uses Romanian separators and at most three decimals unless told', () => {
    expect(formatNumber(1234.5678)).toBe('1.234,568');
    expect(formatNumber(2.5, 2)).toBe('2,5');
    expect(formatNumber(1.25, 1)).toBe('1,3');
    expect(formatNumber(10_000)).toBe('10.000');
  });
});

describe('dates and times in Bucharest', () => {
  it('shows the Bucharest day, not the UTC one', () => {
    expect(formatDate(LATE)).toBe('06.03.2026');
    expect(formatDate(SUMMER)).toBe('11.07.2026');
    // A chart's axis: the day and month of an ISO day, the year left to the window.
    expect(formatDayMonth('2026-03-06')).toBe('06.03');
    expect(formatDayMonth('2026-12-31')).toBe('31.12');
    expect(formatTime(LATE)).toBe('00:30');
    expect(formatTime(SUMMER)).toBe('00:15');
  });
  it('writes date-times as dd.mm.yyyy HH:MM, whatever the browser locale', () => {
    expect(formatDateTime(LATE)).toBe('06.03.2026 00:30');
    expect(formatDateTime(SUMMER)).toBe('11.07.2026 00:15');
    expect(formatDate(new Date(LATE))).toBe('06.03.2026');
  });
  it('follows summer time: the day Bucharest moves its clocks', () => {
    // 29 March 2026, 03:00 becomes 04:00 (UTC+2 to UTC+3); 25 October 2026, 04:00 becomes 03:00.
    expect(formatDateTime('2026-03-28T22:30:00Z')).toBe('29.03.2026 00:30');
    expect(formatDateTime('2026-03-29T01:30:00Z')).toBe('29.03.2026 04:30');
    expect(formatDateTime('2026-10-24T21:30:00Z')).toBe('25.10.2026 00:30');
    expect(formatDateTime('2026-10-25T21:59:00Z')).toBe('25.10.2026 23:59');
    expect(formatDateTime('2026-10-25T22:00:00Z')).toBe('26.10.2026 00:00');
  });
  it('shows a calendar day (YYYY-MM-DD) as that day', () => {
    expect(formatDate('2026-11-24')).toBe('24.11.2026');
  });
  it('knows the Bucharest day and Friday', () => {
    expect(bucharestDay(new Date(LATE))).toBe('2026-03-06');
    // Thursday 22:30 UTC is Friday in Bucharest.
    expect(isFridayInBucharest(new Date(LATE))).toBe(true);
    expect(isFridayInBucharest(new Date('2026-03-05T12:00:00Z'))).toBe(false);
  });
});
