import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { appMeta } from '../../db/schema/meta.js';
import { shipmentRecipients, shippedRecipientsAfter, type ShipmentListener, type ShipmentRecipient } from '../shipments/index.js';
import { matchKeysOf, recipientValues } from './customer-values.js';
import { findMatch, insertCustomer, linkShipment, unlinkShipment } from './customers-queries.js';

/*
 * The customer book filled from the client's shipments (issue 27): each shipment's recipient is
 * matched to one customer of the client by the matching rule (docs/decisions.md) or becomes a new
 * one, and the shipment is linked to it once (the count and last date follow the links). Store
 * orders become shipments when activated, so they come the same way. New shipments arrive by the
 * `shipment.activated` event; the ones before the book by a one-off backfill.
 */

/** Matches (or adds) the recipient's customer and links the shipment to it; a second call for the same shipment changes nothing. */
export async function recordRecipient(tx: Executor, s: ShipmentRecipient) {
  const values = recipientValues(s.recipient);
  const keys = matchKeysOf(values);
  let customer = await findMatch(tx, s.userId, keys);
  // A parallel delivery may add the same customer first (a unique key): then it is found.
  customer ??= (await insertCustomer(tx, { ...values, userId: s.userId, source: 'shipment' })) ?? (await findMatch(tx, s.userId, keys));
  if (customer) await linkShipment(tx, customer.id, s.shipmentId, s.activatedAt);
}

/** The lifecycle events' listener: an activation adds its recipient, a cancellation takes the shipment back. */
export const customersListener: ShipmentListener = {
  name: 'customers.shipment-recipients',
  on: {
    'shipment.activated': async (tx, p) => {
      if (p.shipment.kind !== 'shipment') return;
      for (const s of await shipmentRecipients(tx, [p.shipment.id])) await recordRecipient(tx, s);
    },
    'shipment.cancelled': async (tx, p) => {
      await unlinkShipment(tx, p.shipment.id);
    },
  },
};

const BACKFILL_KEY = 'customers_backfill';
const BATCH = 500;

/**
 * Once per database: every shipment sent before the book existed, in id order, a batch per
 * transaction. The last id done is kept in app_meta, so an interrupted run goes on where it
 * stopped; 'done' marks the end. Linking is idempotent, so an event delivered meanwhile is harmless.
 */
export async function backfillCustomers(database: Database): Promise<number> {
  const { db } = database;
  const [mark] = await db.select().from(appMeta).where(eq(appMeta.key, BACKFILL_KEY));
  if (mark?.value === 'done') return 0;
  let after = Number(mark?.value ?? 0);
  let total = 0;
  for (;;) {
    const batch = await shippedRecipientsAfter(db, after, BATCH);
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      for (const s of batch) await recordRecipient(tx, s);
      after = batch[batch.length - 1]!.shipmentId;
      await tx.insert(appMeta).values({ key: BACKFILL_KEY, value: String(after) }).onConflictDoUpdate({ target: appMeta.key, set: { value: String(after), updatedAt: new Date() } });
    });
    total += batch.length;
  }
  await db.insert(appMeta).values({ key: BACKFILL_KEY, value: 'done' }).onConflictDoUpdate({ target: appMeta.key, set: { value: 'done', updatedAt: new Date() } });
  return total;
}
