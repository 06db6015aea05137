import { messages, type TAddressFields } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { countyName, findLocalities, streetCodes } from '../geo/index.js';

const m = messages.address;

/** What a valid Romanian address resolves to in the nomenclature: the names as the data writes them. */
export type ResolvedAddress = {
  countyCode: string;
  county: string;
  city: string;
  upLocality: string | null;
  postalCode: string;
  street: string | null;
  /** The locality's approximate coordinates, when the data has them. */
  coords: { lat: number; lng: number } | null;
};

const coordsOf = (l: { latitude: string | null; longitude: string | null }) => {
  const lat = Number(l.latitude);
  const lng = Number(l.longitude);
  return l.latitude && l.longitude && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
};

/**
 * Checks an address against the nomenclature, the way the shared address form does: the county
 * exists, the city is one of its localities, and the postal code belongs to that locality (or, in
 * a city with street-level codes, to the chosen street). Every problem is a field error (400).
 */
export async function resolveAddress(db: Executor, input: Pick<TAddressFields, 'countyCode' | 'city' | 'postalCode' | 'street'>): Promise<ResolvedAddress> {
  const county = await countyName(db, input.countyCode.toUpperCase());
  if (!county) throw badRequest(messages.common.invalidData, 'invalidAddress', { countyCode: m.countyInvalid });
  const countyCode = input.countyCode.toUpperCase();

  const candidates = await findLocalities(db, countyCode, input.city);
  if (candidates.length === 0) throw badRequest(messages.common.invalidData, 'invalidAddress', { city: m.cityInvalid });

  const withStreets = candidates.find((l) => l.postal_code === '0');
  if (withStreets) {
    if (!input.street) throw badRequest(messages.common.invalidData, 'invalidAddress', { street: m.streetRequired });
    const rows = await streetCodes(db, withStreets.id, input.street);
    if (rows.length === 0) throw badRequest(messages.common.invalidData, 'invalidAddress', { street: m.streetInvalid });
    if (!rows.some((r) => r.postal_code === input.postalCode)) {
      throw badRequest(messages.common.invalidData, 'invalidAddress', { postalCode: m.postalCodeMismatch });
    }
    return { countyCode, county, city: withStreets.name, upLocality: null, postalCode: input.postalCode, street: rows[0]!.full_name, coords: coordsOf(withStreets) };
  }

  // A village is identified by its postal code among the same-named localities of the county.
  const match = candidates.find((l) => l.postal_code === input.postalCode);
  if (!match) throw badRequest(messages.common.invalidData, 'invalidAddress', { postalCode: m.postalCodeMismatch });
  return { countyCode, county, city: match.name, upLocality: match.up_locality, postalCode: match.postal_code, street: input.street ?? null, coords: coordsOf(match) };
}
