import { z } from './zod.js';
import { fullAddressLine } from './rules/address-line.js';
import type { TAddressInputParsed } from './addresses.js';

/**
 * One address shape from the address book to the courier: a contact and a Romanian address checked
 * against the nomenclature, with the address-book names of the specification (spec 000/001 section 3
 * "Address (address book)", spec 002 "Internal address"). Shipments store their sender and recipient
 * in it, templates their return address; the address book's rows carry the same names.
 */
export const ZPartyAddress = z.object({
  contactName: z.string(),
  contactCompany: z.string().nullable(),
  contactPhone: z.string(),
  contactPhone2: z.string().nullable(),
  contactEmail: z.string().nullable(),
  addressCountryCode: z.string(),
  addressCountyCode: z.string(),
  addressCounty: z.string(),
  addressCity: z.string(),
  addressPostalCode: z.string(),
  addressStreet: z.string().nullable(),
  addressNumber: z.string().nullable(),
  addressBlock: z.string().nullable(),
  addressEntrance: z.string().nullable(),
  addressIntercom: z.string().nullable(),
  addressFloor: z.string().nullable(),
  addressApartment: z.string().nullable(),
  addressAdditionalInfo: z.string().nullable(),
});
export type TPartyAddress = z.infer<typeof ZPartyAddress>;

/** The shape's keys, in the specification's order (mappers pick with them instead of copying by hand). */
export const PARTY_ADDRESS_KEYS = Object.keys(ZPartyAddress.shape) as (keyof TPartyAddress)[];

/** The shape's own fields out of anything that carries them (an address-book row, a stored copy). */
export function pickPartyAddress(source: TPartyAddress): TPartyAddress {
  return Object.fromEntries(PARTY_ADDRESS_KEYS.map((k) => [k, source[k]])) as TPartyAddress;
}

/** What the shared address form edits (contact and address in the form's names), without the entry's shortName. */
export type TAddressFormFields = Omit<TAddressInputParsed, 'shortName'>;

/** The shape in the shared address form's names: a stored address rebuilt for a form or a draft. */
export function addressFormFields(a: TPartyAddress): TAddressFormFields {
  return {
    contactName: a.contactName,
    contactCompany: a.contactCompany,
    contactPhone: a.contactPhone,
    contactPhone2: a.contactPhone2,
    contactEmail: a.contactEmail,
    countyCode: a.addressCountyCode,
    city: a.addressCity,
    postalCode: a.addressPostalCode,
    street: a.addressStreet,
    number: a.addressNumber ?? '',
    block: a.addressBlock,
    entrance: a.addressEntrance,
    intercom: a.addressIntercom,
    floor: a.addressFloor,
    apartment: a.addressApartment,
    additionalInfo: a.addressAdditionalInfo,
  };
}

/**
 * The one-line text of an address, in the forms the answers have always used:
 * - 'entry': the address book's full address line (spec 001 section 3, prefixed parts, 'Adresa' when empty);
 * - 'withLocality': that line followed by postal code, locality and county (templates, pick-up points);
 * - 'shipment': the shipment detail's line (street and number, then block, entrance, floor, apartment, details).
 */
export function addressText(a: TPartyAddress, form: 'entry' | 'withLocality' | 'shipment'): string {
  if (form === 'shipment') {
    return [
      a.addressStreet && `${a.addressStreet}${a.addressNumber ? ` ${a.addressNumber}` : ''}`,
      a.addressBlock && `Bl. ${a.addressBlock}`,
      a.addressEntrance && `Sc. ${a.addressEntrance}`,
      a.addressFloor && `Et. ${a.addressFloor}`,
      a.addressApartment && `Ap. ${a.addressApartment}`,
      a.addressAdditionalInfo,
    ]
      .filter(Boolean)
      .join(', ');
  }
  const line = fullAddressLine(a);
  return form === 'entry' ? line : `${line}, ${a.addressPostalCode} ${a.addressCity}, jud. ${a.addressCounty}`;
}

/** The details after street and number as a courier takes them on one line (block to landmark, the intercom included). */
export function addressDetailsLine(a: TPartyAddress): string | null {
  return (
    [
      a.addressBlock && `Bl. ${a.addressBlock}`,
      a.addressEntrance && `Sc. ${a.addressEntrance}`,
      a.addressFloor && `Et. ${a.addressFloor}`,
      a.addressApartment && `Ap. ${a.addressApartment}`,
      a.addressIntercom && `Interfon ${a.addressIntercom}`,
      a.addressAdditionalInfo,
    ]
      .filter(Boolean)
      .join(', ') || null
  );
}
