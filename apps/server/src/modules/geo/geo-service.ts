import { messages } from '@colete/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { findByPostalCode, findLocality, listCounties, searchLocalities, searchStreets, streetCodes, toLocality } from './geo-queries.js';

/** The public nomenclature look-ups (spec 001 section 7), as the geo routes answer them. */
export function geoService(deps: { database: Database }) {
  const db = () => deps.database.db;

  return {
    counties: () => listCounties(db()),

    async localities(countyCode: string, city: string, page: number) {
      const { list, total } = await searchLocalities(db(), countyCode, city, page);
      return { list, total };
    },

    /** Streets of the locality the user picked; none when the locality is unknown. */
    async streets(countyCode: string, city: string, street: string, page: number) {
      const locality = await findLocality(db(), countyCode, city);
      if (!locality) return { list: [] as { name: string }[], total: 0 };
      return searchStreets(db(), locality.id, street, page);
    },

    async postalCodeReverse(postalCode: string) {
      const found = await findByPostalCode(db(), postalCode);
      if (!found) throw notFound(messages.address.postalCodeInvalid);
      return {
        locality: toLocality(found.locality),
        countyCode: found.locality.county_code,
        street: found.streets.map((name) => ({ name })),
      };
    },

    /**
     * The postal codes of a street: a town without street-level codes has one for everything.
     * validateStreet 2 turns an unknown street into a 404 (as the reference API does).
     */
    async postalCodes(countyCode: string, city: string, street: string, validateStreet?: number) {
      const locality = await findLocality(db(), countyCode, city);
      if (!locality) throw notFound(messages.address.cityInvalid);
      if (locality.postal_code !== '0') return [{ code: locality.postal_code, street: '', numbers: '' }];
      const rows = await streetCodes(db(), locality.id, street);
      if (rows.length === 0 && validateStreet === 2) throw notFound(messages.address.streetInvalid);
      return rows.map((s) => ({ code: s.postal_code, street: s.full_name, numbers: s.numbers }));
    },
  };
}

export type GeoService = ReturnType<typeof geoService>;
