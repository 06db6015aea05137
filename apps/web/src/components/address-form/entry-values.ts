import { DEFAULT_PHONE_PREFIX, type TAddressEntry, type TAddressInput, type TAddressInputParsed, type ZAddressInput } from '@colete/contract';
import type { z } from 'zod';
import type { FormValuesOf } from '../../lib/form-resolver';
import type { ContactFieldName } from '../contact-fields';
import { EMPTY_ADDRESS, type AddressFormValues } from './address-fields';

/*
 * The one address shape of the web is the address book's entry (ZAddressEntry: contactName,
 * addressCity, ...). Forms hold the contract's input shape (ZAddressInput: city, street, ...), as
 * strings. The boundaries between them, each crossed here and only here:
 *   entry -> form values        addressEntryValues(entry), addressInputValues(input)
 *   form values -> request body addressInputOf(values), partyInputOf(values)
 *   entry -> text               address-text.ts
 */

/** An address-book entry's contact part as a form holds it (strings, '' when empty). */
export type ContactValues = FormValuesOf<Pick<z.input<typeof ZAddressInput>, ContactFieldName>>;
/** A whole address-book entry in a form: contact and the shared address fields. */
export type AddressEntryValues = AddressFormValues & ContactValues;
/** A typed party (shipment sender or recipient, pick-up point, return customer): an entry without its name. */
export type PartyInputValues = Omit<AddressEntryValues, 'shortName'>;
/** The forms that ask for no second phone (shipment parties, the public return page). */
export type PartyInputValuesOnePhone = Omit<PartyInputValues, 'contactPhone2'>;
/** A typed party as the contract's requests take it (their own extras, such as saveAs, added by each). */
export type TPartyInput = Omit<TAddressInput, 'shortName'>;

export const EMPTY_CONTACT: ContactValues = { shortName: '', contactName: '', contactCompany: '', contactPhone: DEFAULT_PHONE_PREFIX, contactPhone2: '', contactEmail: '' };
/** The contact of a party on the forms that ask for no second phone. */
export const EMPTY_PARTY_CONTACT: Omit<ContactValues, 'shortName' | 'contactPhone2'> = { contactName: '', contactCompany: '', contactPhone: DEFAULT_PHONE_PREFIX, contactEmail: '' };

export const CONTACT_FIELDS = ['shortName', 'contactName', 'contactCompany', 'contactPhone', 'contactPhone2', 'contactEmail'] as const satisfies readonly ContactFieldName[];
/** The address part's field names (the contract's ZAddressFields), in the form's order. */
export const ADDRESS_PART_FIELDS = ['countyCode', 'city', 'postalCode', 'street', 'number', 'block', 'entrance', 'intercom', 'floor', 'apartment', 'additionalInfo'] as const satisfies readonly (keyof AddressFormValues)[];
/** Every field name of an entry, for putting the server's field errors on them. */
export const ADDRESS_ENTRY_FIELDS = [...CONTACT_FIELDS, ...ADDRESS_PART_FIELDS] as const;
/** Every field name of a typed party, in the order its request sends them. */
export const PARTY_INPUT_FIELDS = ['contactName', 'contactCompany', 'contactPhone', 'contactPhone2', 'contactEmail', ...ADDRESS_PART_FIELDS] as const satisfies readonly (keyof PartyInputValues)[];

/** The entry in the contract's input shape: the one place that renames the book's address fields. */
export function entryInput(entry: TAddressEntry): TAddressInputParsed {
  return {
    shortName: entry.shortName,
    contactName: entry.contactName,
    contactCompany: entry.contactCompany,
    contactPhone: entry.contactPhone,
    contactPhone2: entry.contactPhone2,
    contactEmail: entry.contactEmail,
    countyCode: entry.addressCountyCode,
    city: entry.addressCity,
    postalCode: entry.addressPostalCode,
    street: entry.addressStreet,
    number: entry.addressNumber ?? '',
    block: entry.addressBlock,
    entrance: entry.addressEntrance,
    intercom: entry.addressIntercom,
    floor: entry.addressFloor,
    apartment: entry.addressApartment,
    additionalInfo: entry.addressAdditionalInfo,
  };
}

/** The form values of an address in the contract's input shape (a template's stored address, an entry): '' for null. */
export function addressInputValues(input: TAddressInput): AddressEntryValues {
  const values: AddressEntryValues = { ...EMPTY_ADDRESS, ...EMPTY_CONTACT };
  for (const field of ADDRESS_ENTRY_FIELDS) values[field] = input[field] ?? '';
  return values;
}

/** The form values of an address-book entry (or empty ones for a new entry). */
export function addressEntryValues(entry?: TAddressEntry): AddressEntryValues {
  return entry ? addressInputValues(entryInput(entry)) : { ...EMPTY_ADDRESS, ...EMPTY_CONTACT };
}

/** An entry's fields out of a form that holds more (a template's name and options). */
export function addressInputOf(values: AddressEntryValues): AddressEntryValues & TAddressInput {
  const input: AddressEntryValues = { ...EMPTY_ADDRESS, ...EMPTY_CONTACT };
  for (const field of ADDRESS_ENTRY_FIELDS) input[field] = values[field];
  return input;
}

/**
 * A typed party's fields out of a form that holds more (the save choice, the pick-up point's
 * courier and days). A field the form does not ask for (the second phone) stays out of the request.
 */
export function partyInputOf(values: PartyInputValuesOnePhone & Partial<Pick<PartyInputValues, 'contactPhone2'>>): TPartyInput {
  const input: TPartyInput = { ...EMPTY_PARTY_CONTACT, ...EMPTY_ADDRESS };
  for (const field of PARTY_INPUT_FIELDS) {
    const value = values[field];
    if (value !== undefined) input[field] = value;
  }
  return input;
}
