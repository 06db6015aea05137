import Holidays from 'date-holidays';

/*
 * Romanian working days (issue 26): Monday to Friday, except the legal public holidays, taken from
 * the maintained date-holidays library (Law 53/2003 art. 139 as it changes: Orthodox Easter and
 * Pentecost, 6-7 January since 2024). Days are 'YYYY-MM-DD' calendar days of Bucharest.
 */

const romania = new Holidays('RO');
const cache = new Map<number, Set<string>>();
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function publicHolidays(year: number): Set<string> {
  let days = cache.get(year);
  if (!days) {
    days = new Set<string>();
    // A holiday may last more than one day (the library's 'Anul nou' is 1 and 2 January): every day of it.
    for (const h of romania.getHolidays(year).filter((x) => x.type === 'public')) {
      const length = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / 86_400_000));
      for (let k = 0; k < length; k++) days.add(addDays(h.date.slice(0, 10), k));
    }
    cache.set(year, days);
  }
  return days;
}


export function isWorkingDay(day: string): boolean {
  const w = weekday(day);
  return w !== 0 && w !== 6 && !publicHolidays(Number(day.slice(0, 4))).has(day);
}

/** The day `n` working days after `day` (the day itself not counted). */
export function addWorkingDays(day: string, n: number): string {
  let current = day;
  for (let left = n; left > 0; ) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** The working days after `from` up to `to` included (0 when `to` is not after `from`). */
export function workingDaysBetween(from: string, to: string): number {
  let n = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isWorkingDay(day)) n += 1;
  return n;
}

/**
 * The last day an invoice issued on `issueDay` may reach e-Factura: 5 working days after its issue
 * (OUG 89/2025, since 1 January 2026; calendar days before it).
 */
export function eInvoiceDeadline(issueDay: string): string {
  return issueDay < '2026-01-01' ? addDays(issueDay, 5) : addWorkingDays(issueDay, 5);
}
