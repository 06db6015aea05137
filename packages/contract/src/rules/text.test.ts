import { describe, expect, it } from 'vitest';
import { modernDiacritics, normalizeText, searchWords } from './text.js';

describe('search normalisation', () => {
  it('removes cedilla and comma-below diacritics, ă â î, and case', () => {
    expect(normalizeText('ŞOMCUŢA Mare')).toBe('somcuta mare');
    expect(normalizeText('Șomcuța  Mare ')).toBe('somcuta mare');
    expect(normalizeText('Târgu Mureş, Brăila, Întorsura')).toBe('targu mures, braila, intorsura');
  });
  it('splits words on punctuation so inner words match', () => {
    expect(searchWords('Cluj-Napoca')).toBe(' cluj napoca ');
    expect(searchWords('Lăzăreşti (Schitu Goleşti)')).toBe(' lazaresti schitu golesti ');
    expect(searchWords("  %' OR 1=1 -- ")).toBe(' or 1 1 ');
  });
  it('writes the modern comma-below letters', () => {
    expect(modernDiacritics('Argeş, Timiş, Ţăndărei')).toBe('Argeș, Timiș, Țăndărei');
  });
});
