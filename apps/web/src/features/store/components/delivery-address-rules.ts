import {
  AUTO_ADDRESS_ERRORS,
  DEFAULT_PHONE_PREFIX,
  type TAddressCorrectionError,
  type TAddressSuggestion,
  type TShippingTo,
  type TStoreAddressForm,
  type TStoreContactForm,
} from '@colete/contract';
import { EMPTY_ADDRESS, type AddressFormValues } from '../../../components/address-form/address-values';

/*
 * The delivery address card's rules, without React (spec 001 section 4 "Address correction"): the
 * forms' values from the recipient and back, which correction errors a change resolves, applying
 * a suggestion, and the page's own auto_* errors.
 */

export type CorrectionType = TAddressCorrectionError['type'];
/** The address form's fields a correction error is about (highlighted on them, resolved by them). */
export const RELATED_FIELDS: Partial<Record<CorrectionType, readonly (keyof AddressFormValues)[]>> = {
  CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR: ['countyCode', 'city', 'postalCode'],
  STREET_ERROR: ['street'],
  NUMBER_ERROR: ['number'],
};

/** The contact form's values: the shared contact fields' names. */
export type StoreContactValues = { contactName: string; contactCompany: string; contactPhone: string; contactEmail: string };

/** The shared address form's values of 'Adresa Colete-Online' (building is the form's block). */
export function storeAddressValues(a: TStoreAddressForm): AddressFormValues {
  return {
    ...EMPTY_ADDRESS,
    countyCode: a.countyCode,
    city: a.city,
    postalCode: a.postalCode,
    street: a.street,
    number: a.number,
    block: a.building,
    entrance: a.entrance,
    intercom: a.intercom,
    floor: a.floor,
    apartment: a.apartment,
    additionalInfo: a.additionalInfo,
  };
}

/** The recipient's address with the form's values; what the form does not show (country, landmark) is kept. */
export function storeAddressOf(previous: TStoreAddressForm, v: AddressFormValues): TStoreAddressForm {
  return {
    ...previous,
    countyCode: v.countyCode,
    city: v.city,
    postalCode: v.postalCode,
    street: v.street,
    number: v.number,
    building: v.block,
    entrance: v.entrance,
    intercom: v.intercom,
    floor: v.floor,
    apartment: v.apartment,
    additionalInfo: v.additionalInfo,
  };
}

/** The contact form's values; an empty phone starts with the +40 prefix. */
export function storeContactValues(c: TStoreContactForm): StoreContactValues {
  return { contactName: c.name, contactCompany: c.company, contactPhone: c.phone.trim() || DEFAULT_PHONE_PREFIX, contactEmail: c.email };
}

/** The contact as the recipient holds it; the bare prefix counts as no phone. */
export function storeContactOf(v: StoreContactValues): TStoreContactForm {
  const phone = v.contactPhone.trim();
  return { name: v.contactName.trim(), company: v.contactCompany.trim(), phone: phone === DEFAULT_PHONE_PREFIX ? '' : phone, email: v.contactEmail.trim() };
}

/** What the forms say of their fields: edited by the user since the recipient arrived, and not valid. */
export type FieldState = { edited: ReadonlySet<string>; invalid: ReadonlySet<string> };

/**
 * A correction error is resolved once the user edited one of its fields and all of them are valid
 * (an address the system already corrected is not "resolved" by its loading).
 */
export function isResolved(error: TAddressCorrectionError, state: FieldState): boolean {
  const fields = RELATED_FIELDS[error.type];
  if (!fields) return false;
  return fields.some((f) => state.edited.has(f)) && fields.every((f) => !state.invalid.has(f));
}

const isAuto = (e: TAddressCorrectionError) => (AUTO_ADDRESS_ERRORS as readonly string[]).includes(e.type);

/**
 * The recipient's errors after a change: resolved correction errors removed, auto_invalidContact
 * and auto_invalidAddress present exactly while their form is invalid (a pending phone check counts
 * as invalid until it answers).
 */
export function nextErrors(errors: TAddressCorrectionError[], state: FieldState & { contactValid: boolean; addressValid: boolean }): TAddressCorrectionError[] {
  const kept = errors.filter((e) => !isAuto(e) && !isResolved(e, state));
  const auto: TAddressCorrectionError[] = [];
  if (!state.contactValid) auto.push({ type: 'auto_invalidContact', suggestions: [] });
  if (!state.addressValid) auto.push({ type: 'auto_invalidAddress', suggestions: [] });
  return [...kept, ...auto];
}

/**
 * A clicked suggestion: its county, city and postal code (a street suggestion without a code of its
 * own keeps none: the card looks it up by street and number) and street go into the address, and
 * the error it answers is gone.
 */
export function applySuggestion(shippingTo: TShippingTo, type: CorrectionType, s: TAddressSuggestion): TShippingTo {
  const address = shippingTo.internalAddress.address;
  const v = s.values;
  return {
    ...shippingTo,
    internalAddress: {
      ...shippingTo.internalAddress,
      address: { ...address, countyCode: v.county, city: v.city, postalCode: v.postalCode, street: v.street || address.street },
    },
    errors: shippingTo.errors.filter((e) => e.type !== type),
  };
}

/** The text of a suggestion's chip: 'Strada Avram Iancu, 500001' or 'Brasov, jud. Brasov, 500001' (what is empty left out). */
export function suggestionLabel(type: CorrectionType, s: TAddressSuggestion, countyName: (code: string) => string = (c) => c): string {
  const v = s.values;
  const city = v.upLocality ? `${v.city} (${v.upLocality})` : v.city;
  const parts = type === 'STREET_ERROR' ? [v.street, v.postalCode] : [city, `jud. ${countyName(v.county)}`, v.postalCode];
  return parts.filter(Boolean).join(', ');
}

/** The same recipient, by value (the card calls onChange only when something changed). */
export const sameShippingTo = (a: TShippingTo, b: TShippingTo) => JSON.stringify(a) === JSON.stringify(b);
