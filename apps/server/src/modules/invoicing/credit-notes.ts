import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { billableCharges, invoices } from '../../db/schema/invoicing.js';
import { formatRoDate } from '../../lib/dates.js';
import { chargeLine } from './invoice-lines.js';
import { invoiceFullNumber } from './invoice-pdf.js';
import { issueInvoice, type InvoicingDeps } from './issue-invoice.js';

/**
 * A cancelled shipment's charge. Not invoiced yet: dropped (nothing to invoice any more). Already
 * invoiced: a credit note (storno) in the invoices' series reverses it, made out to the original
 * invoice's buyer, at the VAT rate of the original supply (the shipment's activation day). The
 * charge row is locked and marked with its credit note in the same transaction, so retries and
 * parallel cancels issue it exactly once. Dated `at`, the cancellation (now when not given).
 * Returns the credit note, or null.
 */
export async function cancelShipmentCharge(tx: Executor, deps: InvoicingDeps, charge: { userId: number; reference: string; at?: Date }) {
  await tx
    .delete(billableCharges)
    .where(and(eq(billableCharges.reference, charge.reference), eq(billableCharges.userId, charge.userId), isNull(billableCharges.invoiceId)));
  const [row] = await tx
    .select()
    .from(billableCharges)
    .where(
      and(
        eq(billableCharges.reference, charge.reference),
        eq(billableCharges.userId, charge.userId),
        isNotNull(billableCharges.invoiceId),
        isNull(billableCharges.creditNoteId),
      ),
    )
    .for('update');
  if (!row) return null;
  const [original] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, row.invoiceId!), eq(invoices.userId, charge.userId)))
    .limit(1);
  if (!original) return null;
  const line = chargeLine(row);
  const creditNote = await issueInvoice(tx, deps, {
    userId: charge.userId,
    entity: { id: original.billingEntityId, buyer: original.buyer },
    kind: 'credit_note',
    creditsInvoiceId: original.id,
    ...(charge.at ? { at: charge.at } : {}),
    lines: [
      {
        ...line,
        description: `Stornare factura ${invoiceFullNumber(original)} din ${formatRoDate(original.issuedAt)}: ${row.description} (expediere anulata)`,
        grossBani: -row.amountBani,
      },
    ],
  });
  const marked = await tx
    .update(billableCharges)
    .set({ creditNoteId: creditNote.id })
    .where(and(eq(billableCharges.id, row.id), isNull(billableCharges.creditNoteId)))
    .returning({ id: billableCharges.id });
  // The row is locked above: nothing else can have marked it (a failure here rolls the note back).
  if (marked.length !== 1) throw new Error(`charge ${row.id} was credited twice`);
  return creditNote;
}
