import { ZShippingTo, ZStoreAddressFields, ZStoreContactFields, type TShippingTo } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import {
  applySuggestion,
  isResolved,
  nextErrors,
  sameShippingTo,
  storeAddressOf,
  storeAddressValues,
  storeContactOf,
  storeContactValues,
  suggestionLabel,
} from './delivery-address-rules';

/** Brasov with Timisoara's postal code, no street number (two of the demo shop's customers at once). */
const brasov: TShippingTo = {
  shopifyAddress: {
    firstName: 'Ana',
    lastName: 'Pop',
    company: null,
    phone: '0722123456',
    province: 'Brasov',
    provinceCode: 'BV',
    city: 'Brasov',
    zip: '300001',
    address1: 'Strada Avram Iancu',
    address2: null,
    countryCode: 'RO',
  },
  internalAddress: {
    address: {
      countryCode: 'RO',
      postalCode: '',
      city: 'Brașov',
      countyCode: 'BV',
      street: 'Strada Avram Iancu',
      number: '',
      building: '',
      entrance: '',
      intercom: '',
      floor: '',
      apartment: '',
      landmark: 'langa scoala',
      additionalInfo: '',
    },
    contact: { name: 'Ana Pop', phone: '0722123456', email: '', company: '' },
  },
  errors: [
    {
      type: 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR',
      suggestions: [
        { type: 'CHANGE_DEFAULT', suggestedBy: 'CITY_INPUT', values: { city: 'Brașov', county: 'BV', postalCode: '', street: 'Strada Avram Iancu' } },
        { type: 'CHANGE', suggestedBy: 'POSTAL_CODE', values: { city: 'Timișoara', county: 'TM', postalCode: '300001', street: 'Strada Avram Iancu' } },
      ],
    },
    { type: 'NUMBER_ERROR', suggestions: [] },
  ],
  info: [],
};
const none = new Set<string>();

describe('the forms and the recipient', () => {
  it('round-trips the address (building is the form block; country and landmark kept)', () => {
    const address = brasov.internalAddress.address;
    const values = storeAddressValues({ ...address, building: 'A2' });
    expect(values.block).toBe('A2');
    expect(storeAddressOf(address, { ...values, number: '7' })).toEqual({ ...address, building: 'A2', number: '7' });
  });

  it('starts an empty phone with +40 and keeps the bare prefix out of the recipient', () => {
    expect(storeContactValues({ name: 'A', phone: '', email: '', company: '' }).contactPhone).toBe('+40');
    expect(storeContactOf({ contactName: ' A ', contactCompany: '', contactPhone: '+40', contactEmail: '' })).toEqual({ name: 'A', company: '', phone: '', email: '' });
  });

  it('checks the store form as spec 001 section 5 says (street and number required)', () => {
    const values = storeAddressValues(brasov.internalAddress.address);
    // The form shows each field's first message.
    const issues = ZStoreAddressFields.safeParse(values).error?.issues.filter((i, n, all) => all.findIndex((j) => j.path[0] === i.path[0]) === n);
    expect(issues?.map((i) => [i.path[0], i.message])).toEqual([
      ['postalCode', 'Codul postal este obligatoriu!'],
      ['number', 'Campul este obligatoriu!'],
    ]);
    expect(ZStoreAddressFields.safeParse({ ...values, city: '' }).error?.issues[0]?.message).toBe('Localitatea este obligatorie!');
  });

  it('checks the contact: name required, phone only + and digits up to 15 characters', () => {
    const ok = { contactName: 'Ana', contactCompany: '', contactPhone: '+40722123456', contactEmail: '' };
    expect(ZStoreContactFields.safeParse(ok).success).toBe(true);
    const message = (patch: object) => ZStoreContactFields.safeParse({ ...ok, ...patch }).error?.issues[0]?.message;
    expect(message({ contactName: ' ' })).toBe('Numele persoanei de contact este obligatoriu!');
    expect(message({ contactPhone: '+40 722 123' })).toBe('Campul este invalid!');
    expect(message({ contactPhone: '+4072212345678901' })).toBe('Campul este invalid!');
  });
});

describe('address correction', () => {
  it('keeps an error its fields were not edited for, even when they are valid', () => {
    expect(isResolved(brasov.errors[1]!, { edited: none, invalid: none })).toBe(false);
  });

  it('resolves an error once one of its fields was edited and all of them are valid', () => {
    const combination = brasov.errors[0]!;
    expect(isResolved(combination, { edited: new Set(['postalCode']), invalid: new Set(['postalCode']) })).toBe(false);
    expect(isResolved(combination, { edited: new Set(['postalCode']), invalid: new Set(['number']) })).toBe(true);
  });

  it('adds the auto errors while a form is invalid and removes them when it is valid', () => {
    const invalid = nextErrors(brasov.errors, { edited: none, invalid: none, contactValid: false, addressValid: false });
    expect(invalid.map((e) => e.type)).toEqual(['CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR', 'NUMBER_ERROR', 'auto_invalidContact', 'auto_invalidAddress']);
    const numbered = nextErrors(invalid, { edited: new Set(['number']), invalid: none, contactValid: true, addressValid: true });
    expect(numbered.map((e) => e.type)).toEqual(['CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR']);
    // The contract accepts the recipient with the auto errors (the order view keeps it as it is).
    expect(ZShippingTo.safeParse({ ...brasov, errors: invalid }).success).toBe(true);
  });

  it('applies a clicked suggestion and clears its error only', () => {
    const next = applySuggestion(brasov, 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR', brasov.errors[0]!.suggestions[1]!);
    expect(next.internalAddress.address).toMatchObject({ countyCode: 'TM', city: 'Timișoara', postalCode: '300001', street: 'Strada Avram Iancu', landmark: 'langa scoala' });
    expect(next.errors.map((e) => e.type)).toEqual(['NUMBER_ERROR']);
    expect(next.internalAddress.contact).toBe(brasov.internalAddress.contact);
    expect(sameShippingTo(next, brasov)).toBe(false);
    expect(sameShippingTo(structuredClone(brasov), brasov)).toBe(true);
  });

  it('names a suggestion by what it changes', () => {
    const s = brasov.errors[0]!.suggestions[1]!;
    expect(suggestionLabel('CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR', s, (c) => (c === 'TM' ? 'Timiș' : c))).toBe('Timișoara, jud. Timiș, 300001');
    expect(suggestionLabel('STREET_ERROR', { ...s, values: { ...s.values, postalCode: '' } })).toBe('Strada Avram Iancu');
  });
});
