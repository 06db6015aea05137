import {
  ADDRESS_TYPE_DEFAULT,
  ADDRESS_TYPE_LOCKED,
  addressText,
  messages,
  normalizeText,
  type TAddressEntry,
  type TAddressInputParsed,
} from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { deleteAddress, findAddress, insertAddress, listAddresses, updateAddress, type AddressRow, type NewAddressRow } from './addresses-queries.js';
import { partyAddressOfRow, resolvePartyAddress } from './party-address.js';

export function toAddressEntry(row: AddressRow): TAddressEntry {
  const shape = partyAddressOfRow(row);
  const { addressCountryCode, ...address } = shape;
  return {
    id: row.id,
    shortName: row.shortName,
    ...address,
    addressCountry: { code: addressCountryCode, nameRo: 'Romania' },
    type: row.type,
    fullAddress: addressText(shape, 'entry'),
  };
}

/** The normalised text the address book search matches: every part a user might type. */
export function searchTextOf(v: Omit<NewAddressRow, 'searchText' | 'userId'>): string {
  return normalizeText(
    [v.shortName, v.contactCompany, v.contactName, v.contactPhone, v.contactEmail, v.addressCounty, v.addressCity, v.addressPostalCode, v.addressStreet, v.addressNumber, v.addressBlock]
      .filter(Boolean)
      .join(' | '),
  );
}

/**
 * An address-book row from a typed address: checked against the nomenclature (the data's names),
 * phones in E.164, and the search text. Every place that saves an address to the book uses it.
 */
export async function addressRowValues(db: Executor, input: TAddressInputParsed) {
  const values = { shortName: input.shortName, ...(await resolvePartyAddress(db, input)).address };
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
