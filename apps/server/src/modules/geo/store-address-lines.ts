import { normalizeText } from '@colete/contract';

/* Reading the free-form address lines an online store sends. */

/** Street types as written in the nomenclature, and how people type them (letters only, lower case). */
const STREET_TYPE_SPELLINGS: [string, string[]][] = [
  ['Strada', ['str', 'strada']],
  ['Bulevardul', ['bd', 'bdul', 'blvd', 'bulevard', 'bulevardul']],
  ['Aleea', ['al', 'alee', 'aleea']],
  ['Calea', ['cal', 'cale', 'calea']],
  ['Șoseaua', ['sos', 'sosea', 'soseaua']],
  ['Piața', ['pta', 'piata']],
  ['Intrarea', ['intr', 'intrare', 'intrarea']],
  ['Splaiul', ['spl', 'splai', 'splaiul']],
  ['Drumul', ['drum', 'drumul']],
  ['Prelungirea', ['prel', 'prelungire', 'prelungirea']],
];
const STREET_TYPES = new Map(STREET_TYPE_SPELLINGS.flatMap(([type, spellings]) => spellings.map((s) => [s, type] as const)));
const NUMBER = String.raw`(\d+(?:\s*bis(?!\p{L})|\s*\/\s*[\p{L}\d]+|\p{L}(?!\p{L}))?)`;
const NUMBER_MARKER = new RegExp(String.raw`(?<![^\s,])(?:nr|num[aă]r(?:ul)?|no)(?!\p{L})\.?\s*:?\s*${NUMBER}`, 'iu');
const TRAILING_NUMBER = new RegExp(String.raw`\s${NUMBER}\s*$`, 'iu');
const LEADING_NUMBER = new RegExp(String.raw`^[\s,]*(?:(?:nr|num[aă]r(?:ul)?|no)(?!\p{L})\.?\s*:?\s*)?${NUMBER}(?![\p{L}\d])`, 'iu');
/** Where the building details start: the street part ends before them. */
const DETAILS = /(?<![^\s,])(?:bl|bloc|sc|scara|et|etaj|ap|apt|apartament|cam|camera|int|interfon|parter)(?!\p{L})/iu;
const BLOCK = /(?<![^\s,])(?:bl|bloc)(?!\p{L})\.?\s*([\p{L}\d/-]+)/iu;
const tidy = (s: string) => s.replace(/^[\s,;.]+|[\s,;]+$/g, '');

export type AddressLine = {
  streetType: string | null;
  streetName: string;
  number: string;
  /** The number was the line's last word without 'nr.': it may belong to the name ('21 Decembrie 1989'). */
  numberGuessed: boolean;
  block: string;
  additionalInfo: string;
};

/** 'Str. Memorandumului nr. 28, ap 3' -> Strada / Memorandumului / 28 / 'ap 3'. */
export function readAddressLines(address1 = '', address2 = ''): AddressLine {
  const line = address1.replace(/\s+/g, ' ').trim();
  const comma = line.indexOf(',');
  let head = comma < 0 ? line : line.slice(0, comma);
  let rest = comma < 0 ? '' : line.slice(comma);
  const details = DETAILS.exec(head);
  if (details) [head, rest] = [head.slice(0, details.index), head.slice(details.index) + rest];
  // The number: after 'nr.'; else the street part's last word; else the start of the next part or of line 2.
  let number = '';
  let numberGuessed = false;
  const marked = NUMBER_MARKER.exec(head);
  const trailing = marked ? null : TRAILING_NUMBER.exec(head);
  let other = address2.replace(/\s+/g, ' ').trim();
  if (marked) [number, head, rest] = [marked[1]!, head.slice(0, marked.index), head.slice(marked.index + marked[0].length) + rest];
  else if (trailing && /\p{L}/u.test(head.slice(0, trailing.index))) {
    [number, head, numberGuessed] = [trailing[1]!, head.slice(0, trailing.index), true];
  } else {
    const next = LEADING_NUMBER.exec(rest);
    const second = next ? null : (LEADING_NUMBER.exec(other) ?? NUMBER_MARKER.exec(other));
    if (next) [number, rest] = [next[1]!, rest.slice(next[0].length)];
    else if (second) [number, other] = [second[1]!, other.slice(0, second.index) + other.slice(second.index + second[0].length)];
  }
  const typed = tidy(head).match(/^([\p{L}-]+)(?:\.\s*|\s+)(.+)$/u);
  const streetType = typed ? (STREET_TYPES.get(normalizeText(typed[1]!).replace(/[^a-z]/g, '')) ?? null) : null;
  const additionalInfo = [tidy(rest), tidy(other)].filter(Boolean).join(', ');
  return {
    streetType,
    streetName: tidy(streetType ? typed![2]! : head),
    number: number.replace(/\s+/g, ' ').toUpperCase(),
    numberGuessed,
    block: BLOCK.exec(additionalInfo)?.[1] ?? '',
    additionalInfo,
  };
}
