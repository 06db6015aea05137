import { ZAddressInput, type TTemplateToAddress } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from './address-fields';
import { entryAddressLine, entryLocalityLine, entryStreetLine } from './address-text';
import {
  ADDRESS_ENTRY_FIELDS,
  ADDRESS_PART_FIELDS,
  addressEntryValues,
  addressInputOf,
  addressInputValues,
  EMPTY_CONTACT,
  entryInput,
  partyInputOf,
} from './entry-values';
import { entry, entryValues } from './entry-fixtures';

describe('address-book entry -> form values', () => {
  it('renames the book fields to the form fields, null as an empty text', () => {
    expect(addressEntryValues(entry)).toEqual(entryValues);
  });

  it('a new entry starts empty, with the phone prefix', () => {
    expect(addressEntryValues()).toEqual({ ...EMPTY_ADDRESS, ...EMPTY_CONTACT });
  });

  it('the entry read back through the form is the entry the contract would save', () => {
    expect(ZAddressInput.parse(addressEntryValues(entry))).toEqual(ZAddressInput.parse(entryInput(entry)));
  });

  it('a template stored address (input names) fills the same values', () => {
    const stored: TTemplateToAddress = { ...entryInput(entry), number: '5', addressId: 7, county: 'Bucuresti', type: 1, fullAddress: entry.fullAddress };
    expect(addressInputValues(stored)).toEqual(entryValues);
  });

  it('knows every address field of the shared form', () => {
    expect([...ADDRESS_PART_FIELDS].sort()).toEqual(Object.keys(EMPTY_ADDRESS).sort());
    expect(ADDRESS_ENTRY_FIELDS).toHaveLength(17);
  });
});

describe('form values -> request bodies', () => {
  it('an entry input takes only the entry fields of a larger form', () => {
    const editor = { ...entryValues, name: 'Sablon', uniqueId: '' };
    const input = addressInputOf(editor);
    expect(input).toEqual(entryValues);
    expect(ZAddressInput.safeParse(input).success).toBe(true);
  });

  it('a party input has no name; a form without a second phone sends none', () => {
    const { shortName: _name, contactPhone2: _phone2, ...onePhone } = entryValues;
    const withSave = { ...onePhone, save: true };
    const party = partyInputOf(withSave);
    expect(party).not.toHaveProperty('shortName');
    expect(party).not.toHaveProperty('contactPhone2');
    expect(party).not.toHaveProperty('save');
    expect(partyInputOf({ ...onePhone, contactPhone2: '0733000000' })).toMatchObject({ contactPhone2: '0733000000' });
  });

});

describe('entry -> text', () => {
  it('one line: the street line, then postal code, city and county', () => {
    expect(entryStreetLine(entry)).toBe('Strada Exemplu nr. 5, bl. A1, et. 2, ap. 14');
    expect(entryLocalityLine(entry)).toBe('010011 Sector 1, jud. Bucuresti');
    expect(entryAddressLine(entry)).toBe('Strada Exemplu nr. 5, bl. A1, et. 2, ap. 14, 010011 Sector 1, jud. Bucuresti');
  });
});
