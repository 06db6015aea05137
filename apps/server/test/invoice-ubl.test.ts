import { describe, expect, it } from 'vitest';
import { CIUS_RO_CUSTOMIZATION as SIMULATOR_CUSTOMIZATION } from '../src/integrations/e-invoicing/simulator-spv.js';
import { chargeLine } from '../src/modules/invoicing/invoice-lines.js';
import { renderInvoicePdf } from '../src/modules/invoicing/invoice-pdf.js';
import { bucharestSector, InvoiceAddressError, ublAddress } from '../src/modules/invoicing/invoice-ubl-address.js';
import { CIUS_RO_CUSTOMIZATION, invoiceUbl, NO_CNP, supplyDays, ublAmount, ublText } from '../src/modules/invoicing/invoice-ubl.js';
import { BUYERS, expectValidUbl, invoiceRow, ORIGINAL } from './support/invoice-rows.js';
import { pdfText } from './support/pdf-tools.js';

/*
 * The e-invoice of every invoice the platform issues (issue 26): UBL 2.1 / CIUS-RO, checked with the
 * official rules (schema and Schematron, ~1.5 s a document after the rules' one-time compile) and
 * read back with the project's reader.
 */

const LONG = 300_000;
const tag = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}[^>]*>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('an invoice as a CIUS-RO e-invoice', () => {
  it('an advance (prepay) to a VAT-paying company in a county: RO CUI, county code, delivery on the day it was paid', { timeout: LONG }, async () => {
    const row = invoiceRow({ kind: 'prepay', buyer: BUYERS.vatPayer, lines: [{ description: 'Avans servicii de curierat - Reincarcare', grossBani: 100_00 }] });
    const { ubl, doc } = await expectValidUbl(row);
    expect(CIUS_RO_CUSTOMIZATION).toBe(SIMULATOR_CUSTOMIZATION);
    expect(tag(ubl.xml, 'cbc:CustomizationID')).toEqual([CIUS_RO_CUSTOMIZATION]);
    expect(tag(ubl.xml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(doc.buyer).toMatchObject({ vatId: 'RO14399840', identification: '14399840', city: 'Cluj-Napoca', street: 'Strada Memorandumului 28' });
    expect(doc.seller).toMatchObject({ vatId: 'RO45500006', city: 'SECTOR2' });
    expect(tag(ubl.xml, 'cbc:CountrySubentity')).toEqual(['RO-B', 'RO-CJ']);
    expect(tag(ubl.xml, 'cbc:ActualDeliveryDate')).toEqual(['2025-09-15']);
    expect(doc.paymentIban).toBe(row.seller.iban);
    // 100 lei gross at 21%: 82.64 + 17.36, the amount paid.
    expect(doc.totals.payableBani).toBe(100_00);
    expect(doc.taxes).toEqual([{ category: 'S', percent: '21', taxableBani: 82_64, taxBani: 17_36 }]);
  });

  it('orders to a company that pays no VAT, in Bucharest, on both sides of the 1 August 2025 rate change: two VAT subtotals, the period stated', { timeout: LONG }, async () => {
    const row = invoiceRow({
      kind: 'orders',
      buyer: BUYERS.nonVatPayer,
      at: new Date('2025-08-01T08:00:00Z'),
      lines: [
        chargeLine({ description: 'Expediere AWB 1', amountBani: 18_00, createdAt: new Date('2025-07-30T10:00:00Z') }),
        chargeLine({ description: 'Expediere AWB 2', amountBani: 23_80, createdAt: new Date('2025-07-31T20:59:59Z') }),
        chargeLine({ description: 'Expediere AWB 3', amountBani: 18_00, createdAt: new Date('2025-07-31T21:00:00Z') }),
      ],
    });
    const { ubl, doc } = await expectValidUbl(row);
    expect(doc.buyer).toMatchObject({ vatId: null, identification: '12345674', city: 'SECTOR1' });
    expect(ubl.xml).not.toContain('RO12345674');
    expect(doc.taxes.map((t) => t.percent)).toEqual(['19', '21']);
    expect(doc.taxes[0]).toMatchObject({ taxableBani: 35_13, taxBani: 6_67 });
    expect(tag(ubl.xml, 'cbc:StartDate')).toEqual(['2025-07-30']);
    expect(tag(ubl.xml, 'cbc:EndDate')).toEqual(['2025-08-01']);
    expect(ubl.xml).not.toContain('ActualDeliveryDate');
  });

  it('a settlement to an individual by CNP: charges and the storno of advances (negative quantity, positive price), B2C', { timeout: LONG }, async () => {
    const row = invoiceRow({
      kind: 'settlement',
      buyer: BUYERS.individual,
      lines: [
        chargeLine({ description: 'Expediere AWB 4', amountBani: 35_70, createdAt: new Date('2025-09-10T10:00:00Z') }),
        { description: 'Stornare avans: sold preplatit returnat clientului', grossBani: -100_00, vatPercent: 21 },
      ],
    });
    const { ubl, doc } = await expectValidUbl(row);
    expect(ubl.b2c).toBe(true);
    expect(doc.buyer).toMatchObject({ vatId: null, identification: '1800101123450', city: 'Brașov' });
    expect(doc.lines[1]).toMatchObject({ quantity: '-1', netBani: -82_64 });
    expect(tag(ubl.xml, 'cbc:PriceAmount')).toEqual(['29.50', '82.64']);
    expect(doc.totals.payableBani).toBe(-64_30);
  });

  it('a credit note to an individual without a CNP: CreditNote 381, positive amounts, the invoice it corrects, thirteen zeros', { timeout: LONG }, async () => {
    const row = invoiceRow({
      kind: 'credit_note',
      buyer: BUYERS.individualNoCnp,
      lines: [{ ...chargeLine({ description: `Stornare factura COL 000007 din 05.08.2025: Expediere AWB 123 cu o descriere lunga ${'x'.repeat(120)} (expediere anulata)`, amountBani: 30_00, createdAt: new Date('2025-08-05T09:00:00Z') }), grossBani: -30_00 }],
    });
    const { ubl, doc } = await expectValidUbl(row);
    expect(ubl).toMatchObject({ standard: 'CN', b2c: true });
    expect(tag(ubl.xml, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(ubl.xml).toMatch(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>COL 000007<\/cbc:ID>\s*<cbc:IssueDate>2025-08-05<\/cbc:IssueDate>/);
    expect(doc.buyer).toMatchObject({ identification: NO_CNP, name: 'Maria <Ionescu> & fiica', street: 'Lăzărești' });
    expect(ubl.xml).toContain('Maria &lt;Ionescu&gt; &amp; fiica');
    expect(doc.totals.payableBani).toBe(30_00);
    expect(doc.lines[0]!.name).toHaveLength(100);
    expect(tag(ubl.xml, 'cbc:ActualDeliveryDate')).toEqual(['2025-08-05']);
    expect(() => invoiceUbl(row)).toThrow('without the invoice it corrects');
    expect(invoiceUbl(row, ORIGINAL).xml).toContain('<cbc:CreditedQuantity unitCode="H87">1</cbc:CreditedQuantity>');
  });

  it('invoices issued before the address was kept in parts: the line read back, the county by name, the sector from the city', { timeout: LONG }, async () => {
    const bucharest = invoiceRow({ kind: 'orders', buyer: BUYERS.older, oldSeller: true, lines: [{ description: 'Expediere', grossBani: 11_90, quantity: 3 }] });
    const { ubl, doc } = await expectValidUbl(bucharest);
    expect(doc.buyer).toMatchObject({ city: 'SECTOR3', street: 'Calea Victoriei 120' });
    expect(doc.seller).toMatchObject({ city: 'SECTOR2', street: 'Str. Fabrica de Glucoza 5, Bucuresti' });
    // 9.83 for three does not divide: the price of the three (base quantity 3).
    expect(ubl.xml).toMatch(/<cbc:PriceAmount currencyID="RON">9.83<\/cbc:PriceAmount>\s*<cbc:BaseQuantity unitCode="H87">3<\/cbc:BaseQuantity>/);
    const county = invoiceRow({ kind: 'orders', buyer: BUYERS.olderCounty, lines: [{ description: 'Expediere', grossBani: 12_10, quantity: 2 }] });
    const second = await expectValidUbl(county);
    expect(second.doc.buyer).toMatchObject({ city: 'Cluj-Napoca', street: 'Str. Morii 2', identification: '30272090' });
    expect(tag(second.ubl.xml, 'cbc:PriceAmount')).toEqual(['5.00']);
  });
});

describe('the parts of the e-invoice', () => {
  it('reads a Bucharest sector from the city or the postal code, and refuses an address it cannot place', () => {
    expect(['Sectorul 4', 'Sector 4', 'Bucuresti, Sector 4', 'București Sectorul 4', 'S4'].map((c) => bucharestSector(c, null))).toEqual([4, 4, 4, 4, 4]);
    expect(bucharestSector('Bucuresti', '060042')).toBe(6);
    expect(bucharestSector('Bucuresti', '070000')).toBeNull();
    expect(bucharestSector('Bucuresti', null)).toBeNull();
    expect(() => ublAddress({ ...BUYERS.older, address: 'Calea Victoriei 120, Bucuresti' })).toThrow(InvoiceAddressError);
    expect(() => ublAddress({ ...BUYERS.olderCounty, county: 'Atlantida' })).toThrow(InvoiceAddressError);
    expect(ublAddress({ ...BUYERS.olderCounty, county: 'Judetul Bistrița-Năsăud' }).countrySubentity).toBe('RO-BN');
    expect(ublAddress({ ...BUYERS.olderCounty, county: 'Municipiul București', address: 'Str. X 1, Bucuresti, 021234' })).toMatchObject({ city: 'SECTOR2', countrySubentity: 'RO-B', postalCode: '021234' });
    expect(ublAddress({ ...BUYERS.vatPayer, countryCode: 'DE', countyCode: undefined })).toMatchObject({ country: 'DE', countrySubentity: null });
  });

  it('writes amounts in lei with two decimals from integer bani, either sign', () => {
    expect([0, 1, 5, 10, 99, 100, 101, 1_000_00, 123_456_789_01].map(ublAmount)).toEqual(['0.00', '0.01', '0.05', '0.10', '0.99', '1.00', '1.01', '1000.00', '123456789.01']);
    expect([-1, -5, -99, -100, -82_64].map(ublAmount)).toEqual(['-0.01', '-0.05', '-0.99', '-1.00', '-82.64']);
  });

  it('writes text an element may hold: no control characters, at most the rule\'s length in characters', () => {
    expect(ublText('a\u0000b\u0007\tc\n d', 100)).toBe('a b c d');
    expect(ublText('ăîșț'.repeat(30), 100)).toHaveLength(100);
    expect(ublText('😀'.repeat(3), 2)).toBe('😀😀');
    expect(ublText('\u0001 \u0002', 10)).toBe('-');
  });

  it('dates the supply: the lines\' days, a line without one on the invoice\'s Bucharest day', () => {
    const at = new Date('2025-09-30T22:30:00Z');
    expect(supplyDays({ issuedAt: at, lines: [] })).toEqual({ from: '2025-10-01', to: '2025-10-01' });
    const lines = [
      { description: 'a', quantity: 1, unitNetBani: 1, netBani: 1, vatBani: 0, suppliedOn: '2025-09-12' },
      { description: 'b', quantity: 1, unitNetBani: 1, netBani: 1, vatBani: 0 },
      { description: 'c', quantity: 1, unitNetBani: 1, netBani: 1, vatBani: 0, suppliedOn: '2025-09-03' },
    ];
    expect(supplyDays({ issuedAt: at, lines })).toEqual({ from: '2025-09-03', to: '2025-10-01' });
  });
});

describe('the PDF says what the e-invoice says', () => {
  it('prints the delivery date or period, and an individual without a CNP as thirteen zeros', async () => {
    const period = invoiceRow({
      kind: 'orders',
      buyer: BUYERS.individualNoCnp,
      at: new Date('2025-08-01T08:00:00Z'),
      lines: [
        chargeLine({ description: 'Expediere AWB 1', amountBani: 18_00, createdAt: new Date('2025-07-30T10:00:00Z') }),
        chargeLine({ description: 'Expediere AWB 2', amountBani: 18_00, createdAt: new Date('2025-07-31T21:00:00Z') }),
      ],
    });
    const text = (await pdfText(await renderInvoicePdf(period))).join('\n');
    expect(text).toContain('Perioada livrarii: 30.07.2025 - 01.08.2025');
    expect(text).toContain(`CNP: ${NO_CNP}`);
    const advance = invoiceRow({ kind: 'prepay', buyer: BUYERS.individual, at: new Date('2025-09-30T22:30:00Z'), lines: [{ description: 'Avans', grossBani: 50_00 }] });
    const second = (await pdfText(await renderInvoicePdf(advance))).join('\n');
    expect(second).toContain('Data livrarii: 01.10.2025');
    expect(second).toContain('CNP: 1800101123450');
  });
});
