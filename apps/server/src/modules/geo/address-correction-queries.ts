import { normalizeText, searchWords } from '@colete/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { wordsPattern } from './geo-queries.js';

/** A locality as the correction needs it; findByPostalCode's rows have the same columns. */
export type Place = { id: number; name: string; up_locality: string | null; postal_code: string; county_code: string };
export type StreetCandidate = { locality_id: number; full_name: string; street_type: string; street_name: string; score: number };
export type StreetCode = { locality_id: number; full_name: string; numbers: string; postal_code: string };

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
const PLACE_COLUMNS = sql`id, name, up_locality, postal_code, county_code`;
/** Below this a county name is a different county, not a misspelling ('Alba' and 'Arad'). */
const COUNTY_SIMILARITY = 0.4;
const CANDIDATES = 30;

/** A county by its code ('CJ', 'b'), its name with or without diacritics, or a close misspelling. */
export async function findCounty(db: Executor, text: string) {
  const norm = normalizeText(text);
  const code = norm.toUpperCase();
  // 42 rows: the primary key finds a code; the names are compared in the same small scan.
  const res = await db.execute(sql`
    SELECT code, name FROM geo_counties
    WHERE code = ${code} OR name_norm = ${norm} OR similarity(name_norm, ${norm}) >= ${COUNTY_SIMILARITY}
    ORDER BY (code = ${code}) DESC, (name_norm = ${norm}) DESC, similarity(name_norm, ${norm}) DESC
    LIMIT 1`);
  return rowsOf<{ code: string; name: string }>(res)[0] ?? null;
}

/**
 * Localities named exactly so (normalised), in a county or anywhere: the county index, or the
 * trigram index on search_words when the county is unknown. Street-level and bigger places first.
 */
export async function localitiesNamed(db: Executor, countyCode: string | null, name: string, upLocality?: string) {
  const norm = normalizeText(name);
  const res = await db.execute(sql`
    SELECT ${PLACE_COLUMNS} FROM geo_localities
    WHERE ${countyCode ? sql`county_code = ${countyCode}` : sql`search_words LIKE ${wordsPattern(name)}`}
      AND name_norm = ${norm}
      ${upLocality ? sql`AND search_words LIKE ${wordsPattern(`${name} ${upLocality}`)}` : sql``}
    ORDER BY (postal_code = '0') DESC, population DESC NULLS LAST, id
    LIMIT ${CANDIDATES}`);
  return rowsOf<Place>(res);
}

/** Localities whose words are close to a misspelled name ('Cluj Napoka'), closest first. */
export async function similarLocalities(db: Executor, countyCode: string | null, name: string, limit: number) {
  const norm = normalizeText(name);
  const res = await db.execute(sql`
    SELECT ${PLACE_COLUMNS}, similarity(name_norm, ${norm}) AS score FROM geo_localities
    WHERE ${countyCode ? sql`county_code = ${countyCode} AND` : sql``} ${norm} <% search_words
    ORDER BY score DESC, word_similarity(${norm}, search_words) DESC, population DESC NULLS LAST, id
    LIMIT ${limit}`);
  return rowsOf<Place & { score: number }>(res).map((r) => ({ ...r, score: Number(r.score) }));
}

/** Bucharest's six sectors: the localities of county B. */
export async function bucharestSectors(db: Executor) {
  const res = await db.execute(sql`SELECT ${PLACE_COLUMNS} FROM geo_localities WHERE county_code = 'B' ORDER BY name`);
  return rowsOf<Place>(res);
}

/** Distinct streets of some localities whose words are close to the typed name, closest first. */
export async function similarStreets(db: Executor, localityIds: number[], name: string) {
  const q = searchWords(name).trim();
  if (!q || localityIds.length === 0) return [];
  // Several localities (Bucharest's six sectors: 12,371 street rows) are searched through the trigram
  // index first: comparing every row of them costs 40 to 100 ms on PGlite, the index a third of that.
  // One locality's rows are few: its own index is quicker there.
  const rows = localityIds.length > 1
    ? sql`(SELECT * FROM geo_streets WHERE ${q} <% search_words OFFSET 0) AS matching WHERE locality_id = ANY(${sql.param(localityIds)}::int[])`
    : sql`geo_streets WHERE locality_id = ANY(${sql.param(localityIds)}::int[]) AND ${q} <% search_words`;
  const res = await db.execute(sql`
    SELECT locality_id, full_name, street_type, street_name, max(word_similarity(${q}, search_words)) AS score
    FROM ${rows}
    GROUP BY locality_id, full_name, street_type, street_name
    ORDER BY score DESC, max(similarity(${q}, search_words)) DESC, full_name
    LIMIT ${CANDIDATES}`);
  return rowsOf<StreetCandidate>(res).map((r) => ({ ...r, score: Number(r.score) }));
}

/** Every code row (numbers and postal code) of the named streets of some localities. */
export async function codesOfStreets(db: Executor, localityIds: number[], fullNames: string[]) {
  if (localityIds.length === 0 || fullNames.length === 0) return [];
  const res = await db.execute(sql`
    SELECT locality_id, full_name, numbers, postal_code FROM geo_streets
    WHERE locality_id = ANY(${sql.param(localityIds)}::int[])
      AND full_name_norm = ANY(${sql.param(fullNames.map(normalizeText))}::text[])
    ORDER BY id`);
  return rowsOf<StreetCode>(res);
}
