import type { TPartyAddress } from '@colete/contract';
import { and, asc, eq, gt, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments } from '../../db/schema/shipments.js';

/**
 * The recipients of a client's shipments, for the customer book (issue 27): the shipment's
 * recipient as stored (it does not change once activated) and when it was activated. Drafts and
 * returns (their recipient is the client) are left out; cancelled ones too.
 */
export type ShipmentRecipient = { shipmentId: number; userId: number; recipient: TPartyAddress; activatedAt: Date };

const columns = { shipmentId: shipments.id, userId: shipments.userId, recipient: shipments.recipient, activatedAt: shipments.activatedAt };
const shipped = and(eq(shipments.kind, 'shipment'), isNotNull(shipments.activatedAt), ne(shipments.status, 'cancelled'));
const asRecipients = (rows: { shipmentId: number; userId: number; recipient: TPartyAddress; activatedAt: Date | null }[]) =>
  rows.map((r) => ({ ...r, activatedAt: r.activatedAt! }));

/** These shipments' recipients (the ones activated and not cancelled). */
export async function shipmentRecipients(db: Executor, ids: number[]): Promise<ShipmentRecipient[]> {
  if (ids.length === 0) return [];
  return asRecipients(await db.select(columns).from(shipments).where(and(inArray(shipments.id, ids), shipped)));
}

/** Every client's shipped shipments after `afterId`, in id order, a batch at a time (the customer book's backfill). */
export async function shippedRecipientsAfter(db: Executor, afterId: number, limit: number): Promise<ShipmentRecipient[]> {
  return asRecipients(await db.select(columns).from(shipments).where(and(gt(shipments.id, afterId), shipped)).orderBy(asc(shipments.id)).limit(limit));
}

/** A client's shipments by id (its own only), as rows for the views. */
export async function ownShipmentsByIds(db: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(shipments).where(and(eq(shipments.userId, userId), inArray(shipments.id, ids)));
}
