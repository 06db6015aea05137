import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { StoredEvent } from '../../db/outbox.js';
import { invoices } from '../../db/schema/invoicing.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { invoiceFullNumber } from './invoice-pdf.js';
import { invoiceUblOf, type InvoiceUbl } from './invoice-ubl.js';
import type { InvoiceRow } from './invoicing-queries.js';

/*
 * The invoicing module's domain event (issue 26): every invoice and credit note issued, written in
 * the transaction that issues it, so e-invoicing reports each to e-Factura exactly when it exists.
 */

export const INVOICE_ISSUED = 'invoice.issued';
export type InvoiceIssued = {
  invoiceId: number;
  /** As the invoice and its e-invoice write it ('CO 000123'). */
  number: string;
  kind: 'invoice' | 'creditNote';
  buyerName: string;
  buyerIdentification: string;
  /** The issue's Bucharest day, 'YYYY-MM-DD'. */
  issueDay: string;
  netBani: number;
  vatBani: number;
  totalBani: number;
};
export type InvoiceIssuedEvent = StoredEvent<typeof INVOICE_ISSUED, InvoiceIssued>;

export const invoiceIssuedOf = (row: InvoiceRow): InvoiceIssued => ({
  invoiceId: row.id,
  number: invoiceFullNumber(row),
  kind: row.kind === 'credit_note' ? 'creditNote' : 'invoice',
  buyerName: row.buyer.name,
  buyerIdentification: row.buyer.identificationCode,
  issueDay: bucharestDateKey(row.issuedAt),
  netBani: row.netBani,
  vatBani: row.vatBani,
  totalBani: row.totalBani,
});

/** An issued invoice's e-invoice, built from its copy in the database (what e-invoicing sends). */
export async function invoiceDocumentById(db: Executor, invoiceId: number): Promise<InvoiceUbl> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!row) throw new Error(`invoice ${invoiceId} does not exist`);
  return invoiceUblOf(db, row);
}

/**
 * The buyer's address in the parts the e-invoice states (issue 26), said by a person for an invoice
 * whose kept address line the rules cannot read (no county, a Bucharest address without its sector).
 * The printed line stays as issued; the parts are what the e-invoice writes from now on.
 */
export async function setInvoiceBuyerAddressParts(db: Executor, invoiceId: number, parts: { street: string; city: string; countyCode: string; postalCode: string }) {
  const [row] = await db.select({ buyer: invoices.buyer }).from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!row) throw new Error(`invoice ${invoiceId} does not exist`);
  await db
    .update(invoices)
    .set({ buyer: { ...row.buyer, street: parts.street, city: parts.city, countyCode: parts.countyCode, ...(parts.postalCode ? { postalCode: parts.postalCode } : {}) } })
    .where(eq(invoices.id, invoiceId));
}
