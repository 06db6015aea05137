import { normalizeText } from './text.js';

/** Legal forms written out in full, as the register sometimes writes them, and their short form. */
const LEGAL_FORMS: [RegExp, string][] = [
  [/\bsocietate(a)? cu raspundere limitata\b/g, 'srl'],
  [/\bsocietate(a)? pe actiuni\b/g, 'sa'],
  [/\bsocietate(a)? in nume colectiv\b/g, 'snc'],
  [/\bsocietate(a)? in comandita simpla\b/g, 'scs'],
];

/**
 * A company name as the register and a person may both write it: no case, diacritics, dots,
 * quotes or other punctuation; 'S.R.L.', 'S. R. L.' and 'SRL' alike (single letters in a row are
 * joined); the old 'S.C.' prefix ('societate comerciala') dropped. 'SC Demo Logistic S.R.L.' and
 * 'DEMO LOGISTIC SRL' give the same key; a different word, or a missing one, does not.
 */
export function companyNameKey(name: string): string {
  let text = normalizeText(name).replace(/\./g, ' ').replace(/&/g, ' si ').replace(/[^a-z0-9]+/g, ' ').trim();
  for (const [form, short] of LEGAL_FORMS) text = text.replace(form, short);
  const words: string[] = [];
  let letters = '';
  // 'S R L' (what is left of 'S.R.L.') becomes 'srl'; a lone letter between words stays a word.
  for (const word of text.split(' ').filter(Boolean)) {
    if (word.length === 1 && /[a-z]/.test(word)) {
      letters += word;
      continue;
    }
    if (letters) words.push(letters);
    letters = '';
    words.push(word);
  }
  if (letters) words.push(letters);
  if (words[0] === 'sc' && words.length > 1) words.shift();
  return words.join(' ');
}

/** The name typed for a company is the register's name, written the way people write it. */
export const sameCompanyName = (typed: string, registered: string) => companyNameKey(typed) === companyNameKey(registered);
