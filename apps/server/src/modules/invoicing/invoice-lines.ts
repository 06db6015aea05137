import { splitGross } from '@colete/contract';
import type { InvoiceLine } from '../../db/schema.js';
import { vatPercentAt } from '../../lib/vat.js';

/**
 * One line to invoice: a gross amount (VAT included) and the VAT rate of its supply (the rate in
 * force on the day the service was supplied or the advance collected); without one, the rate on
 * the invoice's date.
 */
export type InvoiceLineInput = { description: string; grossBani: number; quantity?: number; vatPercent?: number };

/** Each gross line split into net and VAT at its own rate, in whole bani. */
export function invoiceLines(inputs: InvoiceLineInput[], onInvoiceDate: number): InvoiceLine[] {
  return inputs.map((l) => {
    const quantity = l.quantity ?? 1;
    const vatPercent = l.vatPercent ?? onInvoiceDate;
    // A negative line (a storno) is the exact opposite of the positive one: rounding never differs by sign.
    const split = splitGross(Math.abs(l.grossBani), vatPercent);
    const sign = l.grossBani < 0 ? -1 : 1;
    const netBani = sign * split.netBani;
    const vatBani = sign * split.vatBani;
    return { description: l.description, quantity, unitNetBani: Math.round(netBani / quantity), netBani, vatBani, vatPercent };
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
