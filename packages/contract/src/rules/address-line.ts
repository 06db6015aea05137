import { startsWithStreetType } from './street-types.js';

/** The parts of an address-book entry that make its one-line form. */
export type AddressLineParts = {
  addressStreet?: string | null;
  addressNumber?: string | null;
  addressBlock?: string | null;
  addressEntrance?: string | null;
  addressIntercom?: string | null;
  addressFloor?: string | null;
  addressApartment?: string | null;
};

const PARTS: [keyof AddressLineParts, string][] = [
  ['addressStreet', 'Str.'],
  ['addressNumber', 'Nr.'],
  ['addressBlock', 'Bl.'],
  ['addressEntrance', 'Sc.'],
  ['addressIntercom', 'Int.'],
  ['addressFloor', 'Et.'],
  ['addressApartment', 'Ap.'],
];

/**
 * The full address line (spec 001 section 3): the non-empty parts joined with ', ', each with its
 * prefix; 'Adresa' when nothing is filled in. The entrance (Sc.) is the extra field.
 */
export function fullAddressLine(parts: AddressLineParts): string {
  const line = PARTS.map(([key, prefix]) => {
    const value = parts[key]?.trim();
    if (!value) return '';
    return key === 'addressStreet' && startsWithStreetType(value) ? value : `${prefix} ${value}`;
  })
    .filter(Boolean)
    .join(', ');
  return line || 'Adresa';
}
