import fs from 'node:fs';
import path from 'node:path';
import { normalizeText } from '@colete/contract';
import type { InvoiceParty } from '../../db/schema/invoicing.js';
import { csvRecords } from '../../lib/csv.js';
import { dataFolder } from '../../lib/ro-data.js';

/*
 * A party's postal address as CIUS-RO wants it (BG-5 / BG-8): a street line (BT-35/BT-50), the
 * locality (BT-37/BT-52; in Bucharest the sector, SECTOR1..SECTOR6), the postal code and the county
 * as ISO 3166-2:RO (RO-B, RO-CJ). Invoices issued from e-Invoicing 2 on keep these parts; older ones
 * kept one line ('street nr, more, city, postal code') and the county's name, read back here: the
 * line's last parts are the city and the postal code, the county's code comes from the localities'
 * data (data/ro/localities-geo.csv).
 */

export class InvoiceAddressError extends Error {}

export type UblAddress = { street: string; city: string; postalCode: string | null; countrySubentity: string | null; country: string };

let countyCodes: Map<string, string> | null = null;
/** County name (without diacritics, any case) -> its code: 'Cluj' -> 'CJ', 'Bucuresti' -> 'B'. */
function countyCodeByName(name: string): string | null {
  if (!countyCodes) {
    countyCodes = new Map();
    for (const r of csvRecords(fs.readFileSync(path.join(dataFolder(), 'localities-geo.csv'), 'utf8'))) countyCodes.set(normalizeText(r.county!), r.county_code!);
  }
  const norm = normalizeText(name)
    .replace(/^(judetul|jud\.?|municipiul|mun\.?)\s+/, '')
    .trim();
  return countyCodes.get(norm) ?? (/^bucure/.test(norm) ? 'B' : null);
}

/** Bucharest's sector from the city ('Sectorul 2', 'Sector 2', 'Bucuresti, Sector 2', 'S2') or else its postal code (0N....: sector N). */
export function bucharestSector(city: string, postalCode: string | null): number | null {
  const m = /\b(?:sector(?:ul)?|sect\.?|s)\s*([1-6])\b/.exec(normalizeText(city));
  if (m) return Number(m[1]);
  const p = postalCode ? /^0([1-6])\d{4}$/.exec(postalCode) : null;
  return p ? Number(p[1]) : null;
}

/** An older invoice's single address line in parts: the last part a postal code when six digits, the one before it the city. */
function splitLine(line: string) {
  const parts = line
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const postalCode = parts.length > 1 && /^\d{6}$/.test(parts.at(-1)!) ? parts.pop()! : null;
  const city = parts.length > 1 ? parts.pop()! : (parts[0] ?? '');
  return { street: parts.join(', ') || city, city, postalCode };
}

/** The party's address for the e-invoice; throws InvoiceAddressError when a Romanian one names no county or (Bucharest) no sector. */
export function ublAddress(p: InvoiceParty): UblAddress {
  const country = (p.countryCode || 'RO').toUpperCase();
  const kept = p.city ? { street: p.street || p.city, city: p.city, postalCode: p.postalCode || null } : splitLine(p.address);
  if (country !== 'RO') return { ...kept, countrySubentity: null, country };
  const countyCode = p.countyCode || countyCodeByName(p.county);
  if (!countyCode) throw new InvoiceAddressError(`Adresa cumparatorului ${p.name} nu numeste un judet recunoscut ('${p.county}'): corectati adresa si retrimiteti.`);
  let city = kept.city;
  if (countyCode === 'B') {
    const sector = bucharestSector(kept.city, kept.postalCode);
    if (!sector) throw new InvoiceAddressError(`Adresa din Bucuresti a cumparatorului ${p.name} nu are sectorul (${p.address}): corectati adresa si retrimiteti.`);
    city = `SECTOR${sector}`;
  }
  return { street: kept.street || city, city, postalCode: kept.postalCode, countrySubentity: `RO-${countyCode}`, country };
}
