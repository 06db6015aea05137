import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { articulatedStreetType, modernDiacritics, normalizeText, searchWords } from '@colete/contract';
import { csvRecords } from '../../lib/csv.js';
import { dataFolder } from '../../lib/ro-data.js';

export type CountyRow = { code: string; name: string; nameNorm: string };
export type LocalityRow = {
  id: number;
  countyCode: string;
  name: string;
  upLocality: string | null;
  nameNorm: string;
  searchWords: string;
  postalCode: string;
  locationType: 'big_city' | 'small_city' | 'other';
  population: number | null;
  latitude: string | null;
  longitude: string | null;
};
export type StreetRow = {
  id: number;
  localityId: number;
  streetType: string;
  streetName: string;
  fullName: string;
  fullNameNorm: string;
  searchWords: string;
  numbers: string;
  postalCode: string;
};
export type StreetNameRow = { id: number; localityId: number; fullName: string; streetNameNorm: string; searchWords: string };
export type Nomenclature = {
  version: string;
  counties: CountyRow[];
  localities: LocalityRow[];
  streets: StreetRow[];
  streetNames: StreetNameRow[];
};

/** Bump when the way rows are built changes, so existing databases reload. */
const BUILD_VERSION = 4;
/** Towns without street-level codes above this population count as small cities. */
const SMALL_CITY_POPULATION = 10_000;

/** 'Lăzăreşti (Schitu Goleşti)' -> name 'Lăzărești', commune 'Schitu Golești'. */
function splitVillage(raw: string): { name: string; upLocality: string | null } {
  const m = raw.match(/^(.*?)\s*\(([^)]+)\)\s*$/);
  return m ? { name: m[1]!.trim(), upLocality: m[2]!.trim() } : { name: raw.trim(), upLocality: null };
}

/** 'Sector1' -> 'Sectorul 1'. */
function sectorName(raw: string): string {
  const m = raw.match(/^Sector\s*(\d)$/i);
  return m ? `Sectorul ${m[1]}` : raw;
}

function readData(folder: string) {
  const postalText = fs.readFileSync(path.join(folder, 'postal-codes.csv'), 'utf8');
  const geoText = fs.readFileSync(path.join(folder, 'localities-geo.csv'), 'utf8');
  const version = `${BUILD_VERSION}:${createHash('sha256').update(postalText).update(geoText).digest('hex').slice(0, 16)}`;
  return { postalText, geoText, version };
}

/** The data version (file contents and build rules), cheap to compute at every start. */
export const nomenclatureVersion = (folder = dataFolder()) => readData(folder).version;

export function buildNomenclature(folder = dataFolder()): Nomenclature {
  const { postalText, geoText, version } = readData(folder);
  const postal = csvRecords(postalText);
  const geo = csvRecords(geoText);

  // Counties: the geo file has each county's code, by name without diacritics.
  const codeByCounty = new Map<string, string>();
  for (const g of geo) codeByCounty.set(normalizeText(g.county!), g.county_code!);
  const counties = new Map<string, CountyRow>();
  for (const p of postal) {
    const norm = normalizeText(p.county!);
    const code = codeByCounty.get(norm);
    if (!code) throw new Error(`No county code for ${p.county}`);
    if (!counties.has(code)) counties.set(code, { code, name: modernDiacritics(p.county!), nameNorm: norm });
  }

  // Coordinates and population by (county, name); a name used twice in a county is ambiguous.
  const geoByName = new Map<string, (typeof geo)[number][]>();
  for (const g of geo) {
    const key = `${g.county_code}|${normalizeText(g.name!)}`;
    geoByName.set(key, [...(geoByName.get(key) ?? []), g]);
  }
  const uniqueGeo = (county: string, name: string) => {
    const found = geoByName.get(`${county}|${normalizeText(name)}`);
    return found?.length === 1 ? found[0] : undefined;
  };

  const localities = new Map<string, LocalityRow>();
  const streets: StreetRow[] = [];
  const localityOf = (countyCode: string, rawLocality: string, postalCode: string | null) => {
    const { name: baseName, upLocality: up } = splitVillage(rawLocality);
    const name = modernDiacritics(countyCode === 'B' ? sectorName(baseName) : baseName);
    const upLocality = up ? modernDiacritics(up) : null;
    // Exact names: villages that differ only by a diacritic (Muscel, Mușcel) are different places.
    const key = `${countyCode}|${name}|${upLocality ?? ''}`;
    let row = localities.get(key);
    if (!row) {
      const own = uniqueGeo(countyCode, name);
      // A village whose name is ambiguous in its county takes its commune's coordinates.
      const placed = own ?? (upLocality ? uniqueGeo(countyCode, upLocality) : undefined);
      const population = own ? Number(own.population_2002) || null : null;
      row = {
        id: localities.size + 1,
        countyCode,
        name,
        upLocality,
        nameNorm: normalizeText(name),
        // Bucharest's sectors are found by the city's name too ('Bucu' lists them).
        searchWords: searchWords(`${name} ${upLocality ?? ''} ${countyCode === 'B' ? 'București' : ''}`),
        postalCode: postalCode ?? '0',
        locationType: postalCode === null ? 'big_city' : !upLocality && (population ?? 0) >= SMALL_CITY_POPULATION ? 'small_city' : 'other',
        population,
        latitude: placed?.latitude ?? null,
        longitude: placed?.longitude ?? null,
      };
      localities.set(key, row);
    }
    return row;
  };

  for (const p of postal) {
    const countyCode = codeByCounty.get(normalizeText(p.county!))!;
    if (!p.street_name) {
      localityOf(countyCode, p.locality!, p.postal_code!);
      continue;
    }
    const locality = localityOf(countyCode, p.locality!, null);
    const streetType = articulatedStreetType(p.street_type!);
    const streetName = modernDiacritics(p.street_name);
    const fullName = `${streetType} ${streetName}`.trim();
    streets.push({
      id: streets.length + 1,
      localityId: locality.id,
      streetType,
      streetName,
      fullName,
      fullNameNorm: normalizeText(fullName),
      searchWords: searchWords(`${streetName} ${streetType}`),
      numbers: p.numbers ?? '',
      postalCode: p.postal_code!,
    });
  }
  const streetNames = new Map<string, StreetNameRow>();
  for (const st of streets) {
    const key = `${st.localityId}|${st.fullName}`;
    if (!streetNames.has(key)) {
      streetNames.set(key, {
        id: streetNames.size + 1,
        localityId: st.localityId,
        fullName: st.fullName,
        streetNameNorm: normalizeText(st.streetName),
        searchWords: st.searchWords,
      });
    }
  }
  return { version, counties: [...counties.values()], localities: [...localities.values()], streets, streetNames: [...streetNames.values()] };
}
