import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments } from '../../db/schema/shipments.js';

/** A delivered shipment as the referral programme counts it: its charged price (with VAT) and when it was delivered. */
export type DeliveredShipment = { id: number; userId: number; valueBani: number; deliveredAt: Date };

/**
 * The clients' shipments delivered in [from, before) with a price: the orders whose value the
 * referral bonus is a part of (issue 27). Through shipments_user_status_created_idx (user, status).
 */
export async function deliveredShipmentsOf(ex: Executor, userIds: number[], range: { from: Date; before: Date }): Promise<DeliveredShipment[]> {
  if (userIds.length === 0) return [];
  const rows = await ex
    .select({ id: shipments.id, userId: shipments.userId, valueBani: shipments.priceBani, deliveredAt: shipments.statusAt })
    .from(shipments)
    .where(and(inArray(shipments.userId, userIds), eq(shipments.status, 'delivered'), gte(shipments.statusAt, range.from), lt(shipments.statusAt, range.before)))
    .orderBy(shipments.statusAt, shipments.id);
  return rows.filter((r) => (r.valueBani ?? 0) > 0).map((r) => ({ ...r, valueBani: r.valueBani! }));
}

/** The shipments among `ids` that are no longer delivered (cancelled, returned, refused since): a bonus paid on them is taken back. */
export async function undeliveredShipmentIds(ex: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .select({ id: shipments.id, status: shipments.status })
    .from(shipments)
    .where(inArray(shipments.id, ids));
  const delivered = new Set(rows.filter((r) => r.status === 'delivered').map((r) => r.id));
  return new Set(ids.filter((id) => !delivered.has(id)));
}
