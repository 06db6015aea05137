import { ZReturnField, type ReturnFieldType, type TReturnAnswers, type TReturnField, type TReturnFieldOf } from '@colete/contract';

/** The builder's names for the ten field types (spec 001 section 2). */
export const FIELD_TYPE_LABELS: Record<ReturnFieldType, string> = {
  title: 'Titlu',
  paragraph: 'Paragraf',
  'text-input': 'Camp text',
  'email-input': 'Camp email',
  'phone-input': 'Camp telefon',
  'bank-account-input': 'Cont bancar (IBAN)',
  'date-picker': 'Data',
  checkbox: 'Casute de bifat',
  'radio-buttons': 'Butoane radio',
  'fields-table': 'Tabel',
};

export const TITLE_FONT_SIZES = { small: '1.1rem', medium: '1.4rem', large: '1.8rem' } as const;
const WEIGHTS = { unset: undefined, bold: 700, lighter: 300 } as const;

/** The text style of a title or paragraph: position, weight and decoration. */
export function styleOf(config: { position: 'left' | 'center' | 'right'; weight: 'unset' | 'bold' | 'lighter'; decoration: 'none' | 'underline' | 'overline' | 'line-through' }) {
  return { textAlign: config.position, fontWeight: WEIGHTS[config.weight], textDecoration: config.decoration === 'none' ? undefined : config.decoration, overflowWrap: 'anywhere' } as const;
}

/** The error key validateReturnAnswers uses for a field (and a cell or the radio's IBAN). */
export const answerKey = (...parts: Array<string | number>) => ['answers', ...parts].join('.');

export const emptyRow = (field: TReturnFieldOf<'fields-table'>) => Object.fromEntries(field.config.columnsArray.map((c) => [c.id, '']));

/** What a customer starts from: the checkboxes checked by default, one empty table row. */
export function initialAnswers(fields: readonly TReturnField[]): TReturnAnswers {
  const answers: TReturnAnswers = {};
  for (const field of fields) {
    if (field.type === 'checkbox') answers[field.id] = field.config.checkboxesArray.filter((c) => c.default).map((c) => c.id);
    if (field.type === 'fields-table') answers[field.id] = [emptyRow(field)];
  }
  return answers;
}

/** A builder id: short, random, within the contract's FIELD_ID_PATTERN. */
export const newFieldId = () => `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Each field's configuration errors, keyed by the path inside its config ('label', 'columnsArray.0.name'). */
export function builderErrors(fields: readonly TReturnField[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const field of fields) {
    const parsed = ZReturnField.safeParse(field);
    if (parsed.success) continue;
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.slice(1).join('.');
      errors[key] ??= issue.message;
    }
    out[field.id] = errors;
  }
  return out;
}
