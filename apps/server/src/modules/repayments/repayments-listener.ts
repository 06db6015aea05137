import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { repayments, type RepaymentStatus } from '../../db/schema/repayments.js';
import { shipmentCodBani, type ShipmentFacts, type ShipmentListener } from '../shipments/index.js';

/**
 * The repayments' listener of the shipment lifecycle: a shipment activated with cash on delivery
 * gets its repayment (one per shipment: the unique shipment_id), its delivery marks it delivered,
 * and a refusal, a return or a cancellation cancels it. Every step is a conditional write (from
 * the statuses it may leave), so a repeated or late event changes nothing.
 */

/** The statuses a delivery or a cancellation may still move (later ones are the money's own). */
const BEFORE_COURIER: RepaymentStatus[] = ['awaiting_delivery', 'delivered'];

/** The shipment's cash on delivery: from the event, or (events written before it carried it) from the row. */
async function codOf(tx: Executor, shipment: ShipmentFacts): Promise<number | null> {
  if (shipment.codBani !== undefined) return shipment.codBani;
  return shipmentCodBani(tx, shipment.id);
}

/** Makes the shipment's repayment if it has cash on delivery and none yet; answers whether it has one. */
export async function ensureRepayment(tx: Executor, shipment: ShipmentFacts, at: Date): Promise<boolean> {
  if (shipment.kind !== 'shipment' || !shipment.awb || !shipment.courierId) return false;
  const cod = await codOf(tx, shipment);
  if (!cod || cod <= 0) return false;
  await tx
    .insert(repayments)
    .values({ shipmentId: shipment.id, userId: shipment.userId, courierId: shipment.courierId, awb: shipment.awb, amountBani: cod, orderedAt: at })
    .onConflictDoNothing({ target: repayments.shipmentId });
  return true;
}

async function cancel(tx: Executor, shipment: ShipmentFacts, at: Date, reason: string) {
  await tx
    .update(repayments)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason, updatedAt: sql`now()` })
    .where(and(eq(repayments.shipmentId, shipment.id), inArray(repayments.status, BEFORE_COURIER)));
}

export const repaymentsListener: ShipmentListener = {
  name: 'repayments.cash-on-delivery',
  on: {
    'shipment.activated': async (tx, p) => {
      await ensureRepayment(tx, p.shipment, new Date(p.at));
    },
    'shipment.status_changed': async (tx, p) => {
      const at = new Date(p.at);
      if (p.to === 'delivered') {
        if (!(await ensureRepayment(tx, p.shipment, at))) return;
        await tx
          .update(repayments)
          .set({ status: 'delivered', deliveredAt: at, updatedAt: sql`now()` })
          .where(and(eq(repayments.shipmentId, p.shipment.id), eq(repayments.status, 'awaiting_delivery')));
      } else if (p.to === 'refused' || p.to === 'returned' || p.to === 'cancelled') {
        await cancel(tx, p.shipment, at, p.to);
      }
    },
    'shipment.cancelled': async (tx, p) => {
      await cancel(tx, p.shipment, new Date(p.at), 'cancelled');
    },
  },
};
