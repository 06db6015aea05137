import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readXmlTree } from '../src/lib/xml-tree.js';
import { baniOf, readUbl } from '../src/lib/ubl-read.js';
import { RECEIVED_WARNINGS, warningsOf } from '../src/modules/einvoice/ubl-warnings.js';
import { efacturaSamples } from './support/efactura.js';

/* Issue 25: a received e-invoice read from its XML, and the warnings computed on receipt. */

const SAMPLES = efacturaSamples();

/** A CIUS-RO invoice of two lines at 21% (100,00 + 50,00 lei, VAT 31,50, total 181,50), with fields to spoil. */
function invoice(over: Partial<{ seller: string; issue: string; due: string; line2: string; tax: string; percent: string; payable: string; root: string }> = {}) {
  const o = { seller: 'RO4221306', issue: '2026-11-02', due: '2026-11-30', line2: '50.00', tax: '31.50', percent: '21', payable: '181.50', root: 'Invoice', ...over };
  const ns = o.root === 'Invoice' ? 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' : 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
  const line = o.root === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const qty = o.root === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  return `<?xml version="1.0" encoding="UTF-8"?>
<${o.root} xmlns="${ns}" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID>
  <cbc:ID>FCT-0042</cbc:ID>
  <cbc:IssueDate>${o.issue}</cbc:IssueDate>
  <cbc:DueDate>${o.due}</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>RON</cbc:DocumentCurrencyCode>
  <cac:AdditionalDocumentReference><cbc:ID>FCT-0042</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="FCT-0042.pdf">JVBERi0x
LjQK</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PostalAddress><cbc:StreetName>Calea Victoriei 120</cbc:StreetName><cbc:CityName>SECTOR1</cbc:CityName><cbc:CountrySubentity>RO-B</cbc:CountrySubentity><cac:Country><cbc:IdentificationCode>RO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>${o.seller}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Transport Rapid SA</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party>
    <cac:PostalAddress><cbc:CityName>Cluj-Napoca</cbc:CityName><cac:Country><cbc:IdentificationCode>RO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>RO14399840</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Demo Logistic SRL</cbc:RegistrationName><cbc:CompanyID>J12/1234/2010</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingCustomerParty>
  <cac:PaymentMeans><cbc:PaymentMeansCode>31</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>RO49AAAA1B31007593840000</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="RON">${o.tax}</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="RON">150.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="RON">31.50</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${o.percent}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="RON">150.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="RON">150.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="RON">181.50</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="RON">${o.payable}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:${line}><cbc:ID>1</cbc:ID><cbc:${qty} unitCode="H87">2</cbc:${qty}><cbc:LineExtensionAmount currencyID="RON">100.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>Transport colete</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="RON">50.00</cbc:PriceAmount></cac:Price></cac:${line}>
  <cac:${line}><cbc:ID>2</cbc:ID><cbc:${qty} unitCode="C62">1</cbc:${qty}><cbc:LineExtensionAmount currencyID="RON">${o.line2}</cbc:LineExtensionAmount><cac:Item><cbc:Name>Ramburs</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="RON">50.00</cbc:PriceAmount></cac:Price></cac:${line}>
</${o.root}>`;
}

const read = (xml: string) => readUbl(readXmlTree(xml))!;

describe('a received invoice read from its XML', () => {
  it('gives the parties, dates, lines, VAT per rate, totals in bani, the payment account and the embedded PDF', () => {
    const doc = read(invoice());
    expect(doc).toMatchObject({ kind: 'invoice', number: 'FCT-0042', issueDate: '2026-11-02', dueDate: '2026-11-30', typeCode: '380', currency: 'RON', paymentIban: 'RO49AAAA1B31007593840000', taxBani: 3150 });
    expect(doc.seller).toEqual({ name: 'Transport Rapid SA', identification: '4221306', vatId: 'RO4221306', city: 'SECTOR1', street: 'Calea Victoriei 120', country: 'RO' });
    expect(doc.buyer).toMatchObject({ name: 'Demo Logistic SRL', identification: '14399840', vatId: 'RO14399840' });
    expect(doc.lines).toEqual([
      { id: '1', objectId: null, name: 'Transport colete', quantity: '2', unitCode: 'H87', netBani: 10000, vatPercent: '21', category: 'S' },
      { id: '2', objectId: null, name: 'Ramburs', quantity: '1', unitCode: 'C62', netBani: 5000, vatPercent: '21', category: 'S' },
    ]);
    expect(doc.taxes).toEqual([{ category: 'S', percent: '21', taxableBani: 15000, taxBani: 3150 }]);
    expect(doc.totals).toEqual({ lineExtensionBani: 15000, taxExclusiveBani: 15000, taxInclusiveBani: 18150, allowanceBani: 0, chargeBani: 0, prepaidBani: 0, roundingBani: 0, payableBani: 18150 });
    expect(doc.attachments).toEqual([{ filename: 'FCT-0042.pdf', mimeCode: 'application/pdf', base64: 'JVBERi0xLjQK' }]);
    expect(Buffer.from(doc.attachments[0]!.base64, 'base64').toString()).toBe('%PDF-1.4\n');
    expect(warningsOf(doc)).toEqual([]);
  });

  it('reads a credit note by its own element names', () => {
    const doc = read(invoice({ root: 'CreditNote' }));
    expect(doc.kind).toBe('creditNote');
    expect(doc.lines.map((l) => [l.quantity, l.netBani])).toEqual([['2', 10000], ['1', 5000]]);
  });

  it('is not an invoice when the root is another document (an errors message)', () => {
    expect(readUbl(readXmlTree('<header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1"><Error errorMessage="x"/></header>'))).toBeNull();
    expect(readUbl(readXmlTree('<Invoice xmlns="urn:other">x</Invoice>'))).toBeNull();
  });

  it('reads every official sample', () => {
    const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.xml'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const doc = read(readFileSync(path.join(SAMPLES, f), 'utf8'));
      expect(doc.number, f).toMatch(/\d/);
      expect(doc.issueDate, f).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.lines.length, f).toBeGreaterThan(0);
      expect(doc.totals.payableBani, f).not.toBeNull();
    }
  });
});

describe('amounts', () => {
  it('are bani, exact to two decimals, half away from zero past them', () => {
    expect([baniOf('1224.8'), baniOf('-25'), baniOf('0.01'), baniOf('273.090'), baniOf('0.005'), baniOf('0.004'), baniOf('-0.005'), baniOf('1.999')]).toEqual([122480, -2500, 1, 27309, 1, 0, -1, 200]);
    expect([baniOf('1,5'), baniOf(''), baniOf('1e3'), baniOf(null)]).toEqual([null, null, null, null]);
  });
});

describe('warnings on receipt', () => {
  const w = RECEIVED_WARNINGS;
  it('lines that do not add up to the net total', () => {
    expect(warningsOf(read(invoice({ line2: '50.01' })))).toEqual([w.linesTotal('150.01', '150.00')]);
  });
  it('VAT per rate that does not add up to the VAT total, and net plus VAT not the gross', () => {
    expect(warningsOf(read(invoice({ tax: '31.49' })))).toEqual([w.taxTotal('31.50', '31.49'), w.grossTotal('150.00', '31.49', '181.50')]);
  });
  it('a payable amount that is not the gross', () => {
    expect(warningsOf(read(invoice({ payable: '181.51' })))).toEqual([w.payable('181.50', '181.51')]);
  });
  it('a seller fiscal code whose check digit is wrong (one digit off)', () => {
    expect(warningsOf(read(invoice({ seller: 'RO4221307' })))).toEqual([w.sellerCui('4221307')]);
  });
  it('a due date the day before the issue date, not on it', () => {
    expect(warningsOf(read(invoice({ due: '2026-11-01' })))).toEqual([w.dueBeforeIssue('2026-11-01', '2026-11-02')]);
    expect(warningsOf(read(invoice({ due: '2026-11-02' })))).toEqual([]);
  });
  it('a VAT rate not in force on the issue date: 19% after 31.07.2025, 21% before 01.08.2025', () => {
    expect(warningsOf(read(invoice({ percent: '19' })))).toEqual([w.vatRate('19', '2026-11-02')]);
    expect(warningsOf(read(invoice({ percent: '19', issue: '2025-07-31', due: '2025-08-30' })))).toEqual([]);
    expect(warningsOf(read(invoice({ percent: '21', issue: '2025-07-31', due: '2025-08-30' })))).toEqual([w.vatRate('21', '2025-07-31')]);
    expect(warningsOf(read(invoice({ percent: '21', issue: '2025-08-01', due: '2025-08-30' })))).toEqual([]);
  });

  it('a seller’s code is checked only when it is Romanian and all digits: RO or the country, not a foreign VAT id', () => {
    const foreign = invoice({ seller: 'DE811907980' }).replace('<cbc:IdentificationCode>RO</cbc:IdentificationCode>', '<cbc:IdentificationCode>DE</cbc:IdentificationCode>');
    expect(warningsOf(read(foreign))).toEqual([]);
    // Without 'RO', the country says it is Romanian: a bad check digit warns, a good one does not.
    expect(warningsOf(read(invoice({ seller: '4221307' })))).toEqual([w.sellerCui('4221307')]);
    expect(warningsOf(read(invoice({ seller: '4221306' })))).toEqual([]);
    expect(warningsOf(read(invoice({ seller: 'ROABC' })))).toEqual([]);
    expect(warningsOf(read(invoice({ seller: 'RO 4221307' })))).toEqual([w.sellerCui('4221307')]);
  });
  it('the VAT check looks at standard-rated lines only: a rate in force passes, a reduced rate under S that is not warns', () => {
    expect(warningsOf(read(invoice({ percent: '11' })))).toEqual([]);
    expect(warningsOf(read(invoice({ percent: '9' })))).toEqual([w.vatRate('9', '2026-11-02')]);
    const exempt = invoice({ percent: '5' }).replace('<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>5</cbc:Percent>', '<cac:TaxCategory><cbc:ID>AA</cbc:ID><cbc:Percent>5</cbc:Percent>');
    expect(warningsOf(read(exempt))).toEqual([]);
  });
  it('a document without a due date or totals has nothing to compare and no warning for them', () => {
    const bare = invoice().replace(/<cbc:DueDate>[^<]*<\/cbc:DueDate>/, '').replace(/<cac:LegalMonetaryTotal>[\s\S]*<\/cac:LegalMonetaryTotal>/, '');
    const doc = read(bare);
    expect([doc.dueDate, doc.totals.payableBani, doc.totals.lineExtensionBani]).toEqual([null, null, null]);
    expect(warningsOf(doc)).toEqual([]);
  });
});
