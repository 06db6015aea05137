import type { Database } from '../../apps/server/src/db/client.js';
import { loadNomenclature } from '../../apps/server/src/modules/geo/geo-loader.js';
import { between, pick, shuffle, stripDiacritics } from '../lib/random.js';
import type { Scenario, ScenarioContext } from '../lib/types.js';

/**
 * The public nomenclature look-ups on the full data (data/ro/): what the address forms call
 * while someone types. Each scenario rotates through a few hundred varied requests built from
 * the loaded rows, with a fixed seed.
 */

const GEO_TARGET_P95_MS = 5;
const seg = encodeURIComponent;

async function rows<T>(database: Database, text: string): Promise<T[]> {
  return (await database.executeSql(text)).rows as T[];
}

/** The words of a name as written ('Cluj-Napoca' -> Cluj, Napoca). */
const wordsOf = (name: string) => name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);

/** What someone has typed so far: the first letters of a word, mostly 3 to 6, often without diacritics. */
function typed(random: () => number, word: string, min = 2, max = 7): string {
  const length = Math.min(word.length, between(random, min, max));
  const text = word.slice(0, length).toLowerCase();
  return random() < 0.6 ? stripDiacritics(text) : text;
}

/** Prefixes people type for the places most parcels go to. */
const COMMON_LOCALITY_SEARCHES: [county: string, text: string][] = [
  ['CJ', 'clu'],
  ['CJ', 'cluj'],
  ['CJ', 'napoca'],
  ['CJ', 'cluj-napoca'],
  ['CJ', 'flo'],
  ['CJ', 'tur'],
  ['BV', 'bra'],
  ['BV', 'brașov'],
  ['BR', 'bra'],
  ['BH', 'bra'],
  ['B', 'sect'],
  ['B', 'sector'],
  ['B', 'sectorul 3'],
  ['IF', 'vol'],
  ['IF', 'oto'],
  ['IS', 'ias'],
  ['IS', 'iasi'],
  ['TM', 'tim'],
  ['TM', 'timisoara'],
  ['CT', 'const'],
  ['CT', 'mang'],
  ['PH', 'plo'],
  ['DJ', 'cra'],
  ['SB', 'sib'],
  ['AB', 'alba'],
  ['AG', 'pit'],
  ['MS', 'targu'],
  ['MS', 'târgu mureș'],
  ['GL', 'gal'],
  ['SV', 'suc'],
  ['NT', 'piatra'],
  ['CV', 'sf'],
  ['HR', 'mierc'],
  ['MM', 'baia'],
  ['BC', 'bac'],
  ['VL', 'ram'],
];

const COMMON_STREET_SEARCHES: [city: string, county: string, text: string][] = [
  ...['Sectorul 1', 'Sectorul 2', 'Sectorul 3', 'Sectorul 4', 'Sectorul 5', 'Sectorul 6'].flatMap(
    (sector): [string, string, string][] => [
      [sector, 'B', 'victoriei'],
      [sector, 'B', 'mihai'],
      [sector, 'B', 'unirii'],
      [sector, 'B', 'calea'],
      [sector, 'B', 'str'],
      [sector, 'B', 'ion'],
    ],
  ),
  ['Sectorul 1', 'B', 'calea victoriei'],
  ['Sectorul 1', 'B', 'aviatorilor'],
  ['Sectorul 2', 'B', 'pipera'],
  ['Sectorul 3', 'B', 'decebal'],
  ['Sectorul 6', 'B', 'iuliu maniu'],
  ['Cluj-Napoca', 'CJ', 'memorandumului'],
  ['Cluj-Napoca', 'CJ', 'dorobantilor'],
  ['Cluj-Napoca', 'CJ', 'eroilor'],
  ['Cluj-Napoca', 'CJ', 'horea'],
  ['Cluj-Napoca', 'CJ', 'observatorului'],
  ['Cluj-Napoca', 'CJ', 'calea'],
  ['Cluj-Napoca', 'CJ', 'mot'],
  ['Cluj-Napoca', 'CJ', 'str'],
  ['Cluj-Napoca', 'CJ', 'avram'],
  ['Cluj Napoca', 'CJ', 'buna'],
  ['Timisoara', 'TM', 'revolu'],
  ['Iași', 'IS', 'stefan'],
  ['Constanța', 'CT', 'tomis'],
  ['Brașov', 'BV', 'republicii'],
];

const STREET_TYPES_TYPED = ['str', 'strada', 'bulev', 'calea', 'aleea', 'sos', 'intr'];

async function localityRequests({ database, random }: ScenarioContext): Promise<string[]> {
  await loadNomenclature(database); // a no-op when the run already loaded this version
  const all = await rows<{ county_code: string; name: string; up_locality: string | null; location_type: string }>(
    database,
    'SELECT county_code, name, up_locality, location_type FROM geo_localities ORDER BY id',
  );
  const towns = all.filter((l) => l.location_type !== 'other');
  const searches: [string, string][] = [...COMMON_LOCALITY_SEARCHES, ...COMMON_LOCALITY_SEARCHES];
  for (let i = 0; i < 400; i++) {
    // A third of the searches are for towns, the rest for any village.
    const place = random() < 0.33 ? pick(random, towns) : pick(random, all);
    const commune = place.up_locality && random() < 0.2;
    const words = wordsOf(commune ? place.up_locality! : place.name);
    const word = random() < 0.8 ? words[0]! : pick(random, words);
    // A few county codes come in lower case, as the route accepts.
    const county = random() < 0.1 ? place.county_code.toLowerCase() : place.county_code;
    searches.push([county, typed(random, word)]);
  }
  return shuffle(random, searches).map(([county, text]) => `/api/search/locality/RO/${seg(county)}/${seg(text)}`);
}

async function streetRequests({ database, random }: ScenarioContext): Promise<string[]> {
  await loadNomenclature(database);
  // Streets of the cities with street-level codes; drawing street rows favours the big ones.
  const streets = await rows<{ county_code: string; city: string; street_name: string }>(
    database,
    `SELECT l.county_code, l.name AS city, s.street_name
     FROM geo_streets s JOIN geo_localities l ON l.id = s.locality_id ORDER BY s.id`,
  );
  const searches: [string, string, string][] = [...COMMON_STREET_SEARCHES, ...COMMON_STREET_SEARCHES];
  for (let i = 0; i < 400; i++) {
    const s = pick(random, streets);
    const city = random() < 0.5 ? stripDiacritics(s.city) : s.city;
    const r = random();
    const text =
      r < 0.1
        ? pick(random, STREET_TYPES_TYPED)
        : r < 0.2
          ? s.street_name.toLowerCase()
          : typed(random, pick(random, wordsOf(s.street_name)) ?? s.street_name, 3, 8);
    searches.push([city, s.county_code, text || 'str']);
  }
  return shuffle(random, searches).map(
    ([city, county, text]) => `/api/search/street/RO/${seg(city)}/${seg(county)}/${seg(text)}`,
  );
}

async function reverseRequests({ database, random }: ScenarioContext): Promise<string[]> {
  await loadNomenclature(database);
  // Half the codes are a whole village's or town's, half a street's in a city.
  const localityCodes = await rows<{ postal_code: string }>(
    database,
    "SELECT DISTINCT postal_code FROM geo_localities WHERE postal_code <> '0' ORDER BY postal_code",
  );
  const streetCodes = await rows<{ postal_code: string }>(database, 'SELECT DISTINCT postal_code FROM geo_streets ORDER BY postal_code');
  const codes = [
    ...Array.from({ length: 300 }, () => pick(random, localityCodes).postal_code),
    ...Array.from({ length: 300 }, () => pick(random, streetCodes).postal_code),
  ];
  return shuffle(random, codes).map((code) => `/api/search/postal-code-reverse/RO/${seg(code)}`);
}

export const geoScenarios: Scenario[] = [
  {
    name: 'locality',
    description: 'GET /api/search/locality/RO/:county/:text (prefix of a locality or commune)',
    targetP95Ms: GEO_TARGET_P95_MS,
    prepare: async (ctx) => ({ requests: await localityRequests(ctx) }),
  },
  {
    name: 'street',
    description: 'GET /api/search/street/RO/:city/:county/:text (streets of a city with street codes)',
    targetP95Ms: GEO_TARGET_P95_MS,
    prepare: async (ctx) => ({ requests: await streetRequests(ctx) }),
  },
  {
    name: 'postal-reverse',
    description: 'GET /api/search/postal-code-reverse/RO/:code (real codes, locality and street ones)',
    targetP95Ms: GEO_TARGET_P95_MS,
    prepare: async (ctx) => ({ requests: await reverseRequests(ctx) }),
  },
];
