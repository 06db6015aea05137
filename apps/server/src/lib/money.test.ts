import { describe, expect, it } from 'vitest';
import { baniToRon } from './money.js';

describe('baniToRon', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1999, '19.99'],
    [-250, '-2.50'],
    [123456789012, '1234567890.12'],
  ])('%d bani is %s RON', (bani, ron) => expect(baniToRon(bani)).toBe(ron));
});
