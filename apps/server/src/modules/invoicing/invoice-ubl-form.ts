import { invoiceFormTotals, invoiceLineNetBani, normalizeCui, type TInvoiceForm } from '@colete/contract';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { InvoiceParty } from '../../db/schema/invoicing.js';
import { UBL_NAMESPACES } from '../../lib/ubl-read.js';
import { NO_CNP } from './invoice-facts.js';
import { CAC, CBC, CIUS_RO_CUSTOMIZATION, party, ublAmount, ublText, type InvoiceUbl } from './invoice-ubl.js';

/*
 * A client's own invoice or credit note ('Trimite factura', issue 26) as the e-invoice e-Factura
 * takes: the same UBL 2.1 + CIUS-RO builder as the platform's invoices (its parties, texts and
 * amounts), its seller the client's connected company (its billing entry), its buyer and lines as
 * the form gave them. Every value goes through xmlbuilder2, which escapes it: no XML is ever
 * concatenated from user text. A non-RON document states its VAT in RON too (BT-6, BT-111).
 * A credit note's amounts are written positive (the document type reverses them).
 */

/** The full number as stored and written (BT-1): the series, a space, the number. */
export const formInvoiceNumber = (doc: Pick<TInvoiceForm, 'series' | 'number'>) => `${doc.series} ${doc.number}`;

/** The form's buyer as an invoice party, with its ids (BT-48 VAT id, BT-47 legal id). */
function buyerParty(doc: TInvoiceForm): { party: InvoiceParty; ids: { vatId: string | null; legalId: string } } {
  const b = doc.buyer;
  const a = b.address;
  const isCompany = b.type === 'company';
  const party: InvoiceParty = { name: b.name, identificationCode: b.identification, isCompany, isVatPayer: b.vatPayer, tradeRegister: null, address: a.street, county: '', countryCode: a.country, street: a.street, city: a.city, countyCode: a.countyCode, postalCode: a.postalCode };
  if (!isCompany) return { party, ids: { vatId: null, legalId: b.identification || NO_CNP } };
  if (a.country !== 'RO') return { party, ids: { vatId: b.identification, legalId: b.identification } };
  return { party, ids: { vatId: b.vatPayer ? `RO${b.identification}` : null, legalId: b.identification } };
}

export function formInvoiceUbl(doc: TInvoiceForm, seller: InvoiceParty): InvoiceUbl {
  const creditNote = doc.kind === 'creditNote';
  const currency = doc.currency;
  const money = (parent: XMLBuilder, name: string, bani: number, cur: string = currency) => parent.ele(CBC, name).att('currencyID', cur).txt(ublAmount(bani));
  const totals = invoiceFormTotals(doc.lines);
  const root = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(creditNote ? UBL_NAMESPACES.creditNote : UBL_NAMESPACES.invoice, creditNote ? 'CreditNote' : 'Invoice')
    .att('xmlns:cac', CAC)
    .att('xmlns:cbc', CBC);
  root.ele(CBC, 'cbc:CustomizationID').txt(CIUS_RO_CUSTOMIZATION);
  root.ele(CBC, 'cbc:ID').txt(formInvoiceNumber(doc));
  root.ele(CBC, 'cbc:IssueDate').txt(doc.issueDate);
  // A CreditNote has no DueDate of its own: its terms say it (BR-CO-25).
  if (!creditNote) root.ele(CBC, 'cbc:DueDate').txt(doc.dueDate);
  root.ele(CBC, creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode').txt(creditNote ? '381' : '380');
  root.ele(CBC, 'cbc:DocumentCurrencyCode').txt(currency);
  if (currency !== 'RON') root.ele(CBC, 'cbc:TaxCurrencyCode').txt('RON');
  if (creditNote && doc.creditedInvoice) {
    const ref = root.ele(CAC, 'cac:BillingReference').ele(CAC, 'cac:InvoiceDocumentReference');
    ref.ele(CBC, 'cbc:ID').txt(ublText(doc.creditedInvoice.number, 30));
    ref.ele(CBC, 'cbc:IssueDate').txt(doc.creditedInvoice.issueDate);
  }
  const sellerCui = normalizeCui(seller.identificationCode);
  party(root.ele(CAC, 'cac:AccountingSupplierParty'), seller, { vatId: seller.isVatPayer ? `RO${sellerCui}` : null, legalId: seller.tradeRegister ?? sellerCui });
  const buyer = buyerParty(doc);
  party(root.ele(CAC, 'cac:AccountingCustomerParty'), buyer.party, buyer.ids);
  // The supply is dated the invoice's day (the VAT rate in force on it).
  root.ele(CAC, 'cac:Delivery').ele(CBC, 'cbc:ActualDeliveryDate').txt(doc.issueDate);
  if (creditNote) root.ele(CAC, 'cac:PaymentTerms').ele(CBC, 'cbc:Note').txt(`Scadenta: ${doc.dueDate}`);
  const taxTotal = root.ele(CAC, 'cac:TaxTotal');
  money(taxTotal, 'cbc:TaxAmount', totals.vatBani);
  for (const r of totals.rates) {
    const sub = taxTotal.ele(CAC, 'cac:TaxSubtotal');
    money(sub, 'cbc:TaxableAmount', r.netBani);
    money(sub, 'cbc:TaxAmount', r.vatBani);
    const category = sub.ele(CAC, 'cac:TaxCategory');
    category.ele(CBC, 'cbc:ID').txt('S');
    category.ele(CBC, 'cbc:Percent').txt(String(r.vatRate));
    category.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
  }
  // BT-111: the VAT in RON, at the rate the form gave (half up to the ban).
  if (currency !== 'RON') money(root.ele(CAC, 'cac:TaxTotal'), 'cbc:TaxAmount', Math.round(totals.vatBani * (doc.exchangeRate ?? 1)), 'RON');
  const legal = root.ele(CAC, 'cac:LegalMonetaryTotal');
  money(legal, 'cbc:LineExtensionAmount', totals.netBani);
  money(legal, 'cbc:TaxExclusiveAmount', totals.netBani);
  money(legal, 'cbc:TaxInclusiveAmount', totals.totalBani);
  money(legal, 'cbc:PayableAmount', totals.totalBani);
  doc.lines.forEach((l, i) => {
    const node = root.ele(CAC, creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
    node.ele(CBC, 'cbc:ID').txt(String(i + 1));
    node.ele(CBC, creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity').att('unitCode', l.unitCode).txt(String(l.quantity));
    money(node, 'cbc:LineExtensionAmount', invoiceLineNetBani(l));
    const item = node.ele(CAC, 'cac:Item');
    item.ele(CBC, 'cbc:Name').txt(ublText(l.name, 100));
    const category = item.ele(CAC, 'cac:ClassifiedTaxCategory');
    category.ele(CBC, 'cbc:ID').txt('S');
    category.ele(CBC, 'cbc:Percent').txt(String(l.vatRate));
    category.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
    money(node.ele(CAC, 'cac:Price'), 'cbc:PriceAmount', l.unitPriceBani);
  });
  return { xml: root.end({ prettyPrint: true }), standard: creditNote ? 'CN' : 'UBL', b2c: doc.buyer.type === 'individual' };
}
