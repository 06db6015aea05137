import { ADDRESS_TYPE_DEFAULT, ADDRESS_TYPE_LOCKED, PICKUP_DELETED } from '@colete/contract';
import { and, asc, count, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pickupPoints } from '../../db/schema/pickup-points.js';
import { addressesByIds, lockAddressType, lockOwnAddress as lockAddressOf, setAddressType, type AddressRow } from '../addresses/index.js';
import { accountContacts } from '../auth/index.js';

export type PickupRow = typeof pickupPoints.$inferSelect;
export type NewPickupRow = typeof pickupPoints.$inferInsert;
export type { AddressRow };

/** Each point with its address (the addresses module's, read in one query); a point without one is left out, as a join would. */
async function withAddresses(db: Executor, points: PickupRow[]) {
  const byId = await addressesByIds(db, points.map((p) => p.addressId));
  return points.flatMap((point) => {
    const address = byId.get(point.addressId);
    return address ? [{ point, address }] : [];
  });
}

const { no, requested, deleted } = PICKUP_DELETED;

/** Not deleted and not rejected: what the partial unique index pickup_points_live_key covers. */
const live = and(ne(pickupPoints.deleted, deleted), isNull(pickupPoints.rejectedAt));
/** Waiting for an admin: matches the partial index pickup_points_pending_idx. */
const pending = and(sql`not ${pickupPoints.enabled}`, eq(pickupPoints.deleted, no), isNull(pickupPoints.rejectedAt));
/** Approved and in use: gives the discount. Spelled with the live index's predicate so the planner can use it. */
const active = and(live, eq(pickupPoints.enabled, true), eq(pickupPoints.deleted, no));

const own = (userId: number, id: number) => and(eq(pickupPoints.id, id), eq(pickupPoints.userId, userId));

/** One client's points with their addresses, newest first; deleted (2) and rejected ones only when asked. */
export async function listPoints(db: Executor, userId: number, opts: { withDeleted: boolean }) {
  const points = await db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.userId, userId), opts.withDeleted ? undefined : live))
    .orderBy(desc(pickupPoints.createdAt), desc(pickupPoints.id));
  return withAddresses(db, points);
}

/** The point with its address if it belongs to this user; another user's point is the same as a missing one. */
export async function findPoint(db: Executor, userId: number, id: number) {
  const points = await db.select().from(pickupPoints).where(own(userId, id)).limit(1);
  const [row] = await withAddresses(db, points);
  return row ?? null;
}

/** The user's address-book entry, locked until the transaction ends (one request per address at a time). */
export const lockOwnAddress = (tx: Executor, userId: number, addressId: number) => lockAddressOf(tx, userId, addressId);

export async function liveRequestExists(db: Executor, addressId: number, courierId: string) {
  const [row] = await db
    .select({ id: pickupPoints.id })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.addressId, addressId), eq(pickupPoints.courierId, courierId), live))
    .limit(1);
  return !!row;
}

export async function insertPoint(db: Executor, values: NewPickupRow) {
  const [row] = await db.insert(pickupPoints).values(values).returning();
  return row!;
}

/** Moves the user's point to 'deletion requested'; null when it is not the user's or no longer deletable. */
export async function markDeletionRequested(db: Executor, userId: number, id: number, now: Date) {
  const [row] = await db
    .update(pickupPoints)
    .set({ deleted: requested, updatedAt: now })
    .where(and(own(userId, id), eq(pickupPoints.deleted, no), isNull(pickupPoints.rejectedAt)))
    .returning();
  return row ?? null;
}

/* ---- Admin ---- */

/** Pending requests, oldest first (the order they are handled), a page at a time, with their count. */
export async function listPending(db: Executor, opts: { limit: number; offset: number }) {
  const [points, [total]] = await Promise.all([
    db.select().from(pickupPoints).where(pending).orderBy(asc(pickupPoints.createdAt), asc(pickupPoints.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(pickupPoints).where(pending),
  ]);
  // The page's addresses and clients: one query each, from their modules.
  const [located, clients] = await Promise.all([withAddresses(db, points), accountContacts(db, points.map((p) => p.userId))]);
  const rows = located.flatMap((row) => {
    const client = clients.get(row.point.userId);
    return client ? [{ ...row, client: { id: client.id, name: client.name, email: client.email } }] : [];
  });
  return { rows, count: total?.n ?? 0 };
}

/** The point, locked until the transaction ends (an approval and a rejection never cross). */
export async function lockPoint(tx: Executor, id: number) {
  const [row] = await tx.select().from(pickupPoints).where(eq(pickupPoints.id, id)).for('update');
  return row ?? null;
}

export const isPending = (row: PickupRow) => !row.enabled && row.deleted === no && row.rejectedAt === null;

export async function updatePoint(db: Executor, id: number, values: Partial<NewPickupRow>) {
  const [row] = await db
    .update(pickupPoints)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(eq(pickupPoints.id, id))
    .returning();
  return row!;
}

/** Type 10: the address is a pick-up point and cannot be edited or deleted. */
export async function lockAddressAsPickupPoint(db: Executor, addressId: number) {
  await setAddressType(db, addressId, ADDRESS_TYPE_LOCKED);
}

/* ---- The job ---- */

/** Every requested deletion becomes a deletion; answers the addresses they used. */
export async function completeRequestedDeletions(db: Executor, now: Date) {
  return db
    .update(pickupPoints)
    .set({ deleted, updatedAt: now })
    .where(eq(pickupPoints.deleted, requested))
    .returning({ id: pickupPoints.id, addressId: pickupPoints.addressId });
}

/** Approved points with no shipment since `before` (or never used and approved before it) are deleted. */
export async function deactivateUnused(db: Executor, before: Date, now: Date) {
  return db
    .update(pickupPoints)
    .set({ deleted, updatedAt: now })
    .where(and(active, lt(sql`coalesce(${pickupPoints.lastUsedAt}, ${pickupPoints.approvedAt})`, before)))
    .returning({ id: pickupPoints.id, addressId: pickupPoints.addressId });
}

/**
 * Gives a locked address back to the address book when no approved point (even one waiting for
 * its deletion) uses it any more. The address row is locked first, and the check is a separate
 * statement, so it sees an approval that committed while this waited for the lock.
 */
export async function unlockAddressIfUnused(tx: Executor, addressId: number) {
  if ((await lockAddressType(tx, addressId)) !== ADDRESS_TYPE_LOCKED) return false;
  const [user] = await tx
    .select({ id: pickupPoints.id })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.addressId, addressId), eq(pickupPoints.enabled, true), live))
    .limit(1);
  if (user) return false;
  await setAddressType(tx, addressId, ADDRESS_TYPE_DEFAULT);
  return true;
}

/* ---- Offers (called by the shipments module) ---- */

const activeFor = (userId: number, addressId: number, courierId: string) =>
  and(eq(pickupPoints.userId, userId), eq(pickupPoints.addressId, addressId), eq(pickupPoints.courierId, courierId), active);

/** The discounts, percent by courier, of the approved points at one address of the client (one query). */
export async function activeDiscounts(db: Executor, userId: number, addressId: number) {
  const rows = await db
    .select({ courierId: pickupPoints.courierId, percent: pickupPoints.discountPercent })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.userId, userId), eq(pickupPoints.addressId, addressId), active));
  return new Map(rows.map((r) => [r.courierId, r.percent]));
}

export async function touchLastUsed(db: Executor, userId: number, addressId: number, courierId: string, now: Date) {
  await db.update(pickupPoints).set({ lastUsedAt: now }).where(activeFor(userId, addressId, courierId));
}

