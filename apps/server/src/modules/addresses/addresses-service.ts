import {
  ADDRESS_TYPE_DEFAULT,
  ADDRESS_TYPE_LOCKED,
  fullAddressLine,
  messages,
  normalisePhone,
  normalizeText,
  type TAddressEntry,
  type TAddressInputParsed,
} from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { resolveAddress } from './address-validation.js';
import { deleteAddress, findAddress, insertAddress, listAddresses, updateAddress, type AddressRow, type NewAddressRow } from './addresses-queries.js';

export function toAddressEntry(row: AddressRow): TAddressEntry {
  const entry = {
    id: row.id,
    shortName: row.shortName,
    contactCompany: row.contactCompany,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactPhone2: row.contactPhone2,
    contactEmail: row.contactEmail,
    addressCountry: { code: row.countryCode, nameRo: 'Romania' },
    addressCountyCode: row.countyCode,
    addressCounty: row.county,
    addressCity: row.city,
    addressPostalCode: row.postalCode,
    addressStreet: row.street,
    addressNumber: row.number,
    addressBlock: row.block,
    addressEntrance: row.entrance,
    addressIntercom: row.intercom,
    addressFloor: row.floor,
    addressApartment: row.apartment,
    addressAdditionalInfo: row.additionalInfo,
    type: row.type,
  };
  return { ...entry, fullAddress: fullAddressLine(entry) };
}

/** The normalised text the address book search matches: every part a user might type. */
export function searchTextOf(v: Omit<NewAddressRow, 'searchText' | 'userId'>): string {
  return normalizeText(
    [v.shortName, v.contactCompany, v.contactName, v.contactPhone, v.contactEmail, v.county, v.city, v.postalCode, v.street, v.number, v.block]
      .filter(Boolean)
      .join(' | '),
  );
}

/**
 * An address-book row from a typed address: checked against the nomenclature (the data's names),
 * phones in E.164, and the search text. Every place that saves an address to the book uses it.
 */
export async function addressRowValues(db: Executor, input: TAddressInputParsed) {
  const resolved = await resolveAddress(db, input);
  const values = {
    shortName: input.shortName,
    contactCompany: input.contactCompany,
    contactName: input.contactName,
    contactPhone: normalisePhone(input.contactPhone),
    contactPhone2: input.contactPhone2 ? normalisePhone(input.contactPhone2) : null,
    contactEmail: input.contactEmail,
    countryCode: 'RO',
    countyCode: resolved.countyCode,
    county: resolved.county,
    city: resolved.city,
    postalCode: resolved.postalCode,
    street: resolved.street,
    number: input.number,
    block: input.block,
    entrance: input.entrance,
    intercom: input.intercom,
    floor: input.floor,
    apartment: input.apartment,
    additionalInfo: input.additionalInfo,
  };
  return { ...values, searchText: searchTextOf(values) };
}

export function addressesService(deps: { database: Database }) {
  const { db } = deps.database;

  const toRowValues = (input: TAddressInputParsed) => addressRowValues(db, input);

  async function requireEditable(userId: number, id: number) {
    const row = await findAddress(db, userId, id);
    if (!row) throw notFound(messages.address.notFound);
    if (row.type === ADDRESS_TYPE_LOCKED) throw conflict(messages.address.locked, 'addressLocked');
    return row;
  }

  return {
    async list(userId: number, opts: { search?: string; page?: number; limit?: number }) {
      const limit = opts.limit ?? 100;
      const page = opts.page ?? 1;
      const { rows, count } = await listAddresses(db, userId, {
        search: opts.search ? normalizeText(opts.search) : undefined,
        limit,
        offset: (page - 1) * limit,
      });
      return { addresses: rows.map(toAddressEntry), count };
    },
    async get(userId: number, id: number) {
      const row = await findAddress(db, userId, id);
      if (!row) throw notFound(messages.address.notFound);
      return toAddressEntry(row);
    },
    async create(userId: number, input: TAddressInputParsed) {
      const values = await toRowValues(input);
      return toAddressEntry(await insertAddress(db, { ...values, userId, type: ADDRESS_TYPE_DEFAULT }));
    },
    async update(userId: number, id: number, input: TAddressInputParsed) {
      await requireEditable(userId, id);
      const values = await toRowValues(input);
      const row = await updateAddress(db, userId, id, values);
      if (!row) throw notFound(messages.address.notFound);
      return toAddressEntry(row);
    },
    async remove(userId: number, id: number) {
      await requireEditable(userId, id);
      await deleteAddress(db, userId, id);
    },
  };
}
export type AddressesService = ReturnType<typeof addressesService>;
