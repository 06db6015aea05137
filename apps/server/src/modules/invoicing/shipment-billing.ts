import { eq } from 'drizzle-orm';
import { billableCharges } from '../../db/schema/invoicing.js';
import type { ShipmentBilling } from '../shipments/index.js';
import { cancelShipmentCharge } from './credit-notes.js';
import { activeEntity } from './invoicing-queries.js';
import { chargeLine } from './invoice-lines.js';
import { invoicingSettings, issueInvoice, type InvoicingDeps } from './issue-invoice.js';

/**
 * Invoicing's side of the shipment lifecycle (the shipments module's ShipmentBilling port): what
 * an activation leaves to invoice, and what a cancellation takes back. Only invoicing writes
 * billable charges.
 */
export function shipmentBilling(deps: InvoicingDeps): ShipmentBilling {
  return {
    /**
     * A postpaid client's shipment always; a prepaid one's only when its top-ups were not invoiced
     * as advances. With invoiceEveryOrder it is invoiced now (when the active company is verified).
     */
    async recordShipmentCharge(tx, charge) {
      const settings = await invoicingSettings(tx, charge.userId);
      if (charge.paymentType === 'prepaid' && settings.invoiceEveryPrepay.value) return;
      const [row] = await tx
        .insert(billableCharges)
        .values({
          userId: charge.userId,
          shipmentId: charge.shipmentId,
          amountBani: charge.amountBani,
          description: charge.description,
          reference: charge.reference,
          createdAt: charge.suppliedAt,
        })
        .onConflictDoNothing()
        .returning();
      if (!row || !settings.invoiceEveryOrder.value) return;
      const entity = await activeEntity(tx, charge.userId);
      if (!entity || entity.verifyStatus !== 'verified') return;
      const invoice = await issueInvoice(tx, deps, { userId: charge.userId, entity, kind: 'orders', lines: [chargeLine(row)] });
      await tx.update(billableCharges).set({ invoiceId: invoice.id }).where(eq(billableCharges.id, row.id));
    },

    async cancelCharge(tx, { mail, ...charge }) {
      await cancelShipmentCharge(tx, mail === false ? { ...deps, mail: false } : deps, charge);
    },
  };
}
