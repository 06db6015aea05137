import { messages, modernDiacritics, normalizeText, numberInRange } from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import {
  bucharestSectors,
  codesOfStreets,
  findCounty,
  localitiesNamed,
  similarLocalities,
  similarStreets,
  type Place,
  type StreetCode,
} from './address-correction-queries.js';
import { findByPostalCode } from './geo-queries.js';
import { readAddressLines, type AddressLine } from './store-address-lines.js';

/** The address as an online store sends it (spec 001 section 3, store address). */
export type StoreAddress = { province?: string; city?: string; zip?: string; address1?: string; address2?: string; countryCode?: string };
export type CorrectionErrorType = 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR' | 'STREET_ERROR' | 'NUMBER_ERROR';
export type SuggestionValues = { city: string; upLocality?: string; county: string; postalCode: string; street: string };
/** CHANGE_DEFAULT is the suggestion already applied to internalAddress; CHANGE is an alternative. */
export type Suggestion = { type: 'CHANGE' | 'CHANGE_DEFAULT'; suggestedBy: 'CITY_INPUT' | 'POSTAL_CODE'; values: SuggestionValues };
export type InternalAddress = {
  countyCode: string;
  county: string;
  city: string;
  upLocality?: string;
  postalCode: string;
  street: string;
  number: string;
  additionalInfo: string;
};
export type AddressCorrection = {
  internalAddress: InternalAddress;
  errors: { type: CorrectionErrorType; suggestions: Suggestion[] }[];
  info: { message: string }[];
};

const say = messages.addressCorrection;
/** A misspelled city is corrected alone only when this close and ahead of every other candidate. */
const SURE_SIMILARITY = 0.5;
const MAX_SUGGESTIONS = 5;

/** 'Sector 3', 'Sectorul 3', 'S3', 'Bucuresti Sector 3' -> 3; 0 for Bucharest without a sector; null otherwise. */
function bucharestSector(city: string): number | null {
  const norm = normalizeText(city).replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
  const m = norm.match(/^(?:(?:municipiul )?(?:bucuresti|bucharest) )?(?:sector(?:ul)?|sect|s) ?([1-6])$/);
  if (m) return Number(m[1]);
  return /^(municipiul )?(bucuresti|bucharest)$/.test(norm) ? 0 : null;
}

/** Titles and their abbreviations, written after the name in the data ('Hațieganu Iuliu, doctor') or before it by people. */
const TITLES = new Set(
  [
    'dr doctor g ral gen general prof profesor ing inginer av aviator cpt cap capitan lt slt locotenent sublocotenent',
    'col colonel mr maior serg sergent sold soldat plt arh arhitect acad academician episcop mitropolit maresal',
    'pictor poet scriitor martir erou comp compozitor actor preot pr sculptor cardinal regizor',
  ]
    .join(' ')
    .split(' '),
);
/** A street name's words in any order, without titles: 'Dr. Iuliu Hatieganu' and 'Hațieganu Iuliu, doctor' agree. */
const nameKey = (name: string) => {
  const words = normalizeText(name).split(/[^a-z0-9]+/).filter(Boolean);
  const core = words.filter((w) => !TITLES.has(w));
  return (core.length ? core : words).sort().join(' ');
};
/** Case and the old cedilla letters are not corrections worth telling the user about. */
const sameText = (a: string, b: string) => modernDiacritics(a.trim()).toLowerCase() === modernDiacritics(b.trim()).toLowerCase();
const placeLabel = (p: Place) => (p.up_locality ? `${p.name} (${p.up_locality})` : p.name);
const covers = (rows: StreetCode[], line: AddressLine) => {
  const byNumber = line.number ? rows.filter((r) => numberInRange(r.numbers, line.number)) : [];
  return byNumber.length || !line.block ? byNumber : rows.filter((r) => numberInRange(r.numbers, `bl. ${line.block}`));
};

/* ---- Finding the street ---- */

type StreetFound = { localityId: number; fullName: string; streetType: string; streetName: string; rows: StreetCode[]; covering: StreetCode[] };
const firstWord = (s: string) => normalizeText(s).split(' ')[0] ?? '';

/**
 * The streets of some localities with the typed name (any word order, titles aside); the typed
 * street type, then the number, narrow them. More than one left means the user has to choose.
 */
async function findStreets(db: Executor, localityIds: number[], line: AddressLine) {
  const candidates = await similarStreets(db, localityIds, line.streetName);
  const typed = nameKey(line.streetName);
  let same = candidates.filter((c) => nameKey(c.street_name) === typed);
  // 'Str. Lapusneanu' for 'Alexandru Lăpușneanu': the typed words inside one street's name, and no other's.
  const within = candidates.filter((c) => typed.split(' ').every((w) => nameKey(c.street_name).split(' ').includes(w)));
  if (same.length === 0 && new Set(within.map((c) => nameKey(c.street_name))).size === 1) same = within;
  const sameType = same.filter((c) => line.streetType && firstWord(c.street_type) === firstWord(line.streetType));
  if (sameType.length) same = sameType;
  const rows = await codesOfStreets(db, localityIds, [...new Set(same.map((c) => c.full_name))]);
  const found: StreetFound[] = same.map((c) => {
    const own = rows.filter((r) => r.locality_id === c.locality_id && r.full_name === c.full_name);
    return { localityId: c.locality_id, fullName: c.full_name, streetType: c.street_type, streetName: c.street_name, rows: own, covering: covers(own, line) };
  });
  const covered = found.filter((f) => f.covering.length);
  return { found: covered.length ? covered : found, candidates };
}

/** The line with its guessed number read as part of the name ('Bd. 21 Decembrie 1989') if such a street exists, else as read. */
async function findStreetsAnyReading(db: Executor, localityIds: number[], line: AddressLine) {
  if (line.numberGuessed) {
    const whole = { ...line, streetName: `${line.streetName} ${line.number}`, number: '', numberGuessed: false };
    const asName = await findStreets(db, localityIds, whole);
    if (asName.found.length) return { ...asName, line: whole };
  }
  return { ...(await findStreets(db, localityIds, line)), line };
}

/** The code for the number; without one, the street's only code, or the user's if it is one of the street's. */
function streetCode(street: StreetFound, zip: string): string {
  const pool = street.covering.length ? street.covering : new Set(street.rows.map((r) => r.postal_code)).size === 1 ? street.rows : [];
  const fallback = street.rows.some((r) => r.postal_code === zip) ? zip : '';
  return pool.find((r) => r.postal_code === zip)?.postal_code ?? pool[0]?.postal_code ?? fallback;
}

/* ---- The service ---- */

type Choice = { place: Place | null; chosenBy: Suggestion['suggestedBy']; alternatives: { place: Place; by: Suggestion['suggestedBy'] }[]; conflict: boolean };

/** What the other modules use of the address correction (the composition root builds one). */
export type AddressCorrector = { correct(input: StoreAddress): Promise<AddressCorrection> };

export function addressCorrectionService({ database }: { database: Database }): AddressCorrector {
  const db = database.db;

  async function resolveCounty(province: string) {
    const text = province.replace(/^\s*(jud(etul|ețul)?\.?)\s+/i, '').trim();
    if (!text) return null;
    return findCounty(db, bucharestSector(text) === 0 ? 'B' : text);
  }

  /** Places of one name (Bucharest's sectors, Iași and Iași): those with the street (and number), `sure` if one. */
  async function narrowByStreet(places: Place[], line: AddressLine) {
    const ids = places.filter((p) => p.postal_code === '0').map((p) => p.id);
    const { found } = line.streetName && ids.length ? await findStreetsAnyReading(db, ids, line) : { found: [] };
    const among = places.filter((p) => found.some((f) => f.localityId === p.id));
    return { matches: among.length ? among : places, sure: among.length === 1 ? among[0]! : null };
  }

  /** The localities the city input names, exactly or by a close spelling; `sure` when one is certain. */
  async function matchCity(countyCode: string | null, city: string, line: AddressLine) {
    const sector = bucharestSector(city);
    if (sector !== null) {
      const sectors = await bucharestSectors(db);
      const named = sectors.filter((s) => s.name === `Sectorul ${sector}`);
      return sector ? { matches: named, sure: named[0] ?? null } : narrowByStreet(sectors, line);
    }
    const [, name = city, up] = city.match(/^(.*?)\s*\(([^)]+)\)\s*$/) ?? [];
    const exact = await localitiesNamed(db, countyCode, name, up);
    if (exact.length > 1) return narrowByStreet(exact, line);
    if (exact.length) return { matches: exact, sure: exact[0]! };
    const similar = await similarLocalities(db, countyCode, name, MAX_SUGGESTIONS);
    const [top, next] = similar;
    // A city found by its exact name only in another county: the county or the city is wrong, the user says which.
    const elsewhere = countyCode ? await localitiesNamed(db, null, name, up) : [];
    const clear = top && top.score >= SURE_SIMILARITY && (!next || next.score < top.score) && elsewhere.length === 0;
    return { matches: [...similar, ...elsewhere], sure: clear ? top : null };
  }

  /** The city input and the postal code agree, or one decides and the other becomes a suggestion. */
  async function chooseLocality(countyCode: string | null, city: string, zipPlace: Place | null, line: AddressLine): Promise<Choice> {
    const { matches, sure } = city ? await matchCity(countyCode, city, line) : { matches: [], sure: null };
    const fromCity = matches.slice(0, MAX_SUGGESTIONS).map((place) => ({ place, by: 'CITY_INPUT' as const }));
    if (zipPlace && (!city || matches.some((m) => m.id === zipPlace.id))) return { place: zipPlace, chosenBy: 'POSTAL_CODE', alternatives: [], conflict: false };
    if (sure) {
      const alternatives = zipPlace ? [{ place: zipPlace, by: 'POSTAL_CODE' as const }] : [];
      return { place: sure, chosenBy: 'CITY_INPUT', alternatives, conflict: alternatives.length > 0 };
    }
    return { place: zipPlace, chosenBy: 'POSTAL_CODE', alternatives: fromCity, conflict: true };
  }

  /** Streets to offer: the postal code's own first, then the city's closest names, each with its code when one fits. */
  async function streetSuggestions(place: Place, line: AddressLine, names: string[], zip: string, zipStreets: string[]): Promise<Suggestion[]> {
    const fromZip = zipStreets.slice(0, MAX_SUGGESTIONS);
    const others = [...new Set(names)].filter((n) => !fromZip.includes(n)).slice(0, MAX_SUGGESTIONS);
    const rows = await codesOfStreets(db, [place.id], others);
    const codeOf = (name: string) => {
      const own = rows.filter((r) => r.full_name === name);
      const fitting = covers(own, line);
      const codes = new Set((fitting.length ? fitting : own).map((r) => r.postal_code));
      return codes.size === 1 ? [...codes][0]! : '';
    };
    const base = { city: place.name, ...(place.up_locality ? { upLocality: place.up_locality } : {}), county: place.county_code };
    return [
      ...fromZip.map((street) => ({ type: 'CHANGE' as const, suggestedBy: 'POSTAL_CODE' as const, values: { ...base, postalCode: zip, street } })),
      ...others.map((street) => ({ type: 'CHANGE' as const, suggestedBy: 'CITY_INPUT' as const, values: { ...base, postalCode: codeOf(street), street } })),
    ];
  }

  /** In a city with street-level codes: the street and the code of its number, or the streets to offer. */
  async function findStreetIn(place: Place, line: AddressLine, zip: string, zipStreets: string[] | null) {
    const search = line.streetName ? await findStreetsAnyReading(db, [place.id], line) : null;
    const read = search?.line ?? line;
    const street = search?.found.length === 1 ? search.found[0]! : null;
    if (street) return { line: read, street, postalCode: streetCode(street, zip), streetError: null };
    const names = [...(search?.found ?? []).map((f) => f.fullName), ...(search?.candidates ?? []).map((c) => c.full_name)];
    const streetError = await streetSuggestions(place, read, names, zip, zipStreets ?? []);
    return { line: read, street: null, postalCode: zipStreets ? zip : '', streetError };
  }

  async function correct(input: StoreAddress): Promise<AddressCorrection> {
    let line = readAddressLines(input.address1, input.address2);
    const typedStreet = [line.streetType, line.streetName].filter(Boolean).join(' ');
    const city = (input.city ?? '').trim();
    const zip = (input.zip ?? '').replace(/\s/g, '');
    const province = (input.province ?? '').trim();
    const errors: AddressCorrection['errors'] = [];
    const info: AddressCorrection['info'] = [];
    const address: InternalAddress = { countyCode: '', county: province, city, postalCode: zip, street: typedStreet, number: line.number, additionalInfo: line.additionalInfo };
    // The nomenclature is Romanian: other countries' addresses pass as given.
    if (input.countryCode && input.countryCode.trim().toUpperCase() !== 'RO') return { internalAddress: address, errors, info };

    const county = await resolveCounty(province);
    if (county) Object.assign(address, { countyCode: county.code, county: county.name });
    const byZip = /^\d{6}$/.test(zip) ? await findByPostalCode(db, zip) : null;
    const zipPlace: Place | null = byZip?.locality ?? null;
    const { place, chosenBy, alternatives, conflict } = await chooseLocality(county?.code ?? null, city, zipPlace, line);

    let streetError: Suggestion[] | null = null;
    if (place) {
      const placeCounty = place.county_code === county?.code ? county : await findCounty(db, place.county_code);
      Object.assign(address, { countyCode: place.county_code, county: placeCounty?.name ?? '', city: place.name, postalCode: place.postal_code });
      if (place.up_locality) address.upLocality = place.up_locality;
      if (!conflict && county?.code !== place.county_code) info.push({ message: say.county(address.county, !county) });
      if (!conflict && !sameText(city, place.name)) info.push({ message: say.city(placeLabel(place), !city) });
      if (place.postal_code === '0') {
        const found = await findStreetIn(place, line, zip, zipPlace?.id === place.id ? (byZip?.streets ?? []) : null);
        ({ line, streetError } = found);
        address.postalCode = found.postalCode;
        if (found.street) {
          address.street = found.street.fullName;
          const retyped = line.streetType && firstWord(line.streetType) !== firstWord(found.street.streetType);
          if (retyped || !sameText(found.street.streetName, line.streetName)) info.push({ message: say.street(found.street.fullName) });
          if (line.number && found.street.covering.length === 0) errors.push({ type: 'NUMBER_ERROR', suggestions: [] });
        }
      }
      if (!conflict && address.postalCode && address.postalCode !== zip) info.push({ message: say.postalCode(address.postalCode, !zip) });
    }
    address.number = line.number;

    if (conflict) {
      const values = (p: Place): SuggestionValues => ({
        city: p.name,
        ...(p.up_locality ? { upLocality: p.up_locality } : {}),
        county: p.county_code,
        postalCode: p.id === place?.id ? address.postalCode : p.id === zipPlace?.id ? zip : p.postal_code === '0' ? '' : p.postal_code,
        street: address.street,
      });
      const chosen = place ? [{ type: 'CHANGE_DEFAULT' as const, suggestedBy: chosenBy, values: values(place) }] : [];
      const others = alternatives.map((a) => ({ type: 'CHANGE' as const, suggestedBy: a.by, values: values(a.place) }));
      errors.unshift({ type: 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR', suggestions: [...chosen, ...others] });
    }
    if (streetError) errors.push({ type: 'STREET_ERROR', suggestions: streetError });
    if (!line.number && !errors.some((e) => e.type === 'NUMBER_ERROR')) errors.push({ type: 'NUMBER_ERROR', suggestions: [] });
    return { internalAddress: address, errors, info };
  }

  return { correct };
}
