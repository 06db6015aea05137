import {
  identificationKey,
  normalizeText,
  searchWords,
  type TCustomer,
  type TCustomerAddress,
  type TCustomerInputParsed,
  type TPartyAddress,
} from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { underPath } from '../../lib/errors.js';
import { resolveAddress } from '../addresses/index.js';
import type { CustomerRow, MatchKeys, NewCustomerRow } from './customers-queries.js';

/** A row's own values (no owner, no source): what a save writes and the matching rule compares. */
export type CustomerValues = Omit<NewCustomerRow, 'id' | 'userId' | 'source' | 'shipmentCount' | 'lastShippedAt' | 'createdAt' | 'updatedAt'>;

export const matchKeysOf = (v: Pick<CustomerValues, 'identificationKey' | 'nameKey' | 'phone' | 'cityKey'>): MatchKeys => ({
  identificationKey: v.identificationKey ?? '',
  nameKey: v.nameKey,
  phone: v.phone ?? '',
  cityKey: v.cityKey ?? '',
});

function values(c: { type: 'company' | 'individual'; name: string; country: string; phone: string; email: string; identification: string }, address: TCustomerAddress | null): CustomerValues {
  return {
    type: c.type,
    name: c.name,
    nameKey: normalizeText(c.name),
    searchWords: searchWords(c.name),
    country: c.country,
    phone: c.phone,
    email: c.email,
    identification: c.identification,
    identificationKey: identificationKey(c.type, c.country, c.identification),
    address,
    cityKey: address ? normalizeText(address.city) : '',
  };
}

/**
 * A typed customer's values: a Romanian address checked against the nomenclature (its field
 * errors under `address.`, 400), a foreign one as typed.
 */
export async function customerValues(db: Executor, input: TCustomerInputParsed): Promise<CustomerValues> {
  const a = input.address;
  if (!a) return values(input, null);
  const rest = { number: a.number, block: a.block, entrance: a.entrance, floor: a.floor, apartment: a.apartment, additionalInfo: a.additionalInfo };
  if (input.country !== 'RO') return values(input, { countyCode: '', county: '', city: a.city, postalCode: a.postalCode, street: a.street, ...rest });
  const resolved = await underPath('address', () => resolveAddress(db, { countyCode: a.countyCode, city: a.city, postalCode: a.postalCode, street: a.street || null }));
  return values(input, {
    countyCode: resolved.countyCode,
    county: resolved.county,
    city: resolved.city,
    postalCode: resolved.postalCode,
    street: resolved.street ?? a.street,
    ...rest,
  });
}

/** A shipment's recipient as a customer: the company when it names one, otherwise the person. */
export function recipientValues(r: TPartyAddress): CustomerValues {
  const company = r.contactCompany?.trim();
  return values(
    { type: company ? 'company' : 'individual', name: company || r.contactName.trim(), country: r.addressCountryCode || 'RO', phone: r.contactPhone, email: r.contactEmail ?? '', identification: '' },
    {
      countyCode: r.addressCountyCode,
      county: r.addressCounty,
      city: r.addressCity,
      postalCode: r.addressPostalCode,
      street: r.addressStreet ?? '',
      number: r.addressNumber ?? '',
      block: r.addressBlock ?? '',
      entrance: r.addressEntrance ?? '',
      floor: r.addressFloor ?? '',
      apartment: r.addressApartment ?? '',
      additionalInfo: r.addressAdditionalInfo ?? '',
    },
  );
}

/** The address on one line: street and number, details, postal code, locality, county, country abroad. */
export function addressLine(a: TCustomerAddress | null, country: string): string {
  if (!a) return '';
  const street = [a.street, a.number].filter(Boolean).join(' ');
  const details = [a.block && `Bl. ${a.block}`, a.entrance && `Sc. ${a.entrance}`, a.floor && `Et. ${a.floor}`, a.apartment && `Ap. ${a.apartment}`, a.additionalInfo].filter(Boolean);
  const place = [a.postalCode, a.city].filter(Boolean).join(' ');
  return [street, ...details, place, a.county && `jud. ${a.county}`, country !== 'RO' ? country : ''].filter(Boolean).join(', ');
}

export function toCustomer(row: CustomerRow): TCustomer {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    country: row.country,
    phone: row.phone,
    email: row.email,
    identification: row.identification,
    address: row.address,
    addressText: addressLine(row.address, row.country),
    source: row.source,
    shipmentCount: row.shipmentCount,
    lastShippedAt: row.lastShippedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
