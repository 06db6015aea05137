import { normalizeText } from './text.js';

/**
 * Which house numbers a postal code covers: the `numbers` column of data/ro/postal-codes.csv.
 *
 *   ''                      the whole street
 *   'nr. 1-27; 2-44'        odd 1 to 27 and even 2 to 44: a range keeps the parity of its start
 *   'nr. 53-T (case)'       'T' is the end of the street; remarks in brackets are ignored
 *   'nr. 1, 1A, 3 bis'      single numbers; one written with a letter covers only that number
 *   'bl. A1, M1-M6'         block names, matched against the whole value the user gave
 *   'nr. 9-57; bl. 85'      a keyword holds until the next one
 */

/** A house number as written: '12', '12A', '12 bis', '21/A' -> base 12 or 21 and what follows. */
export type HouseNumber = { base: number; suffix: string };

/** 'nr. 12A', '12 bis', '21/A' -> {12,'a'}, {12,'bis'}, {21,'a'}; null when it does not start with a number. */
export function parseHouseNumber(value: string): HouseNumber | null {
  const text = normalizeText(value).replace(/^(nr|numarul|no)\.?\s*/, '');
  const m = text.match(/^(\d+)(?:\s*(bis|ter|[a-z]{1,2})|\s*\/\s*([a-z0-9]+))?$/);
  if (!m) return null;
  return { base: Number(m[1]), suffix: m[2] ?? m[3] ?? '' };
}

/** Block names compare without case, diacritics, spaces, dots or a 'bl.' the user typed. */
const labelKey = (value: string) =>
  normalizeText(value)
    .replace(/^(bloc(ul)?|bl)\b\.?/, '')
    .replace(/[\s.]/g, '');

/** 'M12' -> ['m', 12, '']; '61/2D' -> ['', 61, '/2d']; null without digits. */
const labelParts = (key: string) => {
  const m = key.match(/^(\D*)(\d+)(.*)$/);
  return m ? { head: m[1]!, num: Number(m[2]), tail: m[3]! } : null;
};

/** 'M1-M6', '61/2D-62/2D', '11A-11D', '14D-F', 'B2-T': the labels in between; anything else only its two ends. */
function labelInRange(from: string, to: string, key: string): boolean {
  if (key === from || key === to) return true;
  // '14D-F': the end repeats the start with another letter.
  if (/^[a-z]+$/.test(to) && to !== 't') to = from.replace(/[a-z]+$/, to);
  const [a, b, k] = [labelParts(from), labelParts(to), labelParts(key)];
  if (a && k && to === 't') return k.head === a.head && k.tail === a.tail && k.num >= a.num;
  if (a && b && k && a.head === b.head && a.tail === b.tail) {
    return k.head === a.head && k.tail === a.tail && k.num >= Math.min(a.num, b.num) && k.num <= Math.max(a.num, b.num);
  }
  // '11A-11D': one stem, the last letter runs.
  const stem = from.slice(0, -1);
  const sameStem = (x: string) => x.length === from.length && x.startsWith(stem);
  return sameStem(to) && sameStem(key) && key.slice(-1) >= from.slice(-1) && key.slice(-1) <= to.slice(-1);
}

/** One item of a 'nr.' list: a number, or a range whose parity is its start's. */
function numberItemCovers(item: string, house: HouseNumber | null, key: string): boolean {
  const dash = item.indexOf('-');
  const [first, last] = dash < 0 ? [item, null] : [item.slice(0, dash), item.slice(dash + 1)];
  const start = parseHouseNumber(first);
  // 'L1', 'Cămin 6': not numbers, compared as names.
  if (!start) return last === null ? labelKey(item) === key : labelInRange(labelKey(first), labelKey(last), key);
  if (!house) return false;
  if (last === null) return house.base === start.base && (start.suffix === '' || start.suffix === house.suffix);
  const end = last.trim().toUpperCase() === 'T' ? Infinity : (parseHouseNumber(last)?.base ?? (/^[a-z]+$/i.test(last.trim()) ? start.base : null));
  if (end === null) return false;
  const [low, high] = start.base <= end ? [start.base, end] : [end, start.base];
  // '56A-T' starts after the plain 56, which another code covers.
  if (house.base === start.base && start.suffix && !house.suffix) return false;
  return house.base >= low && house.base <= high && house.base % 2 === start.base % 2;
}

function blockItemCovers(item: string, key: string): boolean {
  const dash = item.indexOf('-');
  if (dash < 0) return labelKey(item) === key;
  return labelInRange(labelKey(item.slice(0, dash)), labelKey(item.slice(dash + 1)), key);
}

/**
 * Whether `houseNumber` is covered by `numbersSpec`. A house number ('12', '12A', '12 bis') is
 * checked against the 'nr.' items, where '12A' and '12 bis' count as 12 in ranges and against a
 * plain '12'. A block ('bl. 64', 'A1') is checked against the 'bl.' items by name, so a house
 * number 64 and block 64, both common on one street, do not take each other's code.
 */
export function numberInRange(numbersSpec: string, houseNumber: string): boolean {
  const spec = numbersSpec
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/\s*-\s*/g, '-')
    .trim();
  if (spec === '') return true;
  if (/^nr\.?\s*toate numerele/i.test(spec)) return true;
  const key = labelKey(houseNumber);
  if (key === '') return false;
  const house = parseHouseNumber(houseNumber);
  // Anything not starting with a number is a block's name: 'bl. 64', 'A1', 'M3'.
  const block = house === null;
  let mode = 'nr';
  for (const segment of spec.split(/[;:]/)) {
    let rest = segment.trim();
    const keyword = rest.match(/^(nr|bl|km|vila)\b\.?\s*/i);
    if (keyword) {
      mode = keyword[1]!.toLowerCase();
      rest = rest.slice(keyword[0].length);
    }
    for (const raw of rest.split(',')) {
      const item = raw.trim();
      if (!item) continue;
      const covered =
        mode === 'nr' ? numberItemCovers(item, house, key) : block && blockItemCovers(mode === 'bl' ? item : `${mode}${item}`, key);
      if (covered) return true;
    }
  }
  return false;
}
