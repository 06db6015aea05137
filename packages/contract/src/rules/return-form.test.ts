import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { ZReturnField, ZReturnForm, ZTemplateOptions, DEFAULT_TEMPLATE_OPTIONS, type TReturnField } from '../templates.js';
import { describeReturnAnswers, validateReturnAnswers, validateReturnForm } from './return-form.js';

const t = messages.templates;
const IBAN = 'RO49AAAA1B31007593840000';

const fields: TReturnField[] = [
  ZReturnField.parse({ id: 'ttl', type: 'title', config: { text: 'Retur' } }),
  ZReturnField.parse({ id: 'txt', type: 'text-input', config: { label: 'Motiv', isMandatory: true, minLength: 3, maxLength: 10 } }),
  ZReturnField.parse({ id: 'mail', type: 'email-input', config: { label: 'Email', isMandatory: false } }),
  ZReturnField.parse({ id: 'tel', type: 'phone-input', config: { label: 'Telefon', isMandatory: true } }),
  ZReturnField.parse({ id: 'iban', type: 'bank-account-input', config: { label: 'Cont' } }),
  ZReturnField.parse({ id: 'day', type: 'date-picker', config: { label: 'Data', isMandatory: true } }),
  ZReturnField.parse({ id: 'chk', type: 'checkbox', config: { isMultiple: false, checkboxesArray: [{ id: 'a', description: 'A' }, { id: 'b', description: 'B' }] } }),
  ZReturnField.parse({
    id: 'pay',
    type: 'radio-buttons',
    config: { label: 'Plata', isMandatory: true, methodsArray: [{ id: 'cash', name: 'Numerar' }, { id: 'bank', name: 'Transfer', showBankAccount: true }] },
  }),
  ZReturnField.parse({ id: 'tbl', type: 'fields-table', config: { columnsArray: [{ id: 'p', name: 'Produs', isMandatory: true }, { id: 'q', name: 'Cantitate', maxLength: 3 }] } }),
];

const valid = {
  txt: 'Marime',
  tel: '0722123456',
  iban: IBAN,
  day: '2026-11-20',
  chk: ['a'],
  pay: { methodId: 'bank', bankAccount: IBAN },
  tbl: [{ p: 'Tricou', q: '2' }],
};

describe('return-form builder schema', () => {
  it('applies the spec defaults and the builder rules with their messages', () => {
    const text = ZReturnField.parse({ id: 'x', type: 'text-input', config: { label: 'L' } });
    expect(text.config).toMatchObject({ minLength: 0, maxLength: 100, isMandatory: false });
    const table = ZReturnField.parse({ id: 'x', type: 'fields-table', config: { columnsArray: [{ id: 'c', name: 'C' }] } });
    expect(table.config).toMatchObject({ addButtonText: 'Adauga produs', columnsArray: [{ minLength: 0, maxLength: 50 }] });
    const msg = (v: unknown) => ZReturnField.safeParse(v).error?.issues.map((i) => i.message);
    expect(msg({ id: 'x', type: 'text-input', config: { label: 'L', maxLength: 301 } })).toEqual([t.maxLengthLimit]);
    expect(msg({ id: 'x', type: 'text-input', config: { label: '' } })).toEqual([t.fieldRequired]);
    expect(msg({ id: 'x', type: 'text-input', config: { label: 'L', minLength: -1 } })).toEqual([t.minLengthInvalid]);
    expect(msg({ id: 'x', type: 'paragraph', config: { text: ' ' } })).toEqual([t.fieldRequired]);
    expect(msg({ id: 'x', type: 'checkbox', config: { checkboxesArray: [] } })).toEqual([t.checkboxMin]);
    expect(msg({ id: 'x', type: 'checkbox', config: { checkboxesArray: [{ id: 'a', description: '' }] } })).toEqual([t.fieldRequired]);
    expect(msg({ id: 'x', type: 'radio-buttons', config: { label: 'L', methodsArray: [{ id: 'a', name: '' }] } })).toEqual([t.fieldRequired]);
    expect(msg({ id: 'x', type: 'fields-table', config: { columnsArray: [] } })).toEqual([t.columnsMin]);
    const six = Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, name: 'C' }));
    expect(msg({ id: 'x', type: 'fields-table', config: { columnsArray: six } })).toEqual([t.columnsMax]);
    expect(msg({ id: 'x', type: 'fields-table', config: { columnsArray: [{ id: 'c', name: '' }] } })).toEqual([t.columnNameRequired]);
  });

  it('refuses an enabled mandatory form with no fields, and defaults all extra options on but package exchange', () => {
    expect(ZReturnForm.safeParse({ enabled: true, isMandatory: true, fields: [] }).error?.issues[0]?.message).toBe(t.formEmpty);
    expect(ZReturnForm.safeParse({ enabled: true, isMandatory: false, fields: [] }).success).toBe(true);
    expect(DEFAULT_TEMPLATE_OPTIONS).toMatchObject({ allowRepayment: true, additional: true, allowSaturdayDelivery: true, allowPackageExchange: false, approved: false });
    expect(ZTemplateOptions.parse({}).return).toEqual({ enabled: false, isMandatory: false, fields: [] });
  });
});

describe('validateReturnAnswers', () => {
  it('accepts a complete, valid set of answers', () => {
    expect(validateReturnAnswers(fields, valid)).toEqual({});
  });

  it('reports mandatory fields by path', () => {
    const errors = validateReturnAnswers(fields, {});
    expect(errors).toEqual({
      'answers.txt': t.fieldRequired,
      'answers.tel': t.fieldRequired,
      'answers.iban': t.fieldRequired,
      'answers.day': t.fieldRequired,
      'answers.pay': t.fieldRequired,
      'answers.tbl': t.answerRowsMin,
    });
  });

  it('checks lengths, email, phone, IBAN, date, choices and table cells', () => {
    const errors = validateReturnAnswers(fields, {
      ...valid,
      txt: 'ab',
      mail: 'not-an-email',
      tel: '12',
      iban: 'RO48AAAA1B31007593840000',
      day: '2026-13-40',
      chk: ['a', 'b'],
      pay: { methodId: 'bank', bankAccount: 'x' },
      tbl: [{ p: '', q: '1234' }],
    });
    expect(errors).toEqual({
      'answers.txt': t.answerMin(3),
      'answers.mail': t.answerEmail,
      'answers.tel': t.answerPhone,
      'answers.iban': t.answerIban,
      'answers.day': t.answerDate,
      'answers.chk': t.answerSingle,
      'answers.pay.bankAccount': t.answerIban,
      'answers.tbl.0.p': t.fieldRequired,
      'answers.tbl.0.q': t.answerMax(3),
    });
    expect(validateReturnAnswers(fields, { ...valid, txt: 'x'.repeat(11) })['answers.txt']).toBe(t.answerMax(10));
    expect(validateReturnAnswers(fields, { ...valid, chk: ['zzz'] })['answers.chk']).toBe(t.answerChoice);
    expect(validateReturnAnswers(fields, { ...valid, pay: { methodId: 'bank' } })['answers.pay.bankAccount']).toBe(t.fieldRequired);
    expect(validateReturnAnswers(fields, { ...valid, pay: { methodId: 'cash' } })).toEqual({});
  });
});

describe('validateReturnForm and describeReturnAnswers', () => {
  it('skips a disabled form and an optional form left empty, checks an optional form once answered', () => {
    expect(validateReturnForm({ enabled: false, isMandatory: true, fields }, {})).toEqual({});
    expect(validateReturnForm({ enabled: true, isMandatory: false, fields }, {})).toEqual({});
    expect(validateReturnForm({ enabled: true, isMandatory: false, fields }, { mail: 'a@b.ro' })['answers.txt']).toBe(t.fieldRequired);
    expect(validateReturnForm({ enabled: true, isMandatory: true, fields }, {})['answers.txt']).toBe(t.fieldRequired);
  });

  it('copies the labels and readable values, a date as dd.mm.yyyy', () => {
    expect(describeReturnAnswers(fields, valid)).toEqual([
      { label: 'Motiv', value: 'Marime' },
      { label: 'Telefon', value: '0722123456' },
      { label: 'Cont', value: IBAN },
      { label: 'Data', value: '20.11.2026' },
      { label: t.returnCheckedLabel, value: 'A' },
      { label: 'Plata', value: `Transfer (IBAN ${IBAN})` },
      { label: t.returnTableLabel, value: 'Produs: Tricou; Cantitate: 2' },
    ]);
  });
});

describe('messages of malformed input', () => {
  it('answers the catalogue’s texts, never the library’s English defaults', async () => {
    const { ZReturnSubmission } = await import('../templates.js');
    const bad = ZReturnSubmission.safeParse({ address: {}, answers: { x: 5 } });
    expect(bad.error?.issues.find((i) => i.path.join('.') === 'answers.x')?.message).toBe(messages.common.fieldInvalid);
    const field = ZReturnField.safeParse({ id: 'x', type: 'nu-exista', config: {} });
    expect(field.error?.issues.map((i) => i.message)).toEqual([messages.common.invalidData]);
  });
});
