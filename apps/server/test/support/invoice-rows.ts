import { expect } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { InvoiceParty } from '../../src/db/schema.js';
import { checkEInvoice } from '../../src/integrations/e-invoicing/cius-ro-rules.js';
import { readUbl } from '../../src/lib/ubl-read.js';
import { vatPercentAt } from '../../src/lib/vat.js';
import { readXmlTree } from '../../src/lib/xml-tree.js';
import { invoiceLines, type InvoiceLineInput } from '../../src/modules/invoicing/invoice-lines.js';
import type { InvoiceRow } from '../../src/modules/invoicing/invoicing-queries.js';
import { invoiceUbl, type CreditedInvoice } from '../../src/modules/invoicing/invoice-ubl.js';

/* Invoice rows built as issueInvoice builds them (without a database), and the check of their e-invoice. */

const config = loadConfig({ NODE_ENV: 'test' });

export const BUYERS = {
  vatPayer: { name: 'Demo Logistic SRL', identificationCode: '14399840', isCompany: true, isVatPayer: true, tradeRegister: 'J12/1234/2010', address: 'Strada Memorandumului 28, Cluj-Napoca, 400114', county: 'Cluj', countryCode: 'RO', street: 'Strada Memorandumului 28', city: 'Cluj-Napoca', countyCode: 'CJ', postalCode: '400114' },
  nonVatPayer: { name: 'Exemplu Comert SRL', identificationCode: '12345674', isCompany: true, isVatPayer: false, tradeRegister: 'J35/910/2001', address: 'Calea Victoriei 120, Sectorul 1, 010093', county: 'București', countryCode: 'RO', street: 'Calea Victoriei 120', city: 'Sectorul 1', countyCode: 'B', postalCode: '010093' },
  individual: { name: 'Ion Popescu', identificationCode: '1800101123450', isCompany: false, isVatPayer: false, tradeRegister: null, address: 'Strada Lungă 3, bl. A, Brașov, 500035', county: 'Brașov', countryCode: 'RO', street: 'Strada Lungă 3, bl. A', city: 'Brașov', countyCode: 'BV', postalCode: '500035' },
  individualNoCnp: { name: 'Maria <Ionescu> & fiica', identificationCode: '', isCompany: false, isVatPayer: false, tradeRegister: null, address: 'Sat Lăzărești, 117653', county: 'Argeș', countryCode: 'RO', street: '', city: 'Lăzărești', countyCode: 'AG', postalCode: '117653' },
  /** Issued before the address was kept in parts: one line and the county's name. */
  older: { name: 'Transport Rapid SA', identificationCode: '4221306', isCompany: true, isVatPayer: true, tradeRegister: 'J40/5678/1993', address: 'Calea Victoriei 120, Sector 3, 030167', county: 'Bucuresti', countryCode: 'RO' },
  olderCounty: { name: 'Gradina Verde SRL', identificationCode: '30272090', isCompany: true, isVatPayer: false, tradeRegister: null, address: 'Str. Morii 2, Cluj-Napoca, 400001', county: 'Cluj', countryCode: 'RO' },
} satisfies Record<string, InvoiceParty>;

let id = 1;
/** A row as issueInvoice writes it: seller from the configuration, the lines split as issued. */
export function invoiceRow(p: { kind: InvoiceRow['kind']; buyer: InvoiceParty; lines: InvoiceLineInput[]; at?: Date; number?: number; oldSeller?: boolean }): InvoiceRow {
  const at = p.at ?? new Date('2025-09-15T10:00:00Z');
  const onInvoiceDate = vatPercentAt(at);
  const lines = invoiceLines(p.lines, onInvoiceDate);
  const rates = new Set(lines.map((l) => l.vatPercent ?? onInvoiceDate));
  const netBani = lines.reduce((s, l) => s + l.netBani, 0);
  const vatBani = lines.reduce((s, l) => s + l.vatBani, 0);
  const s = config.seller;
  const structured = p.oldSeller ? {} : { street: s.street, city: s.city, countyCode: s.countyCode, postalCode: s.postalCode };
  return {
    id: id++,
    userId: 1,
    billingEntityId: null,
    series: 'COL',
    number: p.number ?? id,
    kind: p.kind,
    creditsInvoiceId: p.kind === 'credit_note' ? 1 : null,
    seller: { name: s.name, identificationCode: s.cui, isCompany: true, isVatPayer: true, tradeRegister: s.tradeRegister, address: s.address, county: s.county, countryCode: 'RO', iban: config.platformIban, bank: s.bank, ...structured },
    buyer: p.buyer,
    lines,
    vatPercent: rates.size === 1 ? [...rates][0]! : onInvoiceDate,
    netBani,
    vatBani,
    totalBani: netBani + vatBani,
    postpaidBani: 0,
    issuedAt: at,
  };
}

export const ORIGINAL: CreditedInvoice = { series: 'COL', number: 7, issuedAt: new Date('2025-08-05T09:00:00Z') };

/** The row's e-invoice passes the schema and every fatal rule, and reads back as the row says. */
export async function expectValidUbl(row: InvoiceRow) {
  const ubl = invoiceUbl(row, row.kind === 'credit_note' ? ORIGINAL : null);
  const report = await checkEInvoice(ubl.xml);
  expect(report.schemaErrors, ubl.xml).toEqual([]);
  expect(report.fatal, ubl.xml).toEqual([]);
  const doc = readUbl(readXmlTree(ubl.xml))!;
  // A credit note's amounts read back negative; a zero reads back as 0, never -0 (a zero VAT line, say).
  const sign = row.kind === 'credit_note' ? -1 : 1;
  const signed = (bani: number) => sign * bani + 0;
  expect(doc.number).toBe(`${row.series} ${String(row.number).padStart(6, '0')}`);
  expect(doc.kind).toBe(row.kind === 'credit_note' ? 'creditNote' : 'invoice');
  expect(doc.totals).toMatchObject({ lineExtensionBani: signed(row.netBani), taxExclusiveBani: signed(row.netBani), taxInclusiveBani: signed(row.totalBani), payableBani: signed(row.totalBani) });
  expect(doc.taxBani).toBe(signed(row.vatBani));
  expect(doc.lines.map((l) => ({ netBani: l.netBani, vatPercent: Number(l.vatPercent) }))).toEqual(row.lines.map((l) => ({ netBani: signed(l.netBani), vatPercent: l.vatPercent })));
  expect(ubl.standard).toBe(row.kind === 'credit_note' ? 'CN' : 'UBL');
  expect(ubl.b2c).toBe(!row.buyer.isCompany);
  return { ubl, doc, report };
}
