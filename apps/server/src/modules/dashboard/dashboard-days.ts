import { DASHBOARD_DAYS, DASHBOARD_MONTHS } from '@colete/contract';
import { bucharestDateKey, bucharestDayStart, nextDay } from '../../lib/dates.js';

/** The day before a Bucharest 'YYYY-MM-DD'. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The dashboard's windows at `now` (Bucharest calendar): today, the last DASHBOARD_DAYS days (today
 * included) as their keys and the instant the first one starts, and the first day of the month
 * DASHBOARD_MONTHS - 1 months back with the months' keys.
 */
export function windowsAt(now: Date) {
  const today = bucharestDateKey(now);
  const days: string[] = [today];
  while (days.length < DASHBOARD_DAYS) days.unshift(dayBefore(days[0]!));
  const [y, m] = today.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let k = DASHBOARD_MONTHS - 1; k >= 0; k--) {
    const total = y * 12 + (m - 1) - k;
    months.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`);
  }
  return {
    today,
    todayStart: bucharestDayStart(today),
    tomorrow: nextDay(today),
    days,
    since: bucharestDayStart(days[0]!),
    months,
    monthsFromDay: `${months[0]!}-01`,
  };
}
