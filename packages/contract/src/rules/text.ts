/**
 * Search normalisation: lower case, no diacritics (both cedilla ş ţ and comma-below ș ț, and
 * ă â î), single spaces. The same function runs on the data and on what the user types.
 */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** ' word word ' form: every run of letters and digits is a word, so 'napoca' finds 'Cluj-Napoca'. */
export function searchWords(value: string): string {
  const words = normalizeText(value).replace(/[^a-z0-9]+/g, ' ').trim();
  return ` ${words} `;
}

/** The modern comma-below letters in place of the old cedilla ones (ş ţ Ş Ţ). */
export function modernDiacritics(value: string): string {
  return value.replace(/ş/g, 'ș').replace(/ţ/g, 'ț').replace(/Ş/g, 'Ș').replace(/Ţ/g, 'Ț');
}
