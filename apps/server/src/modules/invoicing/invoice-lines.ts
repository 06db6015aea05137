import { splitGross } from '@colete/contract';
import type { InvoiceLine } from '../../db/schema/invoicing.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { vatPercentAt } from '../../lib/vat.js';

/**
 * One line to invoice: a gross amount (VAT included) and the VAT rate of its supply (the rate in
 * force on the day the service was supplied or the advance collected); without one, the rate on
 * the invoice's date. suppliedOn: the Bucharest day of the supply ('YYYY-MM-DD'), when it is not
 * the invoice's date (the invoice states it: BT-72 / BG-14).
 */
export type InvoiceLineInput = { description: string; grossBani: number; quantity?: number; vatPercent?: number; suppliedOn?: string };

/**
 * A rate's gross total split into its taxable amount and its VAT, the VAT computed once on the
 * rate's total (BR-CO-17), never summed from rounded lines: the taxable amount is the gross total
 * without VAT rounded to the ban, the VAT what is left, so the rate's gross total stays what the
 * client was charged. The VAT is then exactly round(taxable x rate / 100) whenever some taxable
 * amount gives that gross total, and one ban from it otherwise (about one gross total in six at
 * 21%, which no taxable amount reaches). A negative total is the exact opposite of the positive one.
 */
export function splitRateTotal(grossBani: number, vatPercent: number) {
  const { netBani, vatBani } = splitGross(Math.abs(grossBani), vatPercent);
  // `|| 0`: never a negative zero.
  return grossBani < 0 ? { netBani: -netBani || 0, vatBani: -vatBani || 0 } : { netBani, vatBani };
}

/**
 * The nets of one rate's gross lines, adding up to `taxableBani`: each line's exact net (gross x
 * 100 / (100 + rate)) rounded down, then a ban more on the lines with the largest remainders, the
 * first such line first (largest remainder: every line's net is within a ban of its exact net).
 */
function allocateNets(grosses: number[], vatPercent: number, taxableBani: number): number[] {
  const divisor = 100 + vatPercent;
  // Integers throughout: gross x 100 and its remainder by 100 + rate are exact. The bani to add are
  // never more than the lines with a remainder (the taxable amount is the exact sum rounded), so a
  // line with none never takes one.
  const floors = grosses.map((g) => Math.floor((g * 100) / divisor));
  const remainders = grosses.map((g, i) => g * 100 - floors[i]! * divisor);
  let left = taxableBani - floors.reduce((a, b) => a + b, 0);
  const order = grosses.map((_, i) => i).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
  const nets = [...floors];
  for (const i of order) {
    if (left <= 0) break;
    nets[i]! += 1;
    left -= 1;
  }
  if (left !== 0) throw new Error(`the nets at ${vatPercent}% do not add up to ${taxableBani}`);
  return nets;
}

/**
 * Gross lines split into net and VAT: per rate, the rate's VAT on its total (splitRateTotal), the
 * lines' nets adding up to the rate's taxable amount and each line's VAT its gross less its net,
 * so the lines, the VAT per rate and the invoice's totals add up to the ban and the gross charged
 * is unchanged. A one-line invoice splits as splitGross; an invoice whose lines are all negative is
 * the exact opposite of the positive one.
 */
export function invoiceLines(inputs: InvoiceLineInput[], onInvoiceDate: number): InvoiceLine[] {
  const rateOf = (l: InvoiceLineInput) => l.vatPercent ?? onInvoiceDate;
  const nets = new Array<number>(inputs.length).fill(0);
  for (const rate of new Set(inputs.map(rateOf))) {
    const indexes = inputs.flatMap((l, i) => (rateOf(l) === rate ? [i] : []));
    const total = indexes.reduce((s, i) => s + inputs[i]!.grossBani, 0);
    // Allocated on the sign of the total, so a negated invoice is the exact opposite.
    const sign = total < 0 ? -1 : 1;
    const allocated = allocateNets(
      indexes.map((i) => sign * inputs[i]!.grossBani),
      rate,
      sign * splitRateTotal(total, rate).netBani,
    );
    indexes.forEach((i, k) => (nets[i] = sign * allocated[k]! || 0));
  }
  return inputs.map((l, i) => {
    const quantity = l.quantity ?? 1;
    const netBani = nets[i]!;
    return {
      description: l.description,
      quantity,
      unitNetBani: Math.round(netBani / quantity),
      netBani,
      vatBani: l.grossBani - netBani,
      vatPercent: rateOf(l),
      ...(l.suppliedOn ? { suppliedOn: l.suppliedOn } : {}),
    };
  });
}

/** An invoice's VAT by rate, lowest rate first (lines kept before their rate was stored take the invoice's). */
export function vatByRate(invoice: { lines: InvoiceLine[]; vatPercent: number }) {
  const rates = new Map<number, { netBani: number; vatBani: number }>();
  for (const l of invoice.lines) {
    const rate = l.vatPercent ?? invoice.vatPercent;
    const sum = rates.get(rate) ?? { netBani: 0, vatBani: 0 };
    rates.set(rate, { netBani: sum.netBani + l.netBani, vatBani: sum.vatBani + l.vatBani });
  }
  return [...rates].map(([vatPercent, sum]) => ({ vatPercent, ...sum })).sort((a, b) => a.vatPercent - b.vatPercent);
}

/** A billable charge as an invoice line: at the VAT of its supply, the day it was charged (the shipment's activation). */
export const chargeLine = (c: { description: string; amountBani: number; createdAt: Date }): InvoiceLineInput => ({
  description: c.description,
  grossBani: c.amountBani,
  vatPercent: vatPercentAt(c.createdAt),
  suppliedOn: bucharestDateKey(c.createdAt),
});

const STORNO_TEXT = 'Stornare avans: sold preplatit returnat clientului';

/**
 * The reversal of returned advances, at the rates the advances were invoiced with: the advances
 * are reversed oldest first, after the `alreadyReversedBani` earlier settlements reversed. One line
 * per rate (the rate named in the text when there are several); what no advance invoice explains
 * (none kept) takes today's rate.
 */
export function stornoLines(advances: { totalBani: number; vatPercent: number }[], alreadyReversedBani: number, stornoBani: number): InvoiceLineInput[] {
  const byRate = new Map<number, number>();
  let skip = alreadyReversedBani;
  let left = stornoBani;
  for (const a of advances) {
    if (left <= 0) break;
    const open = Math.max(0, a.totalBani - skip);
    skip = Math.max(0, skip - a.totalBani);
    const take = Math.min(open, left);
    if (take > 0) byRate.set(a.vatPercent, (byRate.get(a.vatPercent) ?? 0) + take);
    left -= take;
  }
  if (left > 0) {
    const today = vatPercentAt(new Date());
    byRate.set(today, (byRate.get(today) ?? 0) + left);
  }
  const several = byRate.size > 1;
  return [...byRate].map(([vatPercent, bani]) => ({ description: several ? `${STORNO_TEXT} (avans cu TVA ${vatPercent}%)` : STORNO_TEXT, grossBani: -bani, vatPercent }));
}
