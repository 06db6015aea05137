import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { invoicePayments } from '../../db/schema/payments.js';

/**
 * Invoicing composes it (the documents list's paid state, the payable invoices, handed over by the
 * composition root): an invoice's active payments less their reverts, in bani, correlated in the
 * SQL that filters and pages the invoices so it stays one statement.
 */
export function paidBani(invoiceId: SQLWrapper): SQL<number> {
  // Nested, so its columns keep their table even as a field of a single-table select (drizzle writes those unqualified).
  return sql<number>`${sql`(select coalesce(sum(${invoicePayments.amountBani} - ${invoicePayments.revertedBani}), 0) from ${invoicePayments}
    where ${invoicePayments.invoiceId} = ${invoiceId} and ${invoicePayments.active})`}`;
}
