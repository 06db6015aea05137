import { normalizeText, searchWords } from './text.js';

/**
 * How well a name answers what the user typed, diacritics, case and punctuation ignored:
 * 0 the same name, 1 the name starts with it, 2 a later word starts with it, 3 it is inside the
 * name; null when it is not in the name at all.
 */
export function nameMatchRank(name: string, text: string): 0 | 1 | 2 | 3 | null {
  const typed = searchWords(text).trim();
  if (!typed) return null;
  const words = searchWords(name).trim();
  if (words === typed || normalizeText(name) === normalizeText(text)) return 0;
  if (words.startsWith(typed)) return 1;
  if (` ${words}`.includes(` ${typed}`)) return 2;
  return words.includes(typed) ? 3 : null;
}

/**
 * The items whose name matches the text, best match first (exact, prefix, word prefix, inside);
 * items of the same rank keep their order. Empty text keeps every item as it is.
 */
export function rankByName<T>(items: readonly T[], text: string, nameOf: (item: T) => string): T[] {
  if (!searchWords(text).trim()) return [...items];
  return items
    .map((item, index) => ({ item, index, rank: nameMatchRank(nameOf(item), text) }))
    .filter((x): x is { item: T; index: number; rank: 0 | 1 | 2 | 3 } => x.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.item);
}
