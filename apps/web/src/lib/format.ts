import { formatBani, formatDay, formatDayTime, formatLei } from '@colete/contract';

/**
 * Every number, amount, date and time the app shows, in Romanian, and the only place that knows
 * the platform's time zone: dates come from the API in UTC and are shown in Bucharest time.
 * Money and dates are written by the contract's formatter (the server's PDFs and mails use the same
 * one): '1.199,93 lei', '06.03.2026', '06.03.2026 00:30'.
 * Intl formatters are built once (building one costs far more than using it).
 */
const LOCALE = 'ro-RO';
const TIME_ZONE = 'Europe/Bucharest';

const numberFormats = new Map<number, Intl.NumberFormat>();
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short' });

type Instant = string | Date;
const toDate = (at: Instant) => (typeof at === 'string' ? new Date(at) : at);

/** RON as the API sends it ('1199.93', or a number of lei) shown as '1.199,93 lei'; '-' when there is none. */
export const formatMoney = (lei: string | number | null | undefined) => formatLei(lei);
/** Integer bani shown as '1.199,93 lei' (negative for a credit note: '-1.199,93 lei'); in another currency '1.199,93 EUR'. */
export const formatMoneyBani = (bani: number, currency = 'RON') => formatBani(bani, currency);

/** A number with Romanian separators ('1.234,5'), at most `maxDecimals` decimals (3, as toLocaleString). */
export function formatNumber(value: number, maxDecimals = 3) {
  let f = numberFormats.get(maxDecimals);
  if (!f) numberFormats.set(maxDecimals, (f = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxDecimals })));
  return f.format(value);
}

/** '06.03.2026': the day in Bucharest of an instant, or a calendar day ('2026-03-06') as it is. */
export const formatDate = (at: Instant) => formatDay(typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at) ? at : bucharestDay(toDate(at)));
/** '00:30': the time in Bucharest. */
/** An ISO day ('YYYY-MM-DD') as 'dd.mm', for a chart's axis whose year is the window's. */
export const formatDayMonth = (isoDay: string) => formatDay(isoDay).slice(0, 5);
export const formatTime = (at: Instant) => timeFormat.format(toDate(at));
/** '06.03.2026 00:30': the day and time in Bucharest. */
export const formatDateTime = (at: Instant) => formatDayTime(bucharestDay(toDate(at)), formatTime(at));

/** Today (or `now`) in Bucharest as YYYY-MM-DD. */
export const bucharestDay = (now: Date = new Date()) => dayFormat.format(now);
/** Saturday delivery is offered only on Fridays, Bucharest time (spec 002 section 5). */
export const isFridayInBucharest = (now: Date = new Date()) => weekdayFormat.format(now) === 'Fri';

/** The same day one month earlier (the last day of a shorter month): the default start of a period one month back (spec 002 section 9). */
export function monthBefore(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}
