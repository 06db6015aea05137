import { describe, expect, it } from 'vitest';
import { bankNameFromIban, isValidRomanianIban, normalizeIban } from './iban.js';

describe('Romanian IBAN', () => {
  it('accepts valid accounts, with spaces or lower case', () => {
    expect(isValidRomanianIban('RO49AAAA1B31007593840000')).toBe(true);
    expect(isValidRomanianIban('ro49 aaaa 1b31 0075 9384 0000')).toBe(true);
    expect(isValidRomanianIban('RO66BACX0000001234567890')).toBe(true);
  });
  it('refuses a wrong check, length, country or character', () => {
    expect(isValidRomanianIban('RO48AAAA1B31007593840000')).toBe(false);
    expect(isValidRomanianIban('RO49AAAA1B3100759384000')).toBe(false);
    expect(isValidRomanianIban('DE89370400440532013000')).toBe(false);
    expect(isValidRomanianIban('RO49AAAA1B31007593840-00')).toBe(false);
    expect(isValidRomanianIban('')).toBe(false);
  });
  it('derives the bank from the code', () => {
    expect(bankNameFromIban('RO66BACX0000001234567890')).toBe('UniCredit Bank');
    expect(bankNameFromIban('RO49AAAA1B31007593840000')).toBe('AAAA');
    expect(normalizeIban(' ro49 aaaa ')).toBe('RO49AAAA');
  });
});
