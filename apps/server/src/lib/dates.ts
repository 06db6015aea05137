/**
 * The platform's calendar: every date a client sees, every day and month a rule counts, is in
 * Europe/Bucharest. No other server file names the time zone or does offset arithmetic itself.
 */
export const PLATFORM_TIME_ZONE = 'Europe/Bucharest';

/** Friday in Bucharest (spec 002: Saturday delivery is offered only then). */
export function isFridayInBucharest(at: Date) {
  return new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_TIME_ZONE, weekday: 'short' }).format(at) === 'Fri';
}

/** The instant a Bucharest calendar day (YYYY-MM-DD) starts. */
export function bucharestDayStart(day: string): Date {
  for (const offset of ['+02:00', '+03:00']) {
    const candidate = new Date(`${day}T00:00:00${offset}`);
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(candidate);
    if (hour === '00') return candidate;
  }
  return new Date(`${day}T00:00:00+02:00`);
}

/** The calendar day after a YYYY-MM-DD day. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
