import { standardVatOn } from '@colete/contract';
import { create } from 'xmlbuilder2';
import type { Executor } from '../../db/client.js';
import { DEMO_COMPANIES } from '../company-check/simulator.js';
import { CIUS_RO_CUSTOMIZATION, simUpload, UBL_CREDIT_NOTE_NS, UBL_INVOICE_NS } from './simulator-spv.js';

/*
 * The simulator's suppliers (issue 25): CIUS-RO invoices and credit notes that demo companies issue
 * to each other through the simulator's SPV, built with xmlbuilder2 from lines in bani; VAT per rate
 * on the rate's taxable total (BR-CO-17), totals that add up, unless a problem is asked for.
 */

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** A line; `objectId` is the object it bills (BT-128: a courier's AWB). */
export type SupplierLine = { name: string; quantity: number; unitPriceBani: number; vatPercent: number; objectId?: string };
/** What may be wrong with a document on purpose (each becomes a warning on receipt). */
export type SupplierProblem = 'totals' | 'badSellerCui' | 'dueBeforeIssue' | 'oldVatRate';
export type SupplierDocument = {
  kind: 'invoice' | 'creditNote';
  sellerCui: string;
  buyerCui: string;
  number: string;
  issueDate: string;
  dueDate: string;
  lines: SupplierLine[];
  /** A PDF to embed (the supplier's own rendering). */
  pdf?: Buffer;
  /** The invoice a credit note corrects. */
  correcting?: string;
  problem?: SupplierProblem;
};

const amount = (bani: number) => (bani / 100).toFixed(2);

/** Lines, VAT per rate and totals of a document, in bani. */
export function totalsOf(lines: SupplierLine[]) {
  const nets = lines.map((l) => Math.round(l.quantity * l.unitPriceBani));
  const rates = [...new Set(lines.map((l) => l.vatPercent))];
  const perRate = rates.map((rate) => {
    const taxable = lines.reduce((a, l, i) => a + (l.vatPercent === rate ? nets[i]! : 0), 0);
    return { rate, taxable, tax: Math.round((taxable * rate) / 100) };
  });
  const net = nets.reduce((a, b) => a + b, 0);
  const tax = perRate.reduce((a, r) => a + r.tax, 0);
  return { nets, perRate, net, tax, gross: net + tax };
}

/** A check digit made wrong: the CUI with its last digit moved by one. */
const spoilCui = (cui: string) => `${cui.slice(0, -1)}${(Number(cui.at(-1)) + 1) % 10}`;

function party(parent: ReturnType<typeof create>, cui: string) {
  const company = DEMO_COMPANIES[cui];
  const p = parent.ele(CAC, 'cac:Party');
  const address = p.ele(CAC, 'cac:PostalAddress');
  address.ele(CBC, 'cbc:StreetName').txt(`${company?.address?.street ?? ''} ${company?.address?.number ?? ''}`.trim() || 'Strada Principala 1');
  const bucharest = company?.address?.county.includes('BUCUR');
  address.ele(CBC, 'cbc:CityName').txt(bucharest ? 'SECTOR1' : (company?.address?.locality.replace(/^(Mun\.|Sat|Localitate)\s*/i, '') ?? 'Cluj-Napoca'));
  address.ele(CBC, 'cbc:CountrySubentity').txt(bucharest ? 'RO-B' : 'RO-CJ');
  address.ele(CAC, 'cac:Country').ele(CBC, 'cbc:IdentificationCode').txt('RO');
  const tax = p.ele(CAC, 'cac:PartyTaxScheme');
  tax.ele(CBC, 'cbc:CompanyID').txt(`RO${cui}`);
  tax.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
  p.ele(CAC, 'cac:PartyLegalEntity').ele(CBC, 'cbc:RegistrationName').txt(company?.name ?? `Firma ${cui}`);
}

/** The document's UBL 2.1 / CIUS-RO XML. */
export function supplierXml(doc: SupplierDocument): string {
  const invoice = doc.kind === 'invoice';
  const lines = doc.problem === 'oldVatRate' ? doc.lines.map((l) => ({ ...l, vatPercent: 19 })) : doc.lines;
  const t = totalsOf(lines);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(invoice ? UBL_INVOICE_NS : UBL_CREDIT_NOTE_NS, invoice ? 'Invoice' : 'CreditNote').att('xmlns:cac', CAC).att('xmlns:cbc', CBC);
  root.ele(CBC, 'cbc:CustomizationID').txt(CIUS_RO_CUSTOMIZATION);
  root.ele(CBC, 'cbc:ID').txt(doc.number);
  root.ele(CBC, 'cbc:IssueDate').txt(doc.issueDate);
  if (invoice) root.ele(CBC, 'cbc:DueDate').txt(doc.dueDate);
  root.ele(CBC, invoice ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode').txt(invoice ? '380' : '381');
  root.ele(CBC, 'cbc:DocumentCurrencyCode').txt('RON');
  if (doc.correcting) root.ele(CAC, 'cac:BillingReference').ele(CAC, 'cac:InvoiceDocumentReference').ele(CBC, 'cbc:ID').txt(doc.correcting);
  if (doc.pdf) {
    const ref = root.ele(CAC, 'cac:AdditionalDocumentReference');
    ref.ele(CBC, 'cbc:ID').txt(doc.number);
    ref.ele(CAC, 'cac:Attachment').ele(CBC, 'cbc:EmbeddedDocumentBinaryObject').att('mimeCode', 'application/pdf').att('filename', `${doc.number}.pdf`).txt(doc.pdf.toString('base64'));
  }
  party(root.ele(CAC, 'cac:AccountingSupplierParty'), doc.problem === 'badSellerCui' ? spoilCui(doc.sellerCui) : doc.sellerCui);
  party(root.ele(CAC, 'cac:AccountingCustomerParty'), doc.buyerCui);
  const means = root.ele(CAC, 'cac:PaymentMeans');
  means.ele(CBC, 'cbc:PaymentMeansCode').txt('31');
  if (!invoice) means.ele(CBC, 'cbc:PaymentDueDate').txt(doc.dueDate);
  means.ele(CAC, 'cac:PayeeFinancialAccount').ele(CBC, 'cbc:ID').txt('RO49AAAA1B31007593840000');
  const taxTotal = root.ele(CAC, 'cac:TaxTotal');
  taxTotal.ele(CBC, 'cbc:TaxAmount').att('currencyID', 'RON').txt(amount(t.tax));
  for (const r of t.perRate) {
    const sub = taxTotal.ele(CAC, 'cac:TaxSubtotal');
    sub.ele(CBC, 'cbc:TaxableAmount').att('currencyID', 'RON').txt(amount(r.taxable));
    sub.ele(CBC, 'cbc:TaxAmount').att('currencyID', 'RON').txt(amount(r.tax));
    const category = sub.ele(CAC, 'cac:TaxCategory');
    category.ele(CBC, 'cbc:ID').txt('S');
    category.ele(CBC, 'cbc:Percent').txt(String(r.rate));
    category.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
  }
  const money = root.ele(CAC, 'cac:LegalMonetaryTotal');
  // A total that does not add up: the net total a leu more than the lines.
  money.ele(CBC, 'cbc:LineExtensionAmount').att('currencyID', 'RON').txt(amount(doc.problem === 'totals' ? t.net + 100 : t.net));
  money.ele(CBC, 'cbc:TaxExclusiveAmount').att('currencyID', 'RON').txt(amount(t.net));
  money.ele(CBC, 'cbc:TaxInclusiveAmount').att('currencyID', 'RON').txt(amount(t.gross));
  money.ele(CBC, 'cbc:PayableAmount').att('currencyID', 'RON').txt(amount(t.gross));
  lines.forEach((l, i) => {
    const line = root.ele(CAC, invoice ? 'cac:InvoiceLine' : 'cac:CreditNoteLine');
    line.ele(CBC, 'cbc:ID').txt(String(i + 1));
    line.ele(CBC, invoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity').att('unitCode', 'H87').txt(String(l.quantity));
    line.ele(CBC, 'cbc:LineExtensionAmount').att('currencyID', 'RON').txt(amount(t.nets[i]!));
    if (l.objectId) {
      const object = line.ele(CAC, 'cac:DocumentReference');
      object.ele(CBC, 'cbc:ID').att('schemeID', 'AWB').txt(l.objectId);
      object.ele(CBC, 'cbc:DocumentTypeCode').txt('130');
    }
    const item = line.ele(CAC, 'cac:Item');
    item.ele(CBC, 'cbc:Name').txt(l.name);
    const category = item.ele(CAC, 'cac:ClassifiedTaxCategory');
    category.ele(CBC, 'cbc:ID').txt('S');
    category.ele(CBC, 'cbc:Percent').txt(String(l.vatPercent));
    category.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
    line.ele(CAC, 'cac:Price').ele(CBC, 'cbc:PriceAmount').att('currencyID', 'RON').txt(amount(l.unitPriceBani));
  });
  return root.end({ prettyPrint: true });
}

/**
 * A supplier's document uploaded to the simulator's SPV as issued at `at` (it then shows in the
 * buyer's list). One whose seller CUI is spoiled on purpose goes as self-billing (the check of the
 * seller against the sender is ANAF's, and would refuse it).
 */
export function issueSupplierDocument(db: Executor, doc: SupplierDocument, at: Date) {
  return simUpload(db, { cif: doc.sellerCui, standard: doc.kind === 'invoice' ? 'UBL' : 'CN', b2c: false, selfBilling: doc.problem === 'badSellerCui', xml: supplierXml(doc) }, at);
}

/** The standard rate on a day, for the demo's lines. */
export const demoVat = (day: string) => standardVatOn(day);
