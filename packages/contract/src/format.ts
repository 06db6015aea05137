/**
 * The platform's one way to write money and dates (issue 16 item 14), used by the web's screens
 * and by the server's PDFs, mails, SMS and answers: '1.199,93 lei' and 'dd.mm.yyyy'. Plain string
 * and integer arithmetic (no Intl, no time zone, no side effect): the time zone's owners (server
 * lib/dates.ts, web lib/format.ts) give the Bucharest calendar day and wall clock, this writes them.
 */

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Integer bani as the number of lei, '1.199,93' (thousands with dots, two decimals after a comma): a table column headed in lei. */
export function formatBaniAmount(bani: number | bigint): string {
  const value = typeof bani === 'bigint' ? bani : BigInt(Math.round(bani));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${group((abs / 100n).toString())},${rest}`;
}

/**
 * Integer bani as a money field is prefilled: '328,00', '1199,93' (two decimals after a comma, no
 * thousands dots, so that the field reads its own text back as the same amount).
 */
export const formatBaniInput = (bani: number | bigint) => formatBaniAmount(bani).replaceAll('.', '');

/**
 * Integer bani as '1.199,93 lei': how money is written everywhere. An amount in another currency
 * (a client's own invoice in EUR) is written the same way with its ISO code: '1.199,93 EUR'.
 */
export const formatBani = (bani: number | bigint, currency = 'RON') => `${formatBaniAmount(bani)} ${currency === 'RON' ? 'lei' : currency}`;

/**
 * Lei as the API writes them ('1199.93', '-71.4', or a number) to integer bani, rounded half away
 * from zero at the third decimal through the decimal text (no float arithmetic); null if not a number.
 */
export function leiToBaniText(lei: string | number): number | null {
  const m = /^\s*([+-])?(\d*)(?:\.(\d*))?\s*$/.exec(typeof lei === 'number' ? String(lei) : lei);
  if (!m || (!m[2] && !m[3])) return null;
  const fraction = (m[3] ?? '').padEnd(3, '0');
  let bani = Number(m[2] || '0') * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) bani += 1;
  return m[1] === '-' && bani !== 0 ? -bani : bani;
}

/** Lei as the API writes them ('23.8', 1250) as '23,80 lei'; '-' when there is no amount. */
export function formatLei(lei: string | number | null | undefined): string {
  if (lei == null || lei === '') return '-';
  const bani = leiToBaniText(lei);
  return bani === null ? '-' : formatBani(bani);
}

/** A calendar day 'YYYY-MM-DD' (already on Bucharest's calendar) as 'dd.mm.yyyy'; other text unchanged. */
export function formatDay(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay.slice(0, 10));
  return m ? `${m[3]}.${m[2]}.${m[1]}` : isoDay;
}

/** A Bucharest day and wall-clock time ('HH:MM') as 'dd.mm.yyyy HH:MM'. */
export const formatDayTime = (isoDay: string, time: string) => `${formatDay(isoDay)} ${time}`;
