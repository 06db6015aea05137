import type { SQL, SQLWrapper } from 'drizzle-orm';

/**
 * What invoicing needs from payments (payments sits above invoicing: it imports invoicing's index).
 * The payments module implements it (its `paidBani`); the composition root passes it in, and
 * payments hands it to the payable invoices' query itself.
 */
export interface InvoicePayments {
  /** An invoice's active payments less their reverts, in bani: SQL correlated on the given invoice id, inside the caller's statement. */
  paidBani(invoiceId: SQLWrapper): SQL<number>;
}
