import type { Executor } from '../../db/client.js';
import { demoVat, issueSupplierDocument } from './simulator-suppliers.js';

/*
 * The simulated couriers as suppliers (issue 25): each is a company of the company-check simulator's
 * register, and invoices the platform's company for the AWBs it bought, one line per AWB with the AWB
 * as the line's object (BT-128), through the simulator's SPV.
 */

/** The simulated couriers' companies. */
export const SIM_COURIER_COMPANIES: Readonly<Record<string, string>> = { rapidcarpati: '33104270', dunarea: '24567810', colet24: '38712049', postaverde: '16308555' };

export type BilledAwb = { awb: string; costBani: number };

/** A courier's invoice to `buyerCui` for these AWBs at their cost; `overchargeBani` added to the first line (a courier billing more than agreed). */
export function issueCourierInvoice(
  db: Executor,
  invoice: { courierId: string; buyerCui: string; number: string; issueDate: string; dueDate: string; awbs: BilledAwb[]; overchargeBani?: number },
  at: Date,
) {
  const sellerCui = SIM_COURIER_COMPANIES[invoice.courierId];
  if (!sellerCui) throw new Error(`no simulated company for courier ${invoice.courierId}`);
  const lines = invoice.awbs.map((a, i) => ({
    name: `Servicii curierat AWB ${a.awb}`,
    quantity: 1,
    unitPriceBani: a.costBani + (i === 0 ? (invoice.overchargeBani ?? 0) : 0),
    vatPercent: demoVat(invoice.issueDate),
    objectId: a.awb,
  }));
  return issueSupplierDocument(db, { kind: 'invoice', sellerCui, buyerCui: invoice.buyerCui, number: invoice.number, issueDate: invoice.issueDate, dueDate: invoice.dueDate, lines }, at);
}
