import { normalisePhone, pickPartyAddress, type TAddressFormFields, type TPartyAddress } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { resolveAddress, type ResolvedAddress } from './address-validation.js';
import type { AddressRow } from './addresses-queries.js';

/** An address-book row as the address shape (the row's properties already carry its names). */
export const partyAddressOfRow = (row: AddressRow): TPartyAddress => pickPartyAddress(row);

/**
 * A typed address (the shared address form, a shipment's typed party, a customer's return) after
 * its locality is resolved, as the address shape: the nomenclature's names, phones in E.164, Romania.
 */
export function partyAddressOfInput(input: TAddressFormFields, resolved: ResolvedAddress): TPartyAddress {
  return {
    contactName: input.contactName,
    contactCompany: input.contactCompany,
    contactPhone: normalisePhone(input.contactPhone),
    contactPhone2: input.contactPhone2 ? normalisePhone(input.contactPhone2) : null,
    contactEmail: input.contactEmail,
    addressCountryCode: 'RO',
    addressCountyCode: resolved.countyCode,
    addressCounty: resolved.county,
    addressCity: resolved.city,
    addressPostalCode: resolved.postalCode,
    addressStreet: resolved.street,
    addressNumber: input.number,
    addressBlock: input.block,
    addressEntrance: input.entrance,
    addressIntercom: input.intercom,
    addressFloor: input.floor,
    addressApartment: input.apartment,
    addressAdditionalInfo: input.additionalInfo,
  };
}

/** A typed address checked against the nomenclature (field errors, 400), as the shape, with the locality's coordinates. */
export async function resolvePartyAddress(db: Executor, input: TAddressFormFields) {
  const resolved = await resolveAddress(db, input);
  return { address: partyAddressOfInput(input, resolved), coords: resolved.coords };
}
