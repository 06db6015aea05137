import { isValidCui, normalizeCui, vatValuesOn } from '@colete/contract';
import { sumOf, type UblDocument } from '../../lib/ubl-read.js';

/*
 * The warnings of a received e-invoice (issue 25): the problems a person should see before paying,
 * computed on receipt from the document lib/ubl-read.ts reads.
 */

/** The problems of a received document a person should see (issue 25), each its Romanian text. */
export const RECEIVED_WARNINGS = {
  linesTotal: (lines: string, total: string) => `Suma liniilor (${lines}) nu este egala cu totalul net al facturii (${total}).`,
  taxTotal: (parts: string, total: string) => `TVA-ul pe cote (${parts}) nu este egal cu TVA-ul total al facturii (${total}).`,
  grossTotal: (net: string, tax: string, gross: string) => `Totalul fara TVA (${net}) plus TVA-ul (${tax}) nu este egal cu totalul cu TVA (${gross}).`,
  payable: (gross: string, payable: string) => `Suma de plata (${payable}) nu corespunde totalului cu TVA (${gross}), avansurilor si rotunjirii.`,
  sellerCui: (cui: string) => `Codul fiscal al furnizorului (${cui}) nu este valid: cifra de control nu corespunde.`,
  dueBeforeIssue: (due: string, issue: string) => `Data scadentei (${due}) este inaintea datei facturii (${issue}).`,
  vatRate: (rate: string, day: string) => `Cota de TVA de ${rate}% nu era in vigoare la data facturii (${day}).`,
  duplicate: (number: string) => `Furnizorul a mai trimis o factura cu numarul ${number}.`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const amount = (bani: number) => (bani / 100).toFixed(2);

/**
 * The warnings of a document, computed on receipt: totals that do not add up (lines to net, VAT per
 * rate to VAT, net plus VAT to gross, gross to payable), a Romanian seller's fiscal code with a bad
 * check digit, a due date before the issue date, a standard-rated VAT percent not in force on the
 * issue date. (The same number twice from one seller needs the stored invoices: the sync adds it.)
 */
export function warningsOf(doc: UblDocument): string[] {
  const warnings: string[] = [];
  const t = doc.totals;
  const lines = sumOf(doc.lines.map((l) => l.netBani));
  if (t.lineExtensionBani !== null && doc.lines.length > 0 && lines !== t.lineExtensionBani) warnings.push(RECEIVED_WARNINGS.linesTotal(amount(lines), amount(t.lineExtensionBani)));
  const parts = sumOf(doc.taxes.map((x) => x.taxBani));
  if (doc.taxBani !== null && doc.taxes.length > 0 && parts !== doc.taxBani) warnings.push(RECEIVED_WARNINGS.taxTotal(amount(parts), amount(doc.taxBani)));
  if (t.taxExclusiveBani !== null && t.taxInclusiveBani !== null && t.taxExclusiveBani + (doc.taxBani ?? 0) !== t.taxInclusiveBani) {
    warnings.push(RECEIVED_WARNINGS.grossTotal(amount(t.taxExclusiveBani), amount(doc.taxBani ?? 0), amount(t.taxInclusiveBani)));
  }
  if (t.taxInclusiveBani !== null && t.payableBani !== null && t.taxInclusiveBani - t.prepaidBani + t.roundingBani !== t.payableBani) warnings.push(RECEIVED_WARNINGS.payable(amount(t.taxInclusiveBani), amount(t.payableBani)));
  const sellerVat = doc.seller.vatId ?? doc.seller.identification;
  if (sellerVat && (/^RO/i.test(sellerVat) || doc.seller.country === 'RO') && /^(RO)?\s*\d+$/i.test(sellerVat) && !isValidCui(normalizeCui(sellerVat))) warnings.push(RECEIVED_WARNINGS.sellerCui(normalizeCui(sellerVat)));
  if (doc.dueDate && doc.issueDate && DAY.test(doc.dueDate) && DAY.test(doc.issueDate) && doc.dueDate < doc.issueDate) warnings.push(RECEIVED_WARNINGS.dueBeforeIssue(doc.dueDate, doc.issueDate));
  if (doc.issueDate && DAY.test(doc.issueDate)) {
    const inForce = vatValuesOn(doc.issueDate);
    const standardRated = new Set(doc.taxes.filter((x) => x.category === 'S' && x.percent !== null).map((x) => Number(x.percent)));
    for (const rate of standardRated) if (rate > 0 && !inForce.includes(rate)) warnings.push(RECEIVED_WARNINGS.vatRate(String(rate), doc.issueDate));
  }
  return warnings;
}
