import type { Executor } from '../../db/client.js';

/**
 * What the shipment lifecycle needs from invoicing (the invoicing service implements it; the
 * composition root passes it in). The shipments module never touches invoicing's tables.
 */
export interface ShipmentBilling {
  /**
   * An activated shipment's price, to be invoiced: always for a postpaid client, for a prepaid one
   * only when its top-ups were not invoiced as advances; invoiced at once with invoiceEveryOrder.
   * Once per reference (a retry records nothing twice). Runs in the activation's transaction.
   * suppliedAt is the activation: the supply date whose VAT rate the price carries.
   */
  recordShipmentCharge(
    tx: Executor,
    charge: { userId: number; shipmentId: number; paymentType: 'prepaid' | 'postpaid'; amountBani: number; description: string; reference: string; suppliedAt: Date },
  ): Promise<void>;
  /**
   * A cancelled shipment's charge: dropped when not invoiced yet; when invoiced, reversed by a
   * credit note, once, dated `at` (the cancellation; now when not given), mailed unless `mail` is
   * false (the demo's history). Runs in the cancellation's transaction.
   */
  cancelCharge(tx: Executor, charge: { userId: number; reference: string; at?: Date; mail?: boolean }): Promise<void>;
}
