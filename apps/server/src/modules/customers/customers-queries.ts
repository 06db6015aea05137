import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customerCounts, customerNameWords, customerPrefixCounts, customers, customerShipments } from '../../db/schema/customers.js';

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
/** What the matching rule compares (docs/decisions.md, issue 27). */
export type MatchKeys = { identificationKey: string; nameKey: string; phone: string; cityKey: string };

/** The longest prefix whose customers are counted by the trigger (migration 0073). */
export const PREFIX_COUNTED = 4;

/**
 * One page of a client's book. A search is the words typed (searchWords: lower case, no
 * diacritics); each must start a word of the name. The longest is a range of the words' index
 * (user, word in byte order, name key, customer; with the word before it and all the words), the
 * others checked on its entries; a customer counts once, at its first word in the range (the word
 * before it is outside). The page comes in the index's order (the matching word, then the name)
 * and stops at its last row; the count reads the range, or, for one word of up to PREFIX_COUNTED
 * letters (a short prefix is a long range: 'ma', 13,000 entries of 100,000 customers), the count
 * kept per prefix (customer_prefix_counts). Without a search the page is the name index's and the
 * count the kept one (customer_counts).
 */
export async function listCustomers(db: Executor, userId: number, opts: { words: string[]; limit: number; offset: number }) {
  if (opts.words.length === 0) {
    const [rows, [total]] = await Promise.all([
      db.select().from(customers).where(eq(customers.userId, userId)).orderBy(asc(customers.nameKey), asc(customers.id)).limit(opts.limit).offset(opts.offset),
      db.select({ n: customerCounts.customers }).from(customerCounts).where(eq(customerCounts.userId, userId)),
    ]);
    return { rows, count: total?.n ?? 0 };
  }
  // A word typed twice adds nothing.
  const [first, ...rest] = [...new Set(opts.words)].sort((a, b) => b.length - a.length) as [string, ...string[]];
  const w = customerNameWords;
  // The words are [a-z0-9] (searchWords), so a LIKE prefix has nothing to escape.
  const where = sql`${w.userId} = ${userId} and ${w.word} like ${`${first}%`} and ${w.prevWord} not like ${`${first}%`}${sql.join(rest.map((x) => sql` and ${w.searchWords} like ${`% ${x}%`}`))}`;
  const [page, counted] = await Promise.all([
    db.execute(sql`select ${w.customerId} as id from ${w} where ${where} order by ${w.word}, ${w.nameKey}, ${w.customerId} limit ${opts.limit} offset ${opts.offset}`),
    rest.length === 0 && first.length <= PREFIX_COUNTED
      ? db.execute(sql`select ${customerPrefixCounts.customers} as n from ${customerPrefixCounts} where ${customerPrefixCounts.userId} = ${userId} and ${customerPrefixCounts.prefix} = ${first}`)
      : db.execute(sql`select count(*)::int as n from ${w} where ${where}`),
  ]);
  const ids = rowsOf<{ id: number }>(page).map((r) => Number(r.id));
  const found = ids.length ? await db.select().from(customers).where(and(eq(customers.userId, userId), inArray(customers.id, ids))) : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), count: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) };
}

/** The customer if it is this client's; another client's is the same as a missing one. */
export async function findCustomer(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The customer the matching rule finds for these keys (another than `exceptId`): the same
 * identification; else the same name and phone; else, when one of the two has no phone, the same
 * name and locality.
 */
export async function findMatch(db: Executor, userId: number, k: MatchKeys, exceptId?: number): Promise<CustomerRow | null> {
  const mine = and(eq(customers.userId, userId), exceptId ? ne(customers.id, exceptId) : undefined);
  const first = async (where: SQL | undefined) => (await db.select().from(customers).where(and(mine, where)).orderBy(asc(customers.id)).limit(1))[0] ?? null;
  if (k.identificationKey) {
    const byId = await first(eq(customers.identificationKey, k.identificationKey));
    if (byId) return byId;
  }
  if (k.phone) {
    const byPhone = await first(and(eq(customers.nameKey, k.nameKey), eq(customers.phone, k.phone)));
    if (byPhone) return byPhone;
  }
  if (!k.cityKey) return null;
  return first(and(eq(customers.nameKey, k.nameKey), eq(customers.cityKey, k.cityKey), k.phone ? eq(customers.phone, '') : undefined));
}

/** A new customer; null when a parallel writer stored the same one first (a unique key). */
export async function insertCustomer(db: Executor, values: NewCustomerRow) {
  const [row] = await db.insert(customers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function insertCustomers(db: Executor, values: NewCustomerRow[]) {
  if (values.length === 0) return [];
  return db.insert(customers).values(values).onConflictDoNothing().returning({ id: customers.id });
}

export async function updateCustomer(db: Executor, userId: number, id: number, values: Partial<NewCustomerRow>) {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.id, id), eq(customers.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteCustomer(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(customers)
    .where(and(eq(customers.id, id), eq(customers.userId, userId)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/** Links a shipment to its customer once; the count and last date move only when the link is new. */
export async function linkShipment(db: Executor, customerId: number, shipmentId: number, shippedAt: Date) {
  const linked = await db.insert(customerShipments).values({ customerId, shipmentId, shippedAt }).onConflictDoNothing().returning();
  if (linked.length === 0) return false;
  await db
    .update(customers)
    .set({ shipmentCount: sql`${customers.shipmentCount} + 1`, lastShippedAt: sql`greatest(${customers.lastShippedAt}, ${shippedAt.toISOString()}::timestamptz)` })
    .where(eq(customers.id, customerId));
  return true;
}

/** A cancelled shipment leaves its customer's count and last date. */
export async function unlinkShipment(db: Executor, shipmentId: number) {
  const [gone] = await db.delete(customerShipments).where(eq(customerShipments.shipmentId, shipmentId)).returning();
  if (!gone) return;
  await db
    .update(customers)
    .set({
      shipmentCount: sql`greatest(${customers.shipmentCount} - 1, 0)`,
      lastShippedAt: sql`(select max(${customerShipments.shippedAt}) from ${customerShipments} where ${customerShipments.customerId} = ${gone.customerId})`,
    })
    .where(eq(customers.id, gone.customerId));
}

/** A page of a customer's shipment ids, newest first. */
export async function customerShipmentIds(db: Executor, customerId: number, limit: number, offset: number) {
  const rows = await db
    .select({ id: customerShipments.shipmentId })
    .from(customerShipments)
    .where(eq(customerShipments.customerId, customerId))
    .orderBy(desc(customerShipments.shippedAt), desc(customerShipments.shipmentId))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}
