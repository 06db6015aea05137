/**
 * Romanian VAT as a dated rule (Law 227/2015, the Fiscal Code; Law 141/2025): the rate in force on
 * the day the service is supplied applies, not the day of the invoice. Courier services take the
 * standard rate. Days are Europe/Bucharest calendar days as 'YYYY-MM-DD' (the caller turns an
 * instant into its Bucharest day: the server's lib/vat.ts, through its date helpers).
 */
export type VatPeriod = {
  /** First day in force, 'YYYY-MM-DD' (Bucharest calendar). */
  from: string;
  /** The standard rate, in percent. */
  standard: number;
  /** The reduced rates, in percent, highest first. */
  reduced: readonly number[];
};

/** Oldest first. The first period also answers for any earlier day (the platform has no older supplies). */
export const VAT_PERIODS: readonly VatPeriod[] = [
  { from: '2017-01-01', standard: 19, reduced: [9, 5] },
  { from: '2025-08-01', standard: 21, reduced: [11] },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The VAT period in force on a Bucharest calendar day ('YYYY-MM-DD'). */
export function vatRateOn(day: string): VatPeriod {
  if (!DAY.test(day)) throw new RangeError(`not a calendar day: ${day}`);
  let period = VAT_PERIODS[0]!;
  for (const p of VAT_PERIODS) if (p.from <= day) period = p;
  return period;
}

/** The standard rate on a day, in percent: what courier services, top-ups and invoices of that day take. */
export const standardVatOn = (day: string) => vatRateOn(day).standard;

/** The rates on a day, the standard one first (GET user/invoicing-system/vat/values). */
export const vatValuesOn = (day: string) => {
  const p = vatRateOn(day);
  return [p.standard, ...p.reduced];
};

/** A net amount in whole bani with its VAT added, rounded half up to the ban. */
export const grossOfNet = (netBani: number, vatPercent: number) => Math.round((netBani * (100 + vatPercent)) / 100);

/** A gross amount (VAT included) split into net and VAT in whole bani: the net rounded, the VAT what is left. */
export function splitGross(grossBani: number, vatPercent: number) {
  const netBani = Math.round((grossBani * 100) / (100 + vatPercent));
  return { netBani, vatBani: grossBani - netBani };
}
