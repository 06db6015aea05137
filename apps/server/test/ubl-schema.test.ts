import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEInvoice, efacturaDataFolder } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { ublSchemaErrors } from '../src/integrations/e-invoicing/ubl-schema.js';
import { invoiceUbl } from '../src/modules/invoicing/invoice-ubl.js';
import { efacturaSamples } from './support/efactura.js';
import { BUYERS, invoiceRow, ORIGINAL } from './support/invoice-rows.js';

/*
 * The UBL 2.1 schema step of checkEInvoice (issue 26): the Invoice and CreditNote schemas are parsed
 * once per process and kept, so what is checked here is that a kept validator still refuses what the
 * schema refuses, in words a person can read, and that the two kinds never answer for each other.
 */

const LONG = 120_000;
const sample = readFileSync(path.join(efacturaSamples(), 'ubl_b2g_example1.xml'), 'utf8');
const invoice = invoiceUbl(invoiceRow({ kind: 'orders', buyer: BUYERS.vatPayer, lines: [{ description: 'Expediere AWB 1', grossBani: 24_20, quantity: 2 }] })).xml;
const creditNote = invoiceUbl(invoiceRow({ kind: 'credit_note', buyer: BUYERS.individual, lines: [{ description: 'Stornare Expediere AWB 1', grossBani: -24_20 }] }), ORIGINAL).xml;

async function schemaRefusal(xml: string) {
  const report = await checkEInvoice(xml);
  expect(report.valid).toBe(false);
  expect(report.fatal).toEqual([]);
  expect(report.warnings).toEqual([]);
  return report.schemaErrors;
}

describe('the UBL schema step', () => {
  it('refuses an element out of order and a missing required element, each in a readable message naming it', { timeout: LONG }, async () => {
    expect((await checkEInvoice(sample)).schemaErrors).toEqual([]);
    // The currency (BT-5) before the issue date: UBL wants IssueDate right after ID (UUID and CopyIndicator aside).
    const currency = sample.match(/<cbc:DocumentCurrencyCode>[^<]*<\/cbc:DocumentCurrencyCode>/)![0];
    const swapped = sample.replace(currency, '').replace('<cbc:IssueDate>', `${currency}<cbc:IssueDate>`);
    const [outOfOrder, ...more] = await schemaRefusal(swapped);
    expect(more).toEqual([]);
    expect(outOfOrder).toBe(
      "Schemas validity error : Element '{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}DocumentCurrencyCode': This element is not expected. Expected is one of ( {urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}CopyIndicator, {urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}UUID, {urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}IssueDate ).",
    );
    // The amount due (BT-115) is required in the monetary totals.
    const unpaid = sample.replace(/<cbc:PayableAmount[^>]*>[^<]*<\/cbc:PayableAmount>/, '');
    const [missing] = await schemaRefusal(unpaid);
    expect(missing).toMatch(/^Schemas validity error : Element '\{[^}]+\}LegalMonetaryTotal': Missing child element\(s\)\. Expected is .*PayableAmount/);
    // Not XML at all: the parser's words, not an exception.
    const [broken] = await schemaRefusal(sample.replace('</cbc:IssueDate>', '</cbc:IssueDat>'));
    expect(broken).toMatch(/^parser error : .*IssueDate/);
    expect(await schemaRefusal('')).toEqual([expect.stringMatching(/^parser error : \S/)]);
  });

  it('checks an invoice, a credit note, then an invoice again, each with its own schema', { timeout: LONG }, async () => {
    for (const [xml, kind] of [[invoice, 'Invoice'], [creditNote, 'CreditNote'], [invoice, 'Invoice'], [creditNote, 'CreditNote']] as const) {
      expect(xml).toMatch(new RegExp(`^<\\?xml[^>]*\\?>\\s*<${kind}[\\s>]`));
      const report = await checkEInvoice(xml);
      expect([kind, report.schemaErrors, report.fatal]).toEqual([kind, [], []]);
      expect(report.valid).toBe(true);
    }
    // Each refuses the other's type code: the credit note is not let through by the invoice's schema, nor the reverse.
    const [wrongCode] = await schemaRefusal(creditNote.replace(/<cbc:CreditNoteTypeCode>381<\/cbc:CreditNoteTypeCode>/, '<cbc:InvoiceTypeCode>381</cbc:InvoiceTypeCode>'));
    expect(wrongCode).toContain('InvoiceTypeCode');
    const [wrongInvoice] = await schemaRefusal(invoice.replace(/<cbc:InvoiceTypeCode>380<\/cbc:InvoiceTypeCode>/, '<cbc:CreditNoteTypeCode>380</cbc:CreditNoteTypeCode>'));
    expect(wrongInvoice).toContain('CreditNoteTypeCode');
    expect((await checkEInvoice(invoice)).valid).toBe(true);
  });

  it("replaces a DOCTYPE's own entity and never loads an external one (the file it names stays unread)", () => {
    const xsd = path.join(efacturaDataFolder(), 'xsd');
    const withDoctype = (decl: string, note: string) => sample.replace('<Invoice ', `<!DOCTYPE Invoice [${decl}]>\n<Invoice `).replace(/<cbc:Note>[^<]*<\/cbc:Note>/, `<cbc:Note>${note}</cbc:Note>`);
    expect(ublSchemaErrors(withDoctype('<!ENTITY term "14 zile">', 'Plata in &term;'), xsd)).toEqual([]);
    // Were the file read, its element inside the note would be refused.
    const file = path.join(os.tmpdir(), `ubl-entity-${process.pid}.xml`);
    writeFileSync(file, '<cbc:Colet xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">1</cbc:Colet>');
    try {
      expect(ublSchemaErrors(withDoctype(`<!ENTITY ext SYSTEM "file://${file}">`, '&ext;'), xsd)).toEqual([]);
      expect(ublSchemaErrors(withDoctype('<!ENTITY ext SYSTEM "/colete-efactura-xsd/common/UBL-CommonBasicComponents-2.1.xsd">', '&ext;'), xsd)).toEqual([]);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
