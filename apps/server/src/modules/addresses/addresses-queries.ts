import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { addresses } from '../../db/schema/addresses.js';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One user's entries, optionally matching a normalised search text, a page at a time. */
export async function listAddresses(db: Executor, userId: number, opts: { search?: string; limit: number; offset: number }) {
  const where = and(
    eq(addresses.userId, userId),
    opts.search ? sql`${addresses.searchText} LIKE ${`%${likeEscape(opts.search)}%`}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(addresses).where(where).orderBy(asc(addresses.shortName), asc(addresses.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(addresses).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The entry if it belongs to this user; another user's entry is the same as a missing one. */
export async function findAddress(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertAddress(db: Executor, values: NewAddressRow) {
  const [row] = await db.insert(addresses).values(values).returning();
  return row!;
}

export async function updateAddress(db: Executor, userId: number, id: number, values: Partial<NewAddressRow>) {
  const [row] = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteAddress(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

/*
 * What other modules read and change of the address book (issue 28 §2): the pick-up points read
 * their addresses by id (one query a page) and lock an address while it is a pick-up point.
 */

/** Address rows by id, whoever holds them (missing ids are absent from the map). */
export async function addressesByIds(db: Executor, ids: readonly number[]): Promise<Map<number, AddressRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(addresses).where(inArray(addresses.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The user's address, its row locked until the transaction ends (one change of it at a time); null when not the user's. */
export async function lockOwnAddress(tx: Executor, userId: number, id: number): Promise<AddressRow | null> {
  const [row] = await tx.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).for('update');
  return row ?? null;
}

/** An address's type (10: a pick-up point's, locked), its row locked until the transaction ends; null when missing. */
export async function lockAddressType(tx: Executor, id: number): Promise<number | null> {
  const [row] = await tx.select({ type: addresses.type }).from(addresses).where(eq(addresses.id, id)).for('update');
  return row?.type ?? null;
}

export async function setAddressType(db: Executor, id: number, type: number) {
  await db.update(addresses).set({ type, updatedAt: new Date() }).where(eq(addresses.id, id));
}
