import { describe, expect, it } from 'vitest';
import { isValidPhone, normalisePhone } from './phone.js';

describe('phone rule (spec 001 section 5)', () => {
  it.each(['+40722123456', '0722123456', '+40211234567', '0256123456'])('accepts the Romanian number %s', (p) => {
    expect(isValidPhone(p)).toBe(true);
  });
  it.each(['', '+40 722 123 456', '07221234a6', '+4072212', '+4072212345678901', '12', '++40722123456'])('refuses %j', (p) => {
    expect(isValidPhone(p)).toBe(false);
  });
  it('checks against the given country', () => {
    expect(isValidPhone('+4930123456', 'DE')).toBe(true);
    expect(isValidPhone('030123456', 'DE')).toBe(true);
  });
  it('normalises to E.164', () => {
    expect(normalisePhone('0722123456')).toBe('+40722123456');
  });
});
