/**
 * Every number, amount, date and time the app shows, in Romanian, and the only place that knows
 * the platform's time zone: dates come from the API in UTC and are shown in Bucharest time.
 * Intl formatters are built once (building one costs far more than using it).
 */
const LOCALE = 'ro-RO';
const TIME_ZONE = 'Europe/Bucharest';

const moneyFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormats = new Map<number, Intl.NumberFormat>();
const dateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const mediumDateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: 'medium' });
const longDateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: 'long' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short' });

type Instant = string | Date;
const toDate = (at: Instant) => (typeof at === 'string' ? new Date(at) : at);

/** RON as the API sends it ('23.80', or a number of lei) shown as '23,80 lei'; '-' when there is none. */
export const formatMoney = (lei: string | number | null | undefined) => (lei == null || lei === '' ? '-' : `${moneyFormat.format(Number(lei))} lei`);

/** A number with Romanian separators ('1.234,5'), at most `maxDecimals` decimals (3, as toLocaleString). */
export function formatNumber(value: number, maxDecimals = 3) {
  let f = numberFormats.get(maxDecimals);
  if (!f) numberFormats.set(maxDecimals, (f = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxDecimals })));
  return f.format(value);
}

/** '06.03.2026': the day in Bucharest. */
export const formatDate = (at: Instant) => dateFormat.format(toDate(at));
/** '00:30': the time in Bucharest. */
export const formatTime = (at: Instant) => timeFormat.format(toDate(at));
/** '6 mar. 2026, 00:30'. */
export const formatDateTime = (at: Instant) => dateTimeFormat.format(toDate(at));
/** '6 mar. 2026'. */
export const formatDateMedium = (at: Instant) => mediumDateFormat.format(toDate(at));
/** '6 martie 2026'. */
export const formatDateLong = (at: Instant) => longDateFormat.format(toDate(at));

/** Today (or `now`) in Bucharest as YYYY-MM-DD. */
export const bucharestDay = (now: Date = new Date()) => dayFormat.format(now);
/** Saturday delivery is offered only on Fridays, Bucharest time (spec 002 section 5). */
export const isFridayInBucharest = (now: Date = new Date()) => weekdayFormat.format(now) === 'Fri';
