import { describe, expect, it } from 'vitest';
import { formatBani, formatBaniAmount, formatBaniInput, formatDay, formatDayTime, formatLei, leiToBaniText } from './format.js';

describe('formatBani: integer bani as the platform writes money', () => {
  it('groups thousands with dots and writes two decimals after a comma', () => {
    expect(formatBani(119_993)).toBe('1.199,93 lei');
    expect(formatBani(125_075)).toBe('1.250,75 lei');
    expect(formatBani(123_456_789_00)).toBe('123.456.789,00 lei');
    expect(formatBani(100_000)).toBe('1.000,00 lei');
    expect(formatBani(99_999)).toBe('999,99 lei');
    expect(formatBani(5)).toBe('0,05 lei');
    expect(formatBani(50_00n)).toBe('50,00 lei');
  });
  it('writes 0 and negative amounts', () => {
    expect(formatBani(0)).toBe('0,00 lei');
    expect(formatBani(-7140)).toBe('-71,40 lei');
    expect(formatBani(-123_456)).toBe('-1.234,56 lei');
    expect(formatBani(-1)).toBe('-0,01 lei');
  });
  it('writes another currency by its code, RON as lei', () => {
    expect(formatBani(119_993, 'EUR')).toBe('1.199,93 EUR');
    expect(formatBani(-7140, 'USD')).toBe('-71,40 USD');
    expect(formatBani(119_993, 'RON')).toBe('1.199,93 lei');
  });
  it('writes the bare amount for a column headed in lei', () => {
    expect(formatBaniAmount(-165_289)).toBe('-1.652,89');
    expect(formatBaniAmount(0)).toBe('0,00');
  });
  it('prefills a money field with two decimals and no thousands dots', () => {
    expect(formatBaniInput(32_800)).toBe('328,00');
    expect(formatBaniInput(119_993)).toBe('1199,93');
    expect(formatBaniInput(123_456_750)).toBe('1234567,50');
    expect(formatBaniInput(5)).toBe('0,05');
  });
});

describe('formatLei: lei as the API sends them', () => {
  it('rounds to bani half away from zero through the text, not through floats', () => {
    expect(formatLei('1199.925')).toBe('1.199,93 lei');
    expect(formatLei('1199.924')).toBe('1.199,92 lei');
    expect(formatLei(1.005)).toBe('1,01 lei');
    expect(formatLei('-0.005')).toBe('-0,01 lei');
    expect(formatLei('-0.004')).toBe('0,00 lei');
    expect(formatLei('23.8')).toBe('23,80 lei');
    expect(formatLei(1250)).toBe('1.250,00 lei');
    expect(formatLei('1000.00')).toBe('1.000,00 lei');
    expect(formatLei('0')).toBe('0,00 lei');
  });
  it('shows a dash when there is no amount', () => {
    expect(formatLei(null)).toBe('-');
    expect(formatLei(undefined)).toBe('-');
    expect(formatLei('')).toBe('-');
    expect(formatLei('abc')).toBe('-');
  });
  it('reads decimal text to bani', () => {
    expect(leiToBaniText('12.3')).toBe(1230);
    expect(leiToBaniText('.5')).toBe(50);
    expect(leiToBaniText('1,5')).toBeNull();
  });
});

describe('formatDay: a calendar day as dd.mm.yyyy', () => {
  it('writes the day first, with leading zeros', () => {
    expect(formatDay('2026-03-06')).toBe('06.03.2026');
    expect(formatDay('2026-11-24')).toBe('24.11.2026');
    expect(formatDayTime('2026-03-06', '00:30')).toBe('06.03.2026 00:30');
  });
  it('leaves text that is no day unchanged', () => {
    expect(formatDay('maine')).toBe('maine');
  });
});
