import { describe, expect, it } from 'vitest';
import { formPackage, storedPackage } from './packages.js';

describe('packages as stored and as the API speaks them', () => {
  it('kilograms become whole grams, sides stay centimetres, and come back the same', () => {
    const api = { type: 'parcel' as const, weight: 2.5, length: 30, width: 20, height: 15 };
    expect(storedPackage(api)).toEqual({ type: 'parcel', weightGrams: 2500, lengthCm: 30, widthCm: 20, heightCm: 15 });
    expect(formPackage(storedPackage(api))).toEqual(api);
  });

  it('a weight finer than a gram is rounded to the gram', () => {
    expect(storedPackage({ type: 'envelope', weight: 0.1234, length: 24, width: 16, height: 3 }).weightGrams).toBe(123);
    expect(formPackage({ type: 'envelope', weightGrams: 123, lengthCm: 24, widthCm: 16, heightCm: 3 }).weight).toBe(0.123);
  });
});
