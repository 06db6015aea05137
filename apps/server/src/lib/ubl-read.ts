import { child, childrenNamed, textAt, type XmlElement } from './xml-tree.js';

/*
 * An e-invoice read from its XML (issue 25): an Invoice or a CreditNote in UBL 2.1 / CIUS-RO
 * (../shared/docs/integrations.md), as the received list and the invoice's page show it and as the
 * e-Factura simulator's transformation draws it. Amounts are integer bani in the document's
 * currency; an amount written with more than two decimals is rounded half away from zero to the ban.
 * In lib/ because both the einvoice module and the e-invoicing integration read documents.
 */

export const UBL_NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;

export type UblParty = { name: string | null; identification: string | null; vatId: string | null; city: string | null; street: string | null; country: string | null };
export type UblLine = { id: string | null; objectId: string | null; name: string | null; quantity: string | null; unitCode: string | null; netBani: number | null; vatPercent: string | null; category: string | null };
export type UblTax = { category: string | null; percent: string | null; taxableBani: number | null; taxBani: number | null };
export type UblAttachment = { filename: string | null; mimeCode: string | null; base64: string };
export type UblDocument = {
  kind: 'invoice' | 'creditNote';
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  typeCode: string | null;
  currency: string | null;
  seller: UblParty;
  buyer: UblParty;
  lines: UblLine[];
  taxes: UblTax[];
  taxBani: number | null;
  totals: { lineExtensionBani: number | null; taxExclusiveBani: number | null; taxInclusiveBani: number | null; allowanceBani: number; chargeBani: number; prepaidBani: number; roundingBani: number; payableBani: number | null };
  paymentIban: string | null;
  attachments: UblAttachment[];
};

/** A UBL amount ('1224.8', '-25', '273.090') in bani; null when absent or not a decimal number. */
export function baniOf(value: string | null): number | null {
  if (value === null) return null;
  const m = /^([+-]?)(\d{1,15})(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  // Half away from zero on the third decimal.
  const rounded = fraction.length > 2 && Number(fraction[2]) >= 5 ? cents + 1 : cents;
  return sign === '-' ? -rounded : rounded;
}

function partyOf(party: XmlElement | undefined): UblParty {
  const legal = child(party, 'PartyLegalEntity');
  const vatId = textAt(party, 'PartyTaxScheme', 'CompanyID');
  return {
    name: textAt(legal, 'RegistrationName') ?? textAt(party, 'PartyName', 'Name'),
    // The fiscal code: the VAT id without 'RO', else the legal registration id (a CUI, or for some the trade register number).
    identification: (vatId ? vatId.replace(/^RO\s*/i, '') : null) ?? textAt(legal, 'CompanyID') ?? textAt(party, 'PartyIdentification', 'ID'),
    vatId,
    city: textAt(party, 'PostalAddress', 'CityName'),
    street: textAt(party, 'PostalAddress', 'StreetName'),
    country: textAt(party, 'PostalAddress', 'Country', 'IdentificationCode'),
  };
}

/** The sum of some amounts in bani, an absent one counting 0. */
export const sumOf = (values: (number | null)[]) => values.reduce<number>((a, v) => a + (v ?? 0), 0);

/** The document of a downloaded message's root (null: not an invoice or a credit note, e.g. an errors message). */
export function readUbl(root: XmlElement): UblDocument | null {
  const kind = root.namespace === UBL_NAMESPACES.invoice && root.name === 'Invoice' ? 'invoice' : root.namespace === UBL_NAMESPACES.creditNote && root.name === 'CreditNote' ? 'creditNote' : null;
  if (!kind) return null;
  const lineName = kind === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = kind === 'invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const money = child(root, 'LegalMonetaryTotal');
  // The tax total in the document's currency (a second TaxTotal states the VAT in RON for another currency).
  const currency = textAt(root, 'DocumentCurrencyCode');
  const taxTotals = childrenNamed(root, 'TaxTotal');
  const taxTotal = taxTotals.find((t) => child(t, 'TaxAmount')?.attributes.currencyID === currency) ?? taxTotals[0];
  const allowancesAndCharges = childrenNamed(root, 'AllowanceCharge');
  const allowanceOrCharge = (charge: boolean) => sumOf(allowancesAndCharges.filter((a) => textAt(a, 'ChargeIndicator') === String(charge)).map((a) => baniOf(textAt(a, 'Amount'))));
  return {
    kind,
    number: textAt(root, 'ID'),
    issueDate: textAt(root, 'IssueDate'),
    dueDate: textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans', 'PaymentDueDate'),
    typeCode: textAt(root, kind === 'invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode'),
    currency,
    seller: partyOf(child(root, 'AccountingSupplierParty', 'Party')),
    buyer: partyOf(child(root, 'AccountingCustomerParty', 'Party')),
    lines: childrenNamed(root, lineName).map((l) => ({
      id: textAt(l, 'ID'),
      // BT-128, the line's object (a courier's AWB).
      objectId: textAt(l, 'DocumentReference', 'ID'),
      name: textAt(l, 'Item', 'Name'),
      quantity: textAt(l, quantityName),
      unitCode: child(l, quantityName)?.attributes.unitCode ?? null,
      netBani: baniOf(textAt(l, 'LineExtensionAmount')),
      vatPercent: textAt(l, 'Item', 'ClassifiedTaxCategory', 'Percent'),
      category: textAt(l, 'Item', 'ClassifiedTaxCategory', 'ID'),
    })),
    taxes: childrenNamed(taxTotal, 'TaxSubtotal').map((t) => ({
      category: textAt(t, 'TaxCategory', 'ID'),
      percent: textAt(t, 'TaxCategory', 'Percent'),
      taxableBani: baniOf(textAt(t, 'TaxableAmount')),
      taxBani: baniOf(textAt(t, 'TaxAmount')),
    })),
    taxBani: baniOf(textAt(taxTotal, 'TaxAmount')),
    totals: {
      lineExtensionBani: baniOf(textAt(money, 'LineExtensionAmount')),
      taxExclusiveBani: baniOf(textAt(money, 'TaxExclusiveAmount')),
      taxInclusiveBani: baniOf(textAt(money, 'TaxInclusiveAmount')),
      allowanceBani: allowanceOrCharge(false),
      chargeBani: allowanceOrCharge(true),
      prepaidBani: baniOf(textAt(money, 'PrepaidAmount')) ?? 0,
      roundingBani: baniOf(textAt(money, 'PayableRoundingAmount')) ?? 0,
      payableBani: baniOf(textAt(money, 'PayableAmount')),
    },
    paymentIban: textAt(root, 'PaymentMeans', 'PayeeFinancialAccount', 'ID'),
    attachments: childrenNamed(root, 'AdditionalDocumentReference').flatMap((d) => {
      const object = child(d, 'Attachment', 'EmbeddedDocumentBinaryObject');
      return object ? [{ filename: object.attributes.filename ?? null, mimeCode: object.attributes.mimeCode ?? null, base64: object.text.replace(/\s+/g, '') }] : [];
    }),
  };
}
