import { modernDiacritics, normalizeText } from './text.js';

/** Street types as written in addresses ('Strada Memorandumului', not 'Stradă Memorandumului'). */
export const STREET_TYPES_ARTICULATED: Record<string, string> = {
  strada: 'Strada',
  str: 'Strada',
  bulevard: 'Bulevardul',
  alee: 'Aleea',
  intrare: 'Intrarea',
  cale: 'Calea',
  sosea: 'Șoseaua',
  piata: 'Piața',
  drum: 'Drumul',
  fundatura: 'Fundătura',
  splai: 'Splaiul',
  stradela: 'Stradela',
  fundac: 'Fundacul',
  prelungire: 'Prelungirea',
  pasaj: 'Pasajul',
  ulita: 'Ulița',
  trecatoare: 'Trecătoarea',
  parc: 'Parcul',
  colonie: 'Colonia',
  sir: 'Șirul',
  scuar: 'Scuarul',
  cartier: 'Cartierul',
  canal: 'Canalul',
  vad: 'Vadul',
  poteca: 'Poteca',
  varianta: 'Varianta',
  hotar: 'Hotarul',
  platou: 'Platoul',
  ansamblu: 'Ansamblul',
  insula: 'Insula',
  bariera: 'Bariera',
  curte: 'Curtea',
  pod: 'Podul',
  rampa: 'Rampa',
  zona: 'Zona',
  cetate: 'Cetatea',
  tunel: 'Tunelul',
  port: 'Portul',
  canton: 'Cantonul',
  statie: 'Stația',
  poligon: 'Poligonul',
  camp: 'Câmpul',
  suis: 'Suișul',
  pietonal: 'Pietonala',
  esplanada: 'Esplanada',
  piateta: 'Piațeta',
};

export function articulatedStreetType(type: string): string {
  const clean = modernDiacritics(type.trim());
  const [first, ...rest] = clean.split(/\s+/);
  const key = normalizeText(first ?? '').replace(/[^a-z]/g, '');
  const word = STREET_TYPES_ARTICULATED[key] ?? first ?? '';
  return [word, ...rest].join(' ').trim();
}

const ARTICULATED_WORDS = new Set(Object.values(STREET_TYPES_ARTICULATED).map((w) => normalizeText(w)));
/** Whether a street name already starts with its type ('Calea Victoriei', 'Cartierul Tineretului'). */
export function startsWithStreetType(street: string): boolean {
  const first = normalizeText(street).split(/[\s.]+/)[0] ?? '';
  return ARTICULATED_WORDS.has(first) || first === 'str' || first === 'bd';
}
