import type { ShipmentStatus } from '@colete/contract';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments } from '../../db/schema/shipments.js';
import { containsPattern } from './shipment-fragments.js';

/*
 * The store's sent-orders tabs (NOT_PICKED_UP, NOT_DELIVERED: issue 13, spec 002 section 2.2) page
 * the shipments made from one store of the client: asked by the store module (issue 28 §2: the
 * shipments table is this module's). One query with the total (shipments_store_created_idx).
 */

/** The client and the store whose shipments the tab shows. */
export type StoreShipmentsOwner = { userId: number; storeAccountId: number };

/**
 * What the tab filters on (issue 24), resolved by the store: the creation interval, the shop's order
 * name (exact, '#1001') or part of the recipient's name, cash on delivery or not, and the order.
 */
export type StoreShipmentsFilter = {
  createdFrom: Date | null;
  createdTo: Date | null;
  orderName?: string;
  recipientName?: string;
  cashOnDelivery?: boolean;
  reversed: boolean;
};

/**
 * One page of the store's shipments in these statuses, newest first (oldest with `reversed`), and
 * how many match: the total rides on the page's rows (a window count); a page past the end is
 * counted on its own (rare).
 */
export async function storeShipmentsPage(
  db: Executor,
  owner: StoreShipmentsOwner,
  statuses: readonly ShipmentStatus[],
  filter: StoreShipmentsFilter,
  page: { limit: number; offset: number },
) {
  const where: SQL[] = [eq(shipments.userId, owner.userId), eq(shipments.storeAccountId, owner.storeAccountId), inArray(shipments.status, [...statuses])];
  if (filter.createdFrom) where.push(gte(shipments.createdAt, filter.createdFrom));
  if (filter.createdTo) where.push(lte(shipments.createdAt, filter.createdTo));
  if (filter.orderName !== undefined) where.push(eq(shipments.storeOrderName, filter.orderName));
  else if (filter.recipientName !== undefined) where.push(sql`${shipments.recipient}->>'contactName' ilike ${containsPattern(filter.recipientName)}`);
  if (filter.cashOnDelivery !== undefined) where.push(filter.cashOnDelivery ? sql`coalesce((${shipments.options}->>'codBani')::bigint, 0) > 0` : sql`coalesce((${shipments.options}->>'codBani')::bigint, 0) = 0`);
  const order = filter.reversed ? [asc(shipments.createdAt), asc(shipments.id)] : [desc(shipments.createdAt), desc(shipments.id)];
  const rows = await db
    .select({
      uniqueId: shipments.uniqueId,
      storeOrderId: shipments.storeOrderId,
      storeOrderName: shipments.storeOrderName,
      createdAt: shipments.createdAt,
      recipient: shipments.recipient,
      priceBani: shipments.priceBani,
      options: shipments.options,
      status: shipments.status,
      awb: shipments.awb,
      parcelCount: shipments.parcelCount,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(shipments)
    .where(and(...where))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const count = rows[0]?.total ?? (page.offset > 0 ? await countOnly(db, where) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), count };
}
export type StoreShipmentRow = Awaited<ReturnType<typeof storeShipmentsPage>>['rows'][number];

async function countOnly(db: Executor, where: SQL[]) {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(shipments).where(and(...where));
  return row?.n ?? 0;
}
