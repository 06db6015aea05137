import { GEO_PAGE_SIZE, normalizeText, searchWords, type TLocality } from '@colete/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { geoLocalities } from '../../db/schema/geo.js';

/** The normalised words of what the user typed, as a LIKE pattern on ' word word ' columns. */
export function wordsPattern(text: string): string {
  const words = searchWords(text).trim();
  return words ? `% ${words}%` : '%';
}

type LocalityDbRow = {
  id: number;
  name: string;
  up_locality: string | null;
  postal_code: string;
  location_type: TLocality['locationType'];
  county_code: string;
  latitude: string | null;
  longitude: string | null;
};

export const toLocality = (r: LocalityDbRow): TLocality => ({
  localityName: r.name,
  postalCode: r.postal_code,
  locationType: r.location_type,
  countyCode: r.county_code,
  ...(r.up_locality ? { upLocality: r.up_locality } : {}),
});

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

export async function listCounties(db: Executor) {
  const res = await db.execute(sql`SELECT code, name FROM geo_counties ORDER BY name_norm`);
  return rowsOf<{ code: string; name: string }>(res);
}

export async function countyExists(db: Executor, code: string) {
  const res = await db.execute(sql`SELECT 1 FROM geo_counties WHERE code = ${code}`);
  return rowsOf(res).length > 0;
}

/**
 * Localities of a county whose name or commune holds the text. Best match first: the same name,
 * a name starting with it, a later word of the name starting with it, the text inside the name,
 * then the commune's (or Bucharest's) name; within each, bigger places first.
 */
export async function searchLocalities(db: Executor, countyCode: string, text: string, page: number) {
  const words = searchWords(text).trim();
  const nameWords = sql`(' ' || trim(regexp_replace(name_norm, '[^a-z0-9]+', ' ', 'g')) || ' ')`;
  const res = await db.execute(sql`
    SELECT id, name, up_locality, postal_code, location_type, county_code, latitude, longitude, count(*) OVER () AS total
    FROM geo_localities
    WHERE county_code = ${countyCode} AND search_words LIKE ${`%${words}%`}
    ORDER BY CASE
        WHEN ${nameWords} = ${` ${words} `} THEN 0
        WHEN ${nameWords} LIKE ${` ${words}%`} THEN 1
        WHEN ${nameWords} LIKE ${`% ${words}%`} THEN 2
        WHEN ${nameWords} LIKE ${`%${words}%`} THEN 3
        ELSE 4 END,
      CASE location_type WHEN 'big_city' THEN 0 WHEN 'small_city' THEN 1 ELSE 2 END,
      population DESC NULLS LAST, name, id
    LIMIT ${GEO_PAGE_SIZE} OFFSET ${(page - 1) * GEO_PAGE_SIZE}`);
  const rows = rowsOf<LocalityDbRow & { total: string | number }>(res);
  return { list: rows.map(toLocality), total: Number(rows[0]?.total ?? 0), rows };
}

/** The locality a user picked, by county and exact (normalised) name; the street-level one first. */
export async function findLocality(db: Executor, countyCode: string, city: string, upLocality?: string | null) {
  const res = await db.execute(sql`
    SELECT id, name, up_locality, postal_code, location_type, county_code, latitude, longitude
    FROM geo_localities
    WHERE county_code = ${countyCode} AND name_norm = ${normalizeText(city)}
      ${upLocality ? sql`AND up_locality IS NOT DISTINCT FROM ${upLocality}` : sql``}
    ORDER BY (postal_code = '0') DESC, population DESC NULLS LAST, id
    LIMIT 1`);
  return rowsOf<LocalityDbRow>(res)[0] ?? null;
}

/** Every locality of a county with this exact (normalised) name: villages of different communes share names. */
export async function findLocalities(db: Executor, countyCode: string, city: string) {
  const res = await db.execute(sql`
    SELECT id, name, up_locality, postal_code, location_type, county_code, latitude, longitude
    FROM geo_localities
    WHERE county_code = ${countyCode} AND name_norm = ${normalizeText(city)}
    ORDER BY (postal_code = '0') DESC, population DESC NULLS LAST, id
    LIMIT 50`);
  return rowsOf<LocalityDbRow>(res);
}

export async function countyName(db: Executor, code: string) {
  const res = await db.execute(sql`SELECT name FROM geo_counties WHERE code = ${code}`);
  return rowsOf<{ name: string }>(res)[0]?.name ?? null;
}

/** Distinct streets of a locality with a word starting with the text; names starting with it first. */
export async function searchStreets(db: Executor, localityId: number, text: string, page: number) {
  const res = await db.execute(sql`
    SELECT full_name, count(*) OVER () AS total
    FROM geo_street_names
    WHERE locality_id = ${localityId} AND search_words LIKE ${wordsPattern(text)}
    ORDER BY (street_name_norm LIKE ${`${normalizeText(text)}%`}) DESC, street_name_norm, full_name
    LIMIT ${GEO_PAGE_SIZE} OFFSET ${(page - 1) * GEO_PAGE_SIZE}`);
  const rows = rowsOf<{ full_name: string; total: string | number }>(res);
  return { list: rows.map((r) => ({ name: r.full_name })), total: Number(rows[0]?.total ?? 0) };
}

/** Street rows (one per code and number range) of a locality, by the street's full or bare name. */
export async function streetCodes(db: Executor, localityId: number, street: string) {
  const norm = normalizeText(street);
  const res = await db.execute(sql`
    SELECT full_name, numbers, postal_code
    FROM geo_streets
    WHERE locality_id = ${localityId} AND (full_name_norm = ${norm} OR lower(street_name) = ${norm})
    ORDER BY id`);
  return rowsOf<{ full_name: string; numbers: string; postal_code: string }>(res);
}

/** Reverse look-up: the locality (and its streets) a postal code belongs to. */
export async function findByPostalCode(db: Executor, code: string) {
  const direct = await db.execute(sql`
    SELECT id, name, up_locality, postal_code, location_type, county_code, latitude, longitude
    FROM geo_localities WHERE postal_code = ${code} ORDER BY id LIMIT 1`);
  const locality = rowsOf<LocalityDbRow>(direct)[0];
  if (locality) return { locality, streets: [] as string[] };
  const viaStreets = await db.execute(sql`
    SELECT l.id, l.name, l.up_locality, l.postal_code, l.location_type, l.county_code, l.latitude, l.longitude,
      array_agg(DISTINCT s.full_name ORDER BY s.full_name) AS streets
    FROM geo_streets s JOIN geo_localities l ON l.id = s.locality_id
    WHERE s.postal_code = ${code}
    GROUP BY l.id
    ORDER BY l.id
    LIMIT 1`);
  const row = rowsOf<LocalityDbRow & { streets: string[] }>(viaStreets)[0];
  return row ? { locality: row, streets: row.streets } : null;
}

/** Approximate coordinates of a locality (lockers near the recipient). */
export async function localityCoordinates(db: Executor, countyCode: string, city: string) {
  const [row] = await db
    .select({ lat: geoLocalities.latitude, lng: geoLocalities.longitude })
    .from(geoLocalities)
    .where(and(eq(geoLocalities.countyCode, countyCode), eq(geoLocalities.name, city)))
    .limit(1);
  const lat = row?.lat ? Number(row.lat) : NaN;
  const lng = row?.lng ? Number(row.lng) : NaN;
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}
