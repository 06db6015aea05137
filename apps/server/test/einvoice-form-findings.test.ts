import { describe, expect, it } from 'vitest';
import { findingField } from '../src/modules/einvoice/einvoice-form-findings.js';

/* Issue 26, 'Trimite factura': an official rule's finding placed on the form's field from the rule's XPath (as the CIUS-RO Schematron writes it). */

const ns = (name: string, at = 1) => `/*:${name}[namespace-uri()='urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2'][${at}]`;
const ROOT = "/*:Invoice[namespace-uri()='urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'][1]";
const doc = { lines: [{}, {}, {}] as never[] };

describe('findingField', () => {
  it('places a line’s finding on its field, by the line’s position', () => {
    expect(findingField(`${ROOT}${ns('InvoiceLine', 2)}${ns('InvoicedQuantity')}`, doc)).toBe('lines.1.quantity');
    expect(findingField(`${ROOT}${ns('InvoiceLine', 3)}${ns('Price')}${ns('PriceAmount')}`, doc)).toBe('lines.2.unitPriceBani');
    expect(findingField(`${ROOT}${ns('CreditNoteLine', 1)}${ns('Item')}${ns('ClassifiedTaxCategory')}`, doc)).toBe('lines.0.vatRate');
    expect(findingField(`${ROOT}${ns('InvoiceLine', 1)}`, doc)).toBe('lines.0');
  });

  it('places the buyer’s address parts and ids, the document’s fields, and leaves the seller’s to the general list', () => {
    expect(findingField(`${ROOT}${ns('AccountingCustomerParty')}${ns('Party')}${ns('PostalAddress')}${ns('CountrySubentity')}`, doc)).toBe('buyer.address.countyCode');
    expect(findingField(`${ROOT}${ns('AccountingCustomerParty')}${ns('Party')}${ns('PartyLegalEntity')}${ns('CompanyID')}`, doc)).toBe('buyer.identification');
    expect(findingField(`${ROOT}${ns('DueDate')}`, doc)).toBe('dueDate');
    expect(findingField(`${ROOT}${ns('AccountingSupplierParty')}${ns('Party')}`, doc)).toBeNull();
    expect(findingField(ROOT, doc)).toBeNull();
  });
});
