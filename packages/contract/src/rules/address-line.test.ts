import { describe, expect, it } from 'vitest';
import { fullAddressLine } from './address-line.js';

describe('full address line (spec 001 section 3)', () => {
  it('joins the non-empty parts with their prefixes', () => {
    expect(
      fullAddressLine({ addressStreet: 'Memorandumului', addressNumber: '28', addressBlock: 'B2', addressIntercom: '12', addressFloor: '3', addressApartment: '14' }),
    ).toBe('Str. Memorandumului, Nr. 28, Bl. B2, Int. 12, Et. 3, Ap. 14');
  });
  it('skips empty parts', () => {
    expect(fullAddressLine({ addressStreet: 'Memorandumului', addressNumber: '', addressBlock: null, addressApartment: ' 4 ' })).toBe('Str. Memorandumului, Ap. 4');
  });
  it('a street that already names its type gets no Str. prefix', () => {
    expect(fullAddressLine({ addressStreet: 'Calea Victoriei', addressNumber: '120' })).toBe('Calea Victoriei, Nr. 120');
    expect(fullAddressLine({ addressStreet: 'Bulevardul Revoluției 1989', addressNumber: '4' })).toBe('Bulevardul Revoluției 1989, Nr. 4');
    expect(fullAddressLine({ addressStreet: 'Cartierul Tineretului', addressNumber: '2' })).toBe('Cartierul Tineretului, Nr. 2');
    expect(fullAddressLine({ addressStreet: 'Stradela Mică' })).toBe('Stradela Mică');
    // A name that only looks like a type word further in keeps the prefix.
    expect(fullAddressLine({ addressStreet: 'Eroilor Calea' })).toBe('Str. Eroilor Calea');
  });
  it('adds the entrance as Sc.', () => {
    expect(fullAddressLine({ addressNumber: '1', addressBlock: 'A', addressEntrance: '2' })).toBe('Nr. 1, Bl. A, Sc. 2');
  });
  it("falls back to 'Adresa'", () => {
    expect(fullAddressLine({})).toBe('Adresa');
    expect(fullAddressLine({ addressStreet: '  ' })).toBe('Adresa');
  });
});
