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

/** Street names from the nomenclature start with their type ('Calea Victoriei'): no 'Str.' before those. */
const STREET_TYPE = /^(strada|str\.|bulevardul|bd\.|calea|aleea|intrarea|șoseaua|soseaua|piața|piata|drumul|splaiul|fundătura|fundatura|prelungirea|pasajul|stradela|fundacul|ulița|ulita|trecătoarea|trecatoarea|parcul|colonia|șirul|sirul|scuarul)\s/i;

/**
 * The full address line (spec 001 section 3): the non-empty parts joined with ', ', each with its
 * prefix; 'Adresa' when nothing is filled in. The entrance (Sc.) is the extra field.
 */
export function fullAddressLine(parts: AddressLineParts): string {
  const line = PARTS.map(([key, prefix]) => {
    const value = parts[key]?.trim();
    if (!value) return '';
    return key === 'addressStreet' && STREET_TYPE.test(value) ? value : `${prefix} ${value}`;
  })
    .filter(Boolean)
    .join(', ');
  return line || 'Adresa';
}
