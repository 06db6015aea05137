import fs from 'node:fs';
import path from 'node:path';
import { normalizeText } from '@colete/contract';
import { csvRecords } from '../../lib/csv.js';
import { dataFolder } from '../../lib/ro-data.js';
import type { PickupPoint } from './courier-network.js';
import type { PointBrand } from './simulator-catalogue.js';

/**
 * Lockers and offices of the simulated couriers, placed deterministically around the real
 * localities of data/ro/localities-geo.csv (read once): more of them where more people live, a
 * few in villages. Positions, streets and numbers come from a hash of the courier and the place.
 */

type Place = { row: number; name: string; county: string; countyCode: string; lat: number; lng: number; population: number };

/** The six sectors have no population in the file; each counts as a big city. */
const SECTOR_POPULATION = 300_000;

let places: Place[] | undefined;
let placeByName: Map<string, Place> | undefined;

const placeKey = (countyCode: string, city: string) =>
  `${countyCode.toUpperCase()}|${normalizeText(city).replace(/[^a-z0-9]+/g, ' ').trim()}`;

function loadPlaces(): Place[] {
  if (places) return places;
  const text = fs.readFileSync(path.join(dataFolder(), 'localities-geo.csv'), 'utf8');
  const loaded: Place[] = [];
  csvRecords(text).forEach((r, row) => {
    const lat = Number(r.latitude);
    const lng = Number(r.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !r.name || !r.county_code) return;
    const sector = r.county_code === 'B' && /^Sectorul \d$/.test(r.name);
    loaded.push({
      row,
      name: r.name,
      county: r.county ?? '',
      countyCode: r.county_code,
      lat,
      lng,
      population: sector ? SECTOR_POPULATION : Number(r.population_2002) || 0,
    });
  });
  const byName = new Map<string, Place>();
  for (const p of loaded) {
    const key = placeKey(p.countyCode, p.name);
    const seen = byName.get(key);
    // A name used twice in a county: the bigger place.
    if (!seen || p.population > seen.population) byName.set(key, p);
  }
  const capital = loaded.find((p) => p.countyCode === 'B' && p.name === 'Municipiul Bucuresti');
  if (capital) byName.set(placeKey('B', 'Bucuresti'), capital);
  places = loaded;
  placeByName = byName;
  return loaded;
}

/** The recipient's coordinates: given, or those of the locality by county and name. */
export function locate(where: { countyCode: string; city: string; lat: number | null; lng: number | null }): { lat: number; lng: number } | null {
  if (where.lat !== null && where.lng !== null && Number.isFinite(where.lat) && Number.isFinite(where.lng)) return { lat: where.lat, lng: where.lng };
  loadPlaces();
  const place = placeByName!.get(placeKey(where.countyCode, where.city));
  return place ? { lat: place.lat, lng: place.lng } : null;
}

/** FNV-1a with MurmurHash3's finaliser, 32 bits: a stable spread for positions and names. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Texts that differ in their last letter must land far apart.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
const unit = (text: string) => hash(text) / 0x1_0000_0000;

const STREETS = [
  'Strada Garii', 'Strada Mihai Eminescu', 'Bulevardul Unirii', 'Strada Libertatii', 'Strada Republicii',
  'Strada Mihai Viteazu', 'Strada Stefan cel Mare', 'Strada Avram Iancu', 'Strada Independentei', 'Strada Victoriei',
  'Strada 1 Decembrie 1918', 'Strada Nicolae Balcescu', 'Strada Tudor Vladimirescu', 'Strada Morii', 'Strada Scolii',
  'Strada Florilor', 'Strada Primaverii', 'Strada Trandafirilor', 'Bulevardul Independentei', 'Strada Crinului',
  'Strada Horea', 'Strada Decebal', 'Strada Traian', 'Strada Ion Creanga', 'Strada George Cosbuc',
  'Strada Alexandru Ioan Cuza', 'Calea Nationala', 'Strada Principala', 'Strada Bisericii', 'Strada Pacii',
];

/** How many points of a kind a place gets, by its population (villages: one now and then). */
function pointCount(kind: PickupPoint['kind'], population: number, spread: number): number {
  if (kind === 'locker') return population >= 5000 ? Math.min(30, Math.ceil(population / 15_000)) : spread % 8 === 0 ? 1 : 0;
  return population >= 8000 ? Math.min(8, Math.ceil(population / 60_000)) : spread % 30 === 0 ? 1 : 0;
}

type PointIndex = { points: PickupPoint[]; lat: Float64Array; lng: Float64Array };
const indexes = new Map<string, PointIndex>();
const pointsById = new Map<string, PickupPoint>();

/** Every point of one courier's brand, built on first use. */
export function courierPoints(courierId: string, brand: PointBrand): PointIndex {
  const key = `${courierId}|${brand.kind}`;
  const cached = indexes.get(key);
  if (cached) return cached;
  const points: PickupPoint[] = [];
  for (const place of loadPlaces()) {
    if (place.countyCode === 'B' && place.name === 'Municipiul Bucuresti') continue; // the sectors carry it
    const seed = `${courierId}|${brand.kind}|${place.row}`;
    const count = pointCount(brand.kind, place.population, hash(seed));
    const radiusKm = 0.4 + Math.sqrt(place.population) / 180;
    const names = new Set<string>();
    for (let n = 0; n < count; n++) {
      const angle = 2 * Math.PI * unit(`${seed}|a${n}`);
      const distance = radiusKm * Math.sqrt(unit(`${seed}|d${n}`));
      const lat = place.lat + (distance * Math.sin(angle)) / 111.32;
      const lng = place.lng + (distance * Math.cos(angle)) / (111.32 * Math.cos((place.lat * Math.PI) / 180));
      const street = STREETS[hash(`${seed}|s${n}`) % STREETS.length]!;
      const number = 1 + (hash(`${seed}|n${n}`) % 120);
      const where = place.countyCode === 'B' ? `${place.name}, Bucuresti` : `${place.name}, jud. ${place.county}`;
      // 'CarpatiBox Turda', or by its street where the place has several: 'CarpatiBox Turda (Garii)'.
      let name = count > 1 ? `${brand.brand} ${place.name} (${street.replace(/^(Strada|Bulevardul|Calea) /, '')})` : `${brand.brand} ${place.name}`;
      if (names.has(name)) name = `${name.slice(0, -1)} ${number})`;
      names.add(name);
      const point: PickupPoint = {
        id: `${courierId}-${brand.kind === 'locker' ? 'L' : 'O'}${place.row}-${n + 1}`,
        courierId,
        kind: brand.kind,
        name,
        fullAddress: `${street} nr. ${number}, ${where}`,
        countyCode: place.countyCode,
        city: place.name,
        lat: Math.round(lat * 1e5) / 1e5,
        lng: Math.round(lng * 1e5) / 1e5,
        distanceKm: null,
      };
      points.push(point);
      pointsById.set(point.id, point);
    }
  }
  const index = { points, lat: Float64Array.from(points, (p) => p.lat), lng: Float64Array.from(points, (p) => p.lng) };
  indexes.set(key, index);
  return index;
}

/** A point by id, once its courier's points were built (they are, by the catalogue's brands). */
export const pointById = (id: string) => pointsById.get(id);

const EARTH_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The nearest points, closest first, within maxKm: one pass with a flat-earth distance (exact
 * enough to rank inside a country), then the haversine distance of the few kept.
 */
export function nearest(indexes: PointIndex[], from: { lat: number; lng: number }, limit: number, maxKm = Infinity): PickupPoint[] {
  const kx = Math.cos(rad(from.lat));
  const best: { d: number; point: PickupPoint }[] = [];
  for (const index of indexes) {
    const { lat, lng, points } = index;
    for (let i = 0; i < points.length; i++) {
      const dy = lat[i]! - from.lat;
      const dx = (lng[i]! - from.lng) * kx;
      const d = dx * dx + dy * dy;
      if (best.length === limit && d >= best[limit - 1]!.d) continue;
      let k = best.length === limit ? limit - 1 : best.length;
      best[k] = { d, point: points[i]! };
      while (k > 0 && best[k - 1]!.d > d) {
        [best[k - 1], best[k]] = [best[k]!, best[k - 1]!];
        k--;
      }
    }
  }
  return best
    .map(({ point }) => ({ ...point, distanceKm: Math.round(haversineKm(from, point) * 10) / 10 }))
    .filter((p) => p.distanceKm! <= maxKm)
    .sort((a, b) => a.distanceKm! - b.distanceKm! || a.id.localeCompare(b.id));
}
