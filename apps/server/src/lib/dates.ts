import { formatDay, formatDayTime } from '@colete/contract';

/**
 * The platform's calendar: every date a client sees, every day and month a rule counts, is in
 * Europe/Bucharest. No other server file names the time zone or does offset arithmetic itself.
 */
export const PLATFORM_TIME_ZONE = 'Europe/Bucharest';

// One formatter each, built once: Intl formatters are costly to create.
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: PLATFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Bucharest's wall clock at an instant. */
export type BucharestParts = {
  year: number;
  /** 1 January ... 12 December. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: 1 Monday ... 7 Sunday. */
  weekday: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM', 24 hours. */
  time: string;
};

export function bucharestParts(at: Date): BucharestParts {
  const p = Object.fromEntries(PARTS.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS[p.weekday!]!,
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
  };
}

/** The Bucharest calendar day of an instant, 'YYYY-MM-DD'. */
export const bucharestDateKey = (at: Date) => bucharestParts(at).date;

/** The Bucharest month of an instant, 'YYYY-MM'. */
export const monthKey = (at: Date) => bucharestParts(at).date.slice(0, 7);

/** The Bucharest hour (0-23) of an instant. */
export const bucharestHour = (at: Date) => bucharestParts(at).hour;

/** A date as Romanians write it, 'dd.mm.yyyy', on Bucharest's calendar (the contract's one formatter writes it). */
export const formatRoDate = (at: Date) => formatDay(bucharestDateKey(at));

/** A date and time as the platform writes them, 'dd.mm.yyyy HH:MM', on Bucharest's wall clock. */
export function formatRoDateTime(at: Date) {
  const p = bucharestParts(at);
  return formatDayTime(p.date, p.time);
}

/** Friday in Bucharest (spec 002: Saturday delivery is offered only then). */
export function isFridayInBucharest(at: Date) {
  return bucharestParts(at).weekday === 5;
}

/** The instant a Bucharest calendar day (YYYY-MM-DD) starts. */
export function bucharestDayStart(day: string): Date {
  // Midnight in Bucharest is 22:00 or 21:00 UTC the day before (+02 winter, +03 summer).
  for (const offset of ['+02:00', '+03:00']) {
    const candidate = new Date(`${day}T00:00:00${offset}`);
    if (bucharestParts(candidate).hour === 0) return candidate;
  }
  return new Date(`${day}T00:00:00+02:00`);
}

/** The instant the Bucharest month of `at` starts. */
export const bucharestMonthStart = (at: Date) => bucharestDayStart(`${monthKey(at)}-01`);

/** The calendar day after a YYYY-MM-DD day. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** How far Bucharest's wall clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
function offsetAt(instant: number): number {
  const p = bucharestParts(new Date(instant));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant Bucharest's wall clock reads a given time. The reading is passed as if it were UTC
 * (Date.UTC(year, month - 1, day, hour, minute, second)); two passes settle the offset around a
 * change of summer time.
 */
export function fromBucharestWallClock(wallAsUtc: number): number {
  const first = wallAsUtc - offsetAt(wallAsUtc);
  return wallAsUtc - offsetAt(first);
}
