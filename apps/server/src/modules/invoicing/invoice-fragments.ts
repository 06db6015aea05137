import { QueryBuilder } from 'drizzle-orm/pg-core';
import { invoices } from '../../db/schema/invoicing.js';

/** Payments composes it (its payment lists and a payment's view): each invoice's series and number, a subquery joined on `id` in the page's one SQL. */
export function invoiceNumbers(name = 'invoice_numbers') {
  return new QueryBuilder().select({ id: invoices.id, series: invoices.series, number: invoices.number }).from(invoices).as(name);
}
