import { bucharestParts } from '../../lib/dates.js';

/** Romanian working days, for cut-off hours and pick-up dates (the clock is lib/dates.ts's). */

const FIXED_HOLIDAYS = ['01-01', '01-02', '01-06', '01-07', '01-24', '05-01', '06-01', '08-15', '11-30', '12-01', '12-25', '12-26'];

const utcDate = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
};

/** Orthodox Easter Sunday (Meeus' Julian algorithm, +13 days to the Gregorian calendar, 1900-2099). */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return addDays(iso(utcDate(year, month, day)), 13);
}

const holidayCache = new Map<number, Set<string>>();
/** Romanian public holidays of a year (Labour Code art. 139). */
export function holidays(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    const easter = orthodoxEaster(year);
    set = new Set([
      ...FIXED_HOLIDAYS.map((md) => `${year}-${md}`),
      // Good Friday, Easter Sunday and Monday, Pentecost Sunday and Monday.
      ...[-2, 0, 1, 49, 50].map((days) => addDays(easter, days)),
    ]);
    holidayCache.set(year, set);
  }
  return set;
}

export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays(Number(date.slice(0, 4))).has(date);
}

export function nextWorkingDay(date: string): string {
  let d = addDays(date, 1);
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}

/** The day the courier comes: the order's day when it is a working day before the cut-off, else the next working day. */
export function pickupDate(at: Date, lastOrderHour: string): string {
  const local = bucharestParts(at);
  return isWorkingDay(local.date) && local.time < lastOrderHour ? local.date : nextWorkingDay(local.date);
}
