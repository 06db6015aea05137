import type { TAddressEntry } from '@colete/contract';

/*
 * The text of an address-book entry, in one place. `fullAddress` is the server's street line
 * (street, number, block, ...); the locality line follows it.
 */

/** Street, number, block and the rest, as the server writes them. */
export const entryStreetLine = (entry: TAddressEntry) => entry.fullAddress;

/** Postal code, city and county: '012345 Bucuresti, jud. Bucuresti'. */
export const entryLocalityLine = (entry: TAddressEntry) => `${entry.addressPostalCode} ${entry.addressCity}, jud. ${entry.addressCounty}`;

/** The whole address on one line. */
export const entryAddressLine = (entry: TAddressEntry) => `${entryStreetLine(entry)}, ${entryLocalityLine(entry)}`;
