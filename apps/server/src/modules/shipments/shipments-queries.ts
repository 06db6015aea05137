import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipmentEvents, shipments } from '../../db/schema/shipments.js';
import { shipmentSearchMatch } from './shipment-fragments.js';
import { OPEN_STATUSES } from './shipment-status.js';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipmentRow = typeof shipments.$inferInsert;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

export async function insertShipment(db: Executor, values: NewShipmentRow) {
  const [row] = await db.insert(shipments).values(values).onConflictDoNothing({ target: [shipments.userId, shipments.requestKey] }).returning();
  return row ?? null;
}

export async function findByRequestKey(db: Executor, userId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.requestKey, requestKey)))
    .limit(1);
  return row ?? null;
}

export async function findShipment(db: Executor, userId: number, uniqueId: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(shipments)
    .where(and(eq(shipments.uniqueId, uniqueId), eq(shipments.userId, userId)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Several of a user's shipments by their public ids (in no particular order; the missing ones left out). */
export async function findShipments(db: Executor, userId: number, uniqueIds: readonly string[]) {
  if (uniqueIds.length === 0) return [];
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, userId), inArray(shipments.uniqueId, [...uniqueIds])));
}

/** A shipment by its id, whoever owns it: for work the platform does on its own (a mail's label), never for a request. */
export async function findShipmentById(db: Executor, id: number) {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  return row ?? null;
}

export async function updateShipment(db: Executor, id: number, values: Partial<NewShipmentRow>) {
  const [row] = await db
    .update(shipments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shipments.id, id))
    .returning();
  return row!;
}

/** Removes a shipment (a draft: the caller checked it); its history goes with it (cascade). */
export async function deleteShipment(db: Executor, id: number) {
  await db.delete(shipments).where(eq(shipments.id, id));
}

export async function shipmentHistory(db: Executor, shipmentId: number) {
  return db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipmentId)).orderBy(shipmentEvents.at, shipmentEvents.id);
}

export async function addEvents(db: Executor, rows: (typeof shipmentEvents.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(shipmentEvents).values(rows).onConflictDoNothing().returning();
}

/**
 * One page of a client's shipments, newest first, filtered in SQL: created between from and to
 * (Bucharest days), a status, and a text that the AWB, recipient or client reference contains
 * (trigram index on search_text). The dates bound browsing; a q that is a shipment's whole AWB or
 * reference finds it at any date. `q` is normalised (normalizeText): lower case, no diacritics.
 */
export async function listShipments(
  db: Executor,
  userId: number,
  f: { from?: Date; to?: Date; status?: ShipmentRow['status']; q?: string; limit: number; offset: number },
) {
  const inRange = and(
    f.from ? gte(shipments.createdAt, f.from) : undefined,
    f.to ? lt(shipments.createdAt, f.to) : undefined,
    f.q ? sql`${shipments.searchText} like ${`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const exact = f.q && (f.from || f.to) ? or(sql`lower(${shipments.awb}) = ${f.q}`, sql`lower(trim(${shipments.clientReference})) = ${f.q}`) : undefined;
  const where = and(eq(shipments.userId, userId), f.status ? eq(shipments.status, f.status) : undefined, exact ? or(inRange, exact) : inRange);
  const [rows, [total]] = await Promise.all([
    db.select().from(shipments).where(where).orderBy(desc(shipments.createdAt), desc(shipments.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(shipments).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Shipments the courier still moves, oldest status first (the tracking job). */
export async function openShipments(db: Executor, limit: number, olderThan: Date) {
  return db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.status, [...OPEN_STATUSES]), lt(shipments.statusAt, olderThan)))
    .orderBy(shipments.statusAt)
    .limit(limit);
}

/** Activations interrupted between their two transactions (a crash): finished by the job. */
export async function stuckActivations(db: Executor, olderThan: Date, limit: number) {
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.status, 'activating'), lt(shipments.statusAt, olderThan)))
    .limit(limit);
}

/**
 * What the platform's AWBs with one courier cost it (issue 25, the courier invoices' check): each
 * AWB's price without VAT at activation, and its status. AWBs the platform never bought are absent.
 */
export async function awbCosts(db: Executor, courierId: string, awbs: string[]) {
  if (awbs.length === 0) return new Map<string, { costBani: number | null; status: ShipmentRow['status'] }>();
  const rows = await db
    .select({ awb: shipments.awb, costBani: shipments.priceNoVatBani, status: shipments.status })
    .from(shipments)
    .where(and(eq(shipments.courierId, courierId), inArray(shipments.awb, awbs)));
  return new Map(rows.map((r) => [r.awb!, { costBani: r.costBani, status: r.status }]));
}

/** A shipment's cash on delivery as its row keeps it, in bani (null: none, or no such shipment). */
export async function shipmentCodBani(db: Executor, id: number): Promise<number | null> {
  const [row] = await db.select({ options: shipments.options }).from(shipments).where(eq(shipments.id, id)).limit(1);
  return row?.options.codBani ?? null;
}

/**
 * One client's shipments sent through the platform (priced and activated, with an AWB) with cash on
 * delivery, the oldest activated first (the repayments' demo data).
 */
export async function activatedCodShipments(db: Executor, userId: number) {
  return db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.userId, userId),
        eq(shipments.kind, 'shipment'),
        isNotNull(shipments.awb),
        isNotNull(shipments.activatedAt),
        isNotNull(shipments.priceBani),
        sql`(${shipments.options}->>'codBani')::bigint > 0`,
      ),
    )
    .orderBy(asc(shipments.activatedAt), asc(shipments.id));
}

/** The sender and recipient of these shipments, by id (one query for a list; missing ids are absent). */
export async function shipmentPartiesByIds(db: Executor, ids: readonly number[]): Promise<Map<number, Pick<ShipmentRow, 'sender' | 'recipient'>>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: shipments.id, sender: shipments.sender, recipient: shipments.recipient }).from(shipments).where(inArray(shipments.id, unique));
  return new Map(rows.map(({ id, ...parties }) => [id, parties]));
}

/** The AWBs of the client's shipments, by id (the balance view's page at once; missing ids and shipments without an AWB are absent). */
export async function shipmentAwbsByIds(db: Executor, userId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: shipments.id, awb: shipments.awb })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), inArray(shipments.id, unique)));
  return new Map(rows.flatMap((r) => (r.awb ? [[r.id, r.awb] as const] : [])));
}

/* ---- Read by the store module (issue 28 §2: the shipments table is this module's) ---- */

/** The client's shipments made from one store order (drafts left out: they are not sent yet), oldest first. */
export function shipmentsOfStoreOrder(db: Executor, userId: number, storeAccountId: number, storeOrderId: string) {
  return db
    .select({ uniqueId: shipments.uniqueId, fulfillmentOrderId: shipments.storeFulfillmentOrderId, orderName: shipments.storeOrderName, status: shipments.status })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.storeAccountId, storeAccountId), eq(shipments.storeOrderId, storeOrderId), ne(shipments.status, 'draft')))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
}
export type StoreOrderShipment = Awaited<ReturnType<typeof shipmentsOfStoreOrder>>[number];

/** The shipment's AWB and courier, read for the shop's fulfillment (null: no such shipment). */
export async function shipmentForFulfillment(db: Executor, id: number) {
  const [row] = await db.select({ uniqueId: shipments.uniqueId, awb: shipments.awb, courierId: shipments.courierId, status: shipments.status, userId: shipments.userId }).from(shipments).where(eq(shipments.id, id)).limit(1);
  return row ?? null;
}

/** The service ids of the client's last activated shipments (the usual service type is read from them). */
export async function recentServiceIds(db: Executor, userId: number, limit = 20) {
  const rows = await db
    .select({ serviceId: shipments.serviceId })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), isNotNull(shipments.activatedAt), isNotNull(shipments.serviceId)))
    .orderBy(desc(shipments.activatedAt))
    .limit(limit);
  return rows.map((r) => r.serviceId!);
}

/* ---- Read by the repayments module ---- */

/** The ids of the client's shipments whose search text contains `text` (the trigram index), at most `limit`. */
export async function searchShipmentIds(db: Executor, userId: number, text: string, limit: number) {
  const rows = await db.select({ id: shipments.id }).from(shipments).where(shipmentSearchMatch(userId, text)).limit(limit);
  return rows.map((r) => r.id);
}
