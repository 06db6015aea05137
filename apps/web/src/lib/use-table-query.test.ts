import { LIST_MAX_PAGE } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { tableParam } from './use-table-query';

describe('table parameters in the URL', () => {
  it('reads a page from 1 to the largest, and leaves page 1 out', () => {
    const page = tableParam.page();
    expect([null, '', 'abc', '0', '-3', '2.7', '5', '999999999'].map((raw) => page.read(raw))).toEqual([1, 1, 1, 1, 1, 2, 5, LIST_MAX_PAGE]);
    expect(page.write(1)).toBeNull();
    expect(page.write(3)).toBe('3');
  });
  it('keeps a text filter to its length and leaves an empty one out', () => {
    const text = tableParam.text(5);
    expect(text.text).toBe(true);
    expect(text.read(null)).toBe('');
    expect(text.read('abcdefgh')).toBe('abcde');
    expect(text.write('')).toBeNull();
  });
  it('accepts only the listed values, valid days and 1 for a switch', () => {
    const status = tableParam.oneOf(['draft', 'created'] as const);
    expect(status.read('created')).toBe('created');
    expect(status.read('other')).toBeUndefined();
    expect(status.write(undefined)).toBeNull();
    const day = tableParam.day();
    expect(day.read('2026-03-06')).toBe('2026-03-06');
    expect(day.read('06.03.2026')).toBe('');
    const flag = tableParam.flag();
    expect([flag.read('1'), flag.read('true'), flag.read(null)]).toEqual([true, false, false]);
    expect(flag.write(false)).toBeNull();
  });
});
