import { describe, expect, it } from 'vitest';
import { nameMatchRank, rankByName } from './name-match.js';

const counties = ['Alba', 'Argeș', 'Bacău', 'București', 'Ialomița', 'Iași', 'Ilfov', 'Satu Mare', 'Caraș-Severin'];

describe('nameMatchRank', () => {
  it('ranks exact, then prefix, then a later word, then inside, ignoring diacritics and case', () => {
    expect(nameMatchRank('Iași', 'Iasi')).toBe(0);
    expect(nameMatchRank('Iași', 'IAȘI')).toBe(0);
    expect(nameMatchRank('Iași', 'iaşi')).toBe(0);
    expect(nameMatchRank('București', 'Bucu')).toBe(1);
    expect(nameMatchRank('Caraș-Severin', 'severin')).toBe(2);
    expect(nameMatchRank('Satu Mare', 'are')).toBe(3);
    expect(nameMatchRank('Ialomița', 'Iasi')).toBeNull();
    expect(nameMatchRank('Iași', '')).toBeNull();
  });
});

describe('rankByName', () => {
  it("puts Iași before Ialomița for 'Iasi' and drops what does not match", () => {
    expect(rankByName(counties, 'Iasi', (c) => c)).toEqual(['Iași']);
    expect(rankByName(counties, 'ia', (c) => c)).toEqual(['Ialomița', 'Iași']);
  });

  it('exact before prefix before word before inside; same rank keeps the given order', () => {
    const names = ['Mare', 'Satu Mare', 'Marea Neagră', 'Amare', 'Maramureș'];
    expect(rankByName(names, 'mare', (n) => n)).toEqual(['Mare', 'Marea Neagră', 'Satu Mare', 'Amare']);
    expect(rankByName(names, 'mar', (n) => n)).toEqual(['Mare', 'Marea Neagră', 'Maramureș', 'Satu Mare', 'Amare']);
  });

  it('keeps every item when nothing is typed', () => {
    expect(rankByName(counties, '  ', (c) => c)).toEqual(counties);
  });
});
