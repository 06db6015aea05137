import { DEFAULT_TEMPLATE_OPTIONS, defaultReturnField, messages } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { buildSaveRequest, formPathOf, initialEditorState, NO_SOURCE } from './editor-form';
import { checkLogo } from './logo-section';
import { builderErrors, initialAnswers } from './return-form-model';
import { setOption } from './template-options';

const t = messages.templates;
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

describe('extra options', () => {
  it('the additional toggle drives its four sub-options together', () => {
    const off = setOption(DEFAULT_TEMPLATE_OPTIONS, 'additional', false);
    expect([off.additional, off.allowSaturdayDelivery, off.allowOpenAtDestination, off.allowDocumentsReturn, off.allowPackageExchange]).toEqual([false, false, false, false, false]);
    const on = setOption(off, 'additional', true);
    expect([on.allowSaturdayDelivery, on.allowOpenAtDestination, on.allowDocumentsReturn, on.allowPackageExchange]).toEqual([true, true, true, true]);
  });

  it('a sub-option turns additional on, the last one off turns it off; others are left alone', () => {
    const off = setOption(DEFAULT_TEMPLATE_OPTIONS, 'additional', false);
    const one = setOption(off, 'allowDocumentsReturn', true);
    expect(one.additional).toBe(true);
    expect(setOption(one, 'allowDocumentsReturn', false).additional).toBe(false);
    expect(setOption(DEFAULT_TEMPLATE_OPTIONS, 'allowRepayment', false)).toEqual({ ...DEFAULT_TEMPLATE_OPTIONS, allowRepayment: false });
  });
});

describe('builder errors', () => {
  it('new fields need their texts, with the section 8 messages', () => {
    const errors = builderErrors([defaultReturnField('text-input', 'a'), defaultReturnField('fields-table', 'b'), defaultReturnField('checkbox', 'c')]);
    expect(errors.a?.label).toBe(t.fieldRequired);
    expect(errors.b?.['columnsArray.0.name']).toBe(t.columnNameRequired);
    expect(errors.c?.['checkboxesArray.0.description']).toBe(t.fieldRequired);
  });

  it('limits: maxLength 300, empty lengths, at least one checkbox, at most five columns', () => {
    const text = defaultReturnField('text-input', 'a');
    const table = defaultReturnField('fields-table', 'b');
    const boxes = defaultReturnField('checkbox', 'c');
    if (text.type !== 'text-input' || table.type !== 'fields-table' || boxes.type !== 'checkbox') throw new Error('types');
    const column = { ...table.config.columnsArray[0]!, name: 'Produs' };
    const errors = builderErrors([
      { ...text, config: { ...text.config, label: 'Motiv', maxLength: 301, minLength: Number.NaN } },
      { ...table, config: { ...table.config, columnsArray: Array.from({ length: 6 }, (_, i) => ({ ...column, id: `c${i}` })) } },
      { ...boxes, config: { ...boxes.config, checkboxesArray: [] } },
    ]);
    expect(errors.a).toEqual({ maxLength: t.maxLengthLimit, minLength: t.minLengthRequired });
    expect(errors.b?.columnsArray).toBe(t.columnsMax);
    expect(errors.c?.checkboxesArray).toBe(t.checkboxMin);
  });

  it('checkboxes checked by default and one empty table row start the customer’s answers', () => {
    const boxes = defaultReturnField('checkbox', 'c', () => 'x');
    const table = defaultReturnField('fields-table', 't', () => 'col');
    if (boxes.type !== 'checkbox') throw new Error('type');
    const answers = initialAnswers([{ ...boxes, config: { ...boxes.config, checkboxesArray: [{ id: 'x', description: 'Da', default: true }] } }, table]);
    expect(answers).toEqual({ c: ['x'], t: [{ col: '' }] });
  });
});

describe('logo checks in the browser', () => {
  it('one image file of at most 50 KB, known by its content', async () => {
    const png = new File([PNG], 'logo.png', { type: 'image/png' });
    expect(await checkLogo([png])).toEqual({ kind: 'raster' });
    expect(await checkLogo([png, png])).toEqual({ problem: t.uploadOneFile });
    expect(await checkLogo([new File([PNG, new Uint8Array(60 * 1024)], 'mare.png', { type: 'image/png' })])).toEqual({ problem: t.uploadTooLarge });
    expect(await checkLogo([new File(['nu este o imagine'], 'text.png', { type: 'image/png' })])).toEqual({ problem: t.uploadNotImage });
    expect(await checkLogo([new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'logo.svg', { type: 'image/svg+xml' })])).toEqual({ kind: 'svg' });
  });
});

describe('the editor’s request', () => {
  it('a typed address is sent whole, an entry by its id; server paths map to the form', () => {
    const { values } = initialEditorState();
    const typed = buildSaveRequest({ ...values, name: 'Retur' }, NO_SOURCE, { removeLogo: false });
    expect(typed.address).toMatchObject({ shortName: '', contactPhone: '+40' });
    expect(typed.data).toMatchObject({ name: 'Retur', id: null, uniqueId: null });
    const entry = buildSaveRequest(values, { entry: { id: 7, type: 1 }, mode: 'modify', snapshot: null }, { id: 3, removeLogo: true });
    expect(entry).toMatchObject({ address: { addressId: 7 }, data: { id: 3 }, logo: null });
    expect(buildSaveRequest(values, { entry: { id: 7, type: 1 }, mode: 'new', snapshot: null }, { removeLogo: false }).address).not.toHaveProperty('addressId');
    expect(buildSaveRequest(values, { entry: { id: 9, type: 10 }, mode: 'new', snapshot: null }, { removeLogo: false }).address).toEqual({ addressId: 9 });
    expect([formPathOf('data.name'), formPathOf('address.city'), formPathOf('data.options.terms'), formPathOf('data.uniqueId')]).toEqual(['name', 'city', 'options.terms', 'uniqueId']);
  });
});
