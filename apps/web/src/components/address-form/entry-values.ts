import { DEFAULT_PHONE_PREFIX, type TAddressEntry, type ZAddressInput } from '@colete/contract';
import type { z } from 'zod';
import type { FormValuesOf } from '../../lib/form-resolver';
import type { ContactFieldName } from '../contact-fields';
import { EMPTY_ADDRESS, type AddressFormValues } from './address-fields';

/** An address-book entry's contact part as a form holds it (strings, '' when empty). */
export type ContactValues = FormValuesOf<Pick<z.input<typeof ZAddressInput>, ContactFieldName>>;
/** A whole address-book entry in a form: contact and the shared address fields. */
export type AddressEntryValues = AddressFormValues & ContactValues;

export const EMPTY_CONTACT: ContactValues = { shortName: '', contactName: '', contactCompany: '', contactPhone: DEFAULT_PHONE_PREFIX, contactPhone2: '', contactEmail: '' };
export const CONTACT_FIELDS = ['shortName', 'contactName', 'contactCompany', 'contactPhone', 'contactPhone2', 'contactEmail'] as const;
/** Every field name, for putting the server's field errors on them. */
export const ADDRESS_ENTRY_FIELDS = [...CONTACT_FIELDS, ...(Object.keys(EMPTY_ADDRESS) as (keyof AddressFormValues)[])] as const;

/** The form values of an address-book entry (or empty ones for a new entry). */
export function addressEntryValues(entry?: TAddressEntry): AddressEntryValues {
  if (!entry) return { ...EMPTY_ADDRESS, ...EMPTY_CONTACT };
  return {
    shortName: entry.shortName,
    contactName: entry.contactName,
    contactCompany: entry.contactCompany ?? '',
    contactPhone: entry.contactPhone,
    contactPhone2: entry.contactPhone2 ?? '',
    contactEmail: entry.contactEmail ?? '',
    countyCode: entry.addressCountyCode,
    city: entry.addressCity,
    postalCode: entry.addressPostalCode,
    street: entry.addressStreet ?? '',
    number: entry.addressNumber ?? '',
    block: entry.addressBlock ?? '',
    entrance: entry.addressEntrance ?? '',
    intercom: entry.addressIntercom ?? '',
    floor: entry.addressFloor ?? '',
    apartment: entry.addressApartment ?? '',
    additionalInfo: entry.addressAdditionalInfo ?? '',
  };
}
