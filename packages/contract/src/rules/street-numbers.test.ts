import { describe, expect, it } from 'vitest';
import { numberInRange, parseHouseNumber } from './street-numbers.js';

const covered = (spec: string, numbers: string[]) => numbers.filter((n) => numberInRange(spec, n));

describe('parseHouseNumber', () => {
  it.each([
    ['28', { base: 28, suffix: '' }],
    ['12A', { base: 12, suffix: 'a' }],
    ['12 bis', { base: 12, suffix: 'bis' }],
    ['nr. 21/A', { base: 21, suffix: 'a' }],
    ['Nr 7', { base: 7, suffix: '' }],
  ])('reads %j', (value, expected) => {
    expect(parseHouseNumber(value)).toEqual(expected);
  });
  it.each(['', 'A1', 'bl. 4', 'fara numar'])('finds no house number in %j', (value) => {
    expect(parseHouseNumber(value)).toBeNull();
  });
});

describe('numberInRange (postal-codes.csv numbers column)', () => {
  it('an empty spec is the whole street', () => {
    expect(covered('', ['1', '2', '1000', '12A'])).toEqual(['1', '2', '1000', '12A']);
  });

  it('a range keeps the parity of its start: nr. 1-27; 2-44', () => {
    expect(covered('nr. 1-27; 2-44', ['1', '13', '27', '29', '2', '44', '46', '0'])).toEqual(['1', '13', '27', '2', '44']);
  });

  it("'T' runs to the end of the street, and remarks in brackets are ignored: nr. 53-T (case)", () => {
    expect(covered('nr. 53-T (case)', ['51', '53', '54', '55', '1001'])).toEqual(['53', '55', '1001']);
    expect(covered('nr. 136-T', ['134', '136', '137', '500'])).toEqual(['136', '500']);
    expect(covered('nr. 1-T; 2-T', ['1', '2', '999', '1000'])).toEqual(['1', '2', '999', '1000']);
    expect(covered('nr. 105-159', ['103', '105', '106', '159', '161'])).toEqual(['105', '159']);
  });

  it("counts '12A' and '12 bis' as 12 in ranges and against a plain number", () => {
    expect(covered('nr. 1-27; 2-44', ['12A', '12 bis', '13b', '45A'])).toEqual(['12A', '12 bis', '13b']);
    expect(covered('nr. 1, 5', ['1A', '5 bis', '3'])).toEqual(['1A', '5 bis']);
  });

  it('a number written with a letter in the data covers only that number', () => {
    expect(covered('nr. 2A, 2B, 2C', ['2', '2A', '2c', '2D'])).toEqual(['2A', '2c']);
    // The plain 56 belongs to the code before: 'nr. 2-56' / 'nr. 56A-T' in Giurgiu.
    expect(covered('nr. 56A-T', ['56', '56B', '58'])).toEqual(['56B', '58']);
  });

  it('reads the odd spellings of the data', () => {
    expect(numberInRange('nr.179 - 203; 188-248', '181')).toBe(true);
    expect(numberInRange('nr. 107-T; 74 -T', '76')).toBe(true);
    expect(numberInRange('Nr. 1-3', '3')).toBe(true);
    expect(numberInRange('nr. 1-3 bis; 2-T', '3')).toBe(true);
    expect(numberInRange('nr. 1-3, 11-T: 12-T', '14')).toBe(true);
    expect(numberInRange('nr. 3-T; 2-T;', '4')).toBe(true);
    expect(numberInRange('nr. toate numerele (fără 1A)', '7')).toBe(true);
    expect(numberInRange('km 3', 'km 3')).toBe(true);
  });

  it('matches blocks only by name: bl. A1, M1-M6', () => {
    expect(covered('bl. A1, M1-M6', ['A1', 'bl. M3', 'bloc M6', 'M7', 'A2', '1'])).toEqual(['A1', 'bl. M3', 'bloc M6']);
  });

  it('matches numbered blocks by name, never a house number: bl. 54/2D, 61/2D-62/2D', () => {
    expect(covered('bl. 54/2D, 61/2D-62/2D', ['bl. 54/2D', 'bl. 61/2d', 'bl 62/2D', 'bl. 63/2D', '54', '61'])).toEqual([
      'bl. 54/2D',
      'bl. 61/2d',
      'bl 62/2D',
    ]);
    expect(covered('bl. 53-55', ['bl. 54', '54'])).toEqual(['bl. 54']);
  });

  it('runs the last letter of a block: bl. 11A-11D, bl. 14D-F', () => {
    expect(covered('bl. 11A-11D', ['bl. 11C', 'bl. 11E', 'bl. 12A'])).toEqual(['bl. 11C']);
    expect(covered('bl. 14D-F', ['bl. 14E', 'bl. 14G'])).toEqual(['bl. 14E']);
  });

  it("keeps a keyword until the next one: 'nr. 9-57; bl. 85, 87-89'", () => {
    expect(covered('nr. 9-57; bl. 85, 87-89', ['11', '88', 'bl. 88', 'bl. 86', 'bl. 85'])).toEqual(['11', 'bl. 88', 'bl. 85']);
  });

  it('covers nothing for an empty house number when the street is split', () => {
    expect(numberInRange('nr. 1-27; 2-44', '')).toBe(false);
    expect(numberInRange('nr. 1-27; 2-44', '  ')).toBe(false);
  });
});
