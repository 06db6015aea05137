import { describe, expect, it } from 'vitest';
import { isValidCnp, isValidCui, normalizeCui } from './fiscal-codes.js';

describe('CUI/CIF', () => {
  it.each(['4221306', '14399840', '12345674', 'RO14399840', 'ro 4221306'])('accepts %s', (v) => expect(isValidCui(v)).toBe(true));
  it.each(['12345678', '1', 'RO', '12345678901', '1439984A', ''])('refuses %j', (v) => expect(isValidCui(v)).toBe(false));
  it('normalises', () => expect(normalizeCui(' ro 14399840 ')).toBe('14399840'));
});

describe('CNP', () => {
  it('accepts a valid CNP', () => expect(isValidCnp('1800101123450')).toBe(true));
  it.each(['1800101123451', '0800101123450', '180010112345', '1801301123450'])('refuses %s', (v) => expect(isValidCnp(v)).toBe(false));
});
