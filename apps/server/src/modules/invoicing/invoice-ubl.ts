import { eq } from 'drizzle-orm';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Executor } from '../../db/client.js';
import { invoices, type InvoiceLine, type InvoiceParty } from '../../db/schema/invoicing.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { UBL_NAMESPACES } from '../../lib/ubl-read.js';
import { buyerIds, supplyDays } from './invoice-facts.js';
import { vatByRate } from './invoice-lines.js';
import { invoiceFullNumber, KIND_TITLE, paymentNote } from './invoice-pdf.js';
import { ublAddress } from './invoice-ubl-address.js';
import type { InvoiceRow } from './invoicing-queries.js';

/*
 * An issued invoice as the e-invoice e-Factura takes (issue 26): UBL 2.1 with CIUS-RO 1.0.1
 * (../shared/docs/integrations.md), built with xmlbuilder2 from the copy kept on the invoice, so
 * the XML says what the PDF says. A credit note is a CreditNote (381) whose amounts are written
 * positive (the document type reverses them) and which names the invoice it corrects; an invoice
 * with negative lines (a settlement's storno of advances) stays an Invoice (380) with negative
 * quantities. Buyers that are individuals are identified by their CNP, or by thirteen zeros
 * without one (the B2C rule since 2025), and go to e-Factura as B2C.
 */

export { NO_CNP, supplyDays } from './invoice-facts.js';

export const CIUS_RO_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1';
export const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
export const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
export type InvoiceUbl = { xml: string; standard: 'UBL' | 'CN'; b2c: boolean };
/** The invoice a credit note corrects (BT-25, BT-26). */
export type CreditedInvoice = Pick<InvoiceRow, 'series' | 'number' | 'issuedAt'>;

/** Text as an XML element may hold it: no control characters, single spaces, at most `max` characters (the CIUS-RO lengths), never empty ('-'). */
export function ublText(value: string, max: number) {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(clean).slice(0, max).join('') || '-';
}

/** Integer bani as a UBL amount in lei with two decimals, without floating point: -5 -> '-0.05'. */
export const ublAmount = (bani: number) => `${bani < 0 ? '-' : ''}${Math.floor(Math.abs(bani) / 100)}.${String(Math.abs(bani) % 100).padStart(2, '0')}`;
const money = (parent: XMLBuilder, name: string, bani: number) => parent.ele(CBC, name).att('currencyID', 'RON').txt(ublAmount(bani));

/** A party (BG-4 / BG-7): its address, VAT id and legal entity; shared with the client's invoices (invoice-ubl-form.ts). */
export function party(parent: XMLBuilder, p: InvoiceParty, ids: { vatId: string | null; legalId: string }) {
  const node = parent.ele(CAC, 'cac:Party');
  const a = ublAddress(p);
  const address = node.ele(CAC, 'cac:PostalAddress');
  address.ele(CBC, 'cbc:StreetName').txt(ublText(a.street, 150));
  address.ele(CBC, 'cbc:CityName').txt(ublText(a.city, 50));
  if (a.postalCode) address.ele(CBC, 'cbc:PostalZone').txt(ublText(a.postalCode, 20));
  if (a.countrySubentity) address.ele(CBC, 'cbc:CountrySubentity').txt(a.countrySubentity);
  address.ele(CAC, 'cac:Country').ele(CBC, 'cbc:IdentificationCode').txt(a.country);
  if (ids.vatId) {
    const tax = node.ele(CAC, 'cac:PartyTaxScheme');
    tax.ele(CBC, 'cbc:CompanyID').txt(ids.vatId);
    tax.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
  }
  const legal = node.ele(CAC, 'cac:PartyLegalEntity');
  legal.ele(CBC, 'cbc:RegistrationName').txt(ublText(p.name, 200));
  legal.ele(CBC, 'cbc:CompanyID').txt(ublText(ids.legalId, 100));
}

function line(root: XMLBuilder, creditNote: boolean, l: InvoiceLine, index: number, sign: number, fallbackRate: number) {
  const node = root.ele(CAC, creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
  const net = sign * l.netBani;
  // A negative line: a negative quantity at a positive price (BR-27: a price is never negative).
  const quantity = net < 0 ? -l.quantity : l.quantity;
  node.ele(CBC, 'cbc:ID').txt(String(index + 1));
  node.ele(CBC, creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity').att('unitCode', 'H87').txt(String(quantity));
  money(node, 'cbc:LineExtensionAmount', net);
  const item = node.ele(CAC, 'cac:Item');
  const description = ublText(l.description, 200);
  if (Array.from(description).length > 100) item.ele(CBC, 'cbc:Description').txt(description);
  item.ele(CBC, 'cbc:Name').txt(ublText(l.description, 100));
  const category = item.ele(CAC, 'cac:ClassifiedTaxCategory');
  category.ele(CBC, 'cbc:ID').txt('S');
  category.ele(CBC, 'cbc:Percent').txt(String(l.vatPercent ?? fallbackRate));
  category.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
  // The price of one unit when the net divides; else the price of all of them (BT-149, base quantity).
  const abs = Math.abs(net);
  const whole = l.quantity !== 0 && abs % l.quantity === 0;
  const price = node.ele(CAC, 'cac:Price');
  money(price, 'cbc:PriceAmount', whole ? abs / l.quantity : abs);
  if (!whole) price.ele(CBC, 'cbc:BaseQuantity').att('unitCode', 'H87').txt(String(Math.abs(l.quantity)));
}

/**
 * The invoice's e-invoice: the XML, e-Factura's upload standard (UBL for an invoice, CN for a
 * credit note) and whether it goes as B2C (an individual buyer). A credit note needs the invoice
 * it corrects (`credits`: invoiceUblOf looks it up). Throws InvoiceAddressError when an address
 * cannot be written as CIUS-RO wants (a county or a Bucharest sector unknown).
 */
export function invoiceUbl(row: InvoiceRow, credits?: CreditedInvoice | null): InvoiceUbl {
  const creditNote = row.kind === 'credit_note';
  if (creditNote && !credits) throw new Error(`credit note ${invoiceFullNumber(row)} without the invoice it corrects`);
  // A credit note's amounts are kept negative and written positive.
  const sign = creditNote ? -1 : 1;
  const issued = bucharestDateKey(row.issuedAt);
  const root = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(creditNote ? UBL_NAMESPACES.creditNote : UBL_NAMESPACES.invoice, creditNote ? 'CreditNote' : 'Invoice')
    .att('xmlns:cac', CAC)
    .att('xmlns:cbc', CBC);
  root.ele(CBC, 'cbc:CustomizationID').txt(CIUS_RO_CUSTOMIZATION);
  root.ele(CBC, 'cbc:ID').txt(invoiceFullNumber(row));
  root.ele(CBC, 'cbc:IssueDate').txt(issued);
  // An advance paid by card is due on its day; the others state their terms (BR-CO-25).
  if (!creditNote && row.kind === 'prepay') root.ele(CBC, 'cbc:DueDate').txt(issued);
  root.ele(CBC, creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode').txt(creditNote ? '381' : '380');
  root.ele(CBC, 'cbc:Note').txt(ublText(KIND_TITLE[row.kind], 300));
  root.ele(CBC, 'cbc:DocumentCurrencyCode').txt('RON');
  const days = supplyDays(row);
  if (days.from !== days.to) {
    const period = root.ele(CAC, 'cac:InvoicePeriod');
    period.ele(CBC, 'cbc:StartDate').txt(days.from);
    period.ele(CBC, 'cbc:EndDate').txt(days.to);
  }
  if (credits) {
    const ref = root.ele(CAC, 'cac:BillingReference').ele(CAC, 'cac:InvoiceDocumentReference');
    ref.ele(CBC, 'cbc:ID').txt(invoiceFullNumber(credits));
    ref.ele(CBC, 'cbc:IssueDate').txt(bucharestDateKey(credits.issuedAt));
  }
  party(root.ele(CAC, 'cac:AccountingSupplierParty'), row.seller, { vatId: `RO${row.seller.identificationCode.replace(/^RO/i, '')}`, legalId: row.seller.tradeRegister ?? row.seller.identificationCode });
  party(root.ele(CAC, 'cac:AccountingCustomerParty'), row.buyer, buyerIds(row.buyer));
  if (days.from === days.to) root.ele(CAC, 'cac:Delivery').ele(CBC, 'cbc:ActualDeliveryDate').txt(days.from);
  const means = root.ele(CAC, 'cac:PaymentMeans');
  means.ele(CBC, 'cbc:PaymentMeansCode').txt(row.kind === 'prepay' ? '48' : '30');
  means.ele(CAC, 'cac:PayeeFinancialAccount').ele(CBC, 'cbc:ID').txt(row.seller.iban);
  root.ele(CAC, 'cac:PaymentTerms').ele(CBC, 'cbc:Note').txt(ublText(paymentNote(row), 300));
  const taxTotal = root.ele(CAC, 'cac:TaxTotal');
  money(taxTotal, 'cbc:TaxAmount', sign * row.vatBani);
  for (const r of vatByRate(row)) {
    const sub = taxTotal.ele(CAC, 'cac:TaxSubtotal');
    money(sub, 'cbc:TaxableAmount', sign * r.netBani);
    money(sub, 'cbc:TaxAmount', sign * r.vatBani);
    const category = sub.ele(CAC, 'cac:TaxCategory');
    category.ele(CBC, 'cbc:ID').txt('S');
    category.ele(CBC, 'cbc:Percent').txt(String(r.vatPercent));
    category.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
  }
  const totals = root.ele(CAC, 'cac:LegalMonetaryTotal');
  money(totals, 'cbc:LineExtensionAmount', sign * row.netBani);
  money(totals, 'cbc:TaxExclusiveAmount', sign * row.netBani);
  money(totals, 'cbc:TaxInclusiveAmount', sign * row.totalBani);
  money(totals, 'cbc:PayableAmount', sign * row.totalBani);
  row.lines.forEach((l, i) => line(root, creditNote, l, i, sign, row.vatPercent));
  return { xml: root.end({ prettyPrint: true }), standard: creditNote ? 'CN' : 'UBL', b2c: !row.buyer.isCompany };
}

/** The invoice's e-invoice, a credit note's original read from the database. */
export async function invoiceUblOf(db: Executor, row: InvoiceRow): Promise<InvoiceUbl> {
  if (row.kind !== 'credit_note' || row.creditsInvoiceId === null) return invoiceUbl(row);
  const [original] = await db
    .select({ series: invoices.series, number: invoices.number, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.id, row.creditsInvoiceId))
    .limit(1);
  return invoiceUbl(row, original ?? null);
}
