import type { TStoreBulkResult } from '@colete/contract';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeBulkLabelFiles, storeBulkRunOrders, storeBulkRuns, type BulkProgress } from '../../db/schema/store-bulk.js';
import { findUserById } from '../auth/index.js';
import { recentServiceIds as shipmentServiceIds } from '../shipments/index.js';

export type BulkRunRow = typeof storeBulkRuns.$inferSelect;
export type BulkRunOrderRow = typeof storeBulkRunOrders.$inferSelect;

/** A new run with its orders, in the dialog's order. */
export async function insertRun(db: Executor, run: { userId: number; storeAccountId: number; serviceId: string | null }, orders: { orderId: string; orderName: string }[]) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(storeBulkRuns).values({ ...run, total: orders.length }).returning();
    await tx.insert(storeBulkRunOrders).values(orders.map((o, position) => ({ runId: row!.id, position, orderId: o.orderId, orderName: o.orderName })));
    return row!;
  });
}

/** The client's run on that store account, or null (another client's run is not found). */
export async function runOf(db: Executor, userId: number, storeAccountId: number, runId: number) {
  const [row] = await db
    .select()
    .from(storeBulkRuns)
    .where(and(eq(storeBulkRuns.id, runId), eq(storeBulkRuns.userId, userId), eq(storeBulkRuns.storeAccountId, storeAccountId)))
    .limit(1);
  return row ?? null;
}

export const runOrders = (db: Executor, runId: number) =>
  db.select().from(storeBulkRunOrders).where(eq(storeBulkRunOrders.runId, runId)).orderBy(asc(storeBulkRunOrders.position));

/**
 * Claims the next order of a running run: a pending one, or one claimed before `staleBefore` (its
 * worker died). Locked with SKIP LOCKED in a short transaction, so two workers never take the same
 * order; the claim time and the attempt are written before the activation starts.
 */
export async function claimNextOrder(db: Executor, staleBefore: Date, runId?: number) {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: storeBulkRunOrders.id })
      .from(storeBulkRunOrders)
      .innerJoin(storeBulkRuns, eq(storeBulkRuns.id, storeBulkRunOrders.runId))
      .where(
        and(
          eq(storeBulkRuns.status, 'running'),
          runId === undefined ? undefined : eq(storeBulkRuns.id, runId),
          or(eq(storeBulkRunOrders.state, 'pending'), and(eq(storeBulkRunOrders.state, 'claimed'), lt(storeBulkRunOrders.claimedAt, staleBefore))),
        ),
      )
      .orderBy(asc(storeBulkRunOrders.runId), asc(storeBulkRunOrders.position))
      .limit(1)
      .for('update', { of: storeBulkRunOrders, skipLocked: true });
    if (!next) return null;
    const [row] = await tx
      .update(storeBulkRunOrders)
      .set({ state: 'claimed', claimedAt: sql`now()`, attempts: sql`${storeBulkRunOrders.attempts} + 1` })
      .where(eq(storeBulkRunOrders.id, next.id))
      .returning();
    return row ?? null;
  });
}

/** Writes an order's progress for the claim that counted `attempts`; false when another worker took the order over since. */
export async function saveProgress(db: Executor, claim: Pick<BulkRunOrderRow, 'id' | 'attempts'>, progress: BulkProgress[]) {
  const rows = await db
    .update(storeBulkRunOrders)
    .set({ progress, claimedAt: sql`now()` })
    .where(and(eq(storeBulkRunOrders.id, claim.id), eq(storeBulkRunOrders.state, 'claimed'), eq(storeBulkRunOrders.attempts, claim.attempts)))
    .returning({ id: storeBulkRunOrders.id });
  return rows.length > 0;
}

/** The claim's heartbeat (its lease): the claim time moved to now while its worker still holds it; false when another took it over. */
export async function renewClaim(db: Executor, claim: Pick<BulkRunOrderRow, 'id' | 'attempts'>) {
  const rows = await db
    .update(storeBulkRunOrders)
    .set({ claimedAt: sql`now()` })
    .where(and(eq(storeBulkRunOrders.id, claim.id), eq(storeBulkRunOrders.state, 'claimed'), eq(storeBulkRunOrders.attempts, claim.attempts)))
    .returning({ id: storeBulkRunOrders.id });
  return rows.length > 0;
}

/** The oldest claim of a running run (its lease ends `staleMs` after it), or null when no order is in anyone's hands. */
export async function oldestClaim(db: Executor, runId?: number) {
  const [row] = await db
    .select({ claimedAt: storeBulkRunOrders.claimedAt })
    .from(storeBulkRunOrders)
    .innerJoin(storeBulkRuns, eq(storeBulkRuns.id, storeBulkRunOrders.runId))
    .where(and(eq(storeBulkRuns.status, 'running'), runId === undefined ? undefined : eq(storeBulkRuns.id, runId), eq(storeBulkRunOrders.state, 'claimed')))
    .orderBy(asc(storeBulkRunOrders.claimedAt))
    .limit(1);
  return row?.claimedAt ?? null;
}

/** Records an order's results for the claim that counted `attempts` (a later claim's are never overwritten); ends the run when it was the last. */
export async function settleOrder(db: Executor, claim: Pick<BulkRunOrderRow, 'id' | 'runId' | 'attempts'>, results: TStoreBulkResult[]) {
  await db.transaction(async (tx) => {
    const settled = await tx
      .update(storeBulkRunOrders)
      .set({ state: 'done', results, doneAt: sql`now()` })
      .where(and(eq(storeBulkRunOrders.id, claim.id), eq(storeBulkRunOrders.state, 'claimed'), eq(storeBulkRunOrders.attempts, claim.attempts)))
      .returning({ id: storeBulkRunOrders.id });
    if (settled.length === 0) return;
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(storeBulkRunOrders)
      .where(and(eq(storeBulkRunOrders.runId, claim.runId), inArray(storeBulkRunOrders.state, ['pending', 'claimed'])));
    if ((left?.n ?? 0) === 0) await tx.update(storeBulkRuns).set({ status: 'done', finishedAt: sql`now()` }).where(and(eq(storeBulkRuns.id, claim.runId), eq(storeBulkRuns.status, 'running')));
  });
}

/** Whether any run has an order left (pending, or claimed: the run is not over). */
export async function anyRunning(db: Executor) {
  const [row] = await db.select({ id: storeBulkRuns.id }).from(storeBulkRuns).where(eq(storeBulkRuns.status, 'running')).limit(1);
  return !!row;
}

/** The service ids of the client's last activated shipments (shipments' index). */
export const recentServiceIds = (db: Executor, userId: number, limit = 20) => shipmentServiceIds(db, userId, limit);

export const runById = (db: Executor, runId: number) => db.select().from(storeBulkRuns).where(eq(storeBulkRuns.id, runId)).limit(1);

/** The run's client (a run is worked without a request). */
export const userById = (db: Executor, id: number) => findUserById(db, id);

/** A run's merged labels kept for this format, first position and labels; null when not kept (or kept for other labels). */
export async function keptLabelFile(db: Executor, runId: number, format: 'A4' | 'A6', start: number, labels: string) {
  const [row] = await db
    .select({ pdf: storeBulkLabelFiles.pdf })
    .from(storeBulkLabelFiles)
    .where(and(eq(storeBulkLabelFiles.runId, runId), eq(storeBulkLabelFiles.format, format), eq(storeBulkLabelFiles.start, start), eq(storeBulkLabelFiles.labels, labels)))
    .limit(1);
  return row ? new Uint8Array(row.pdf) : null;
}

/** Keeps a run's merged labels for this format and first position (replacing those of other labels). */
export async function keepLabelFile(db: Executor, runId: number, format: 'A4' | 'A6', start: number, labels: string, pdf: Uint8Array) {
  await db
    .insert(storeBulkLabelFiles)
    .values({ runId, format, start, labels, pdf: Buffer.from(pdf) })
    .onConflictDoUpdate({ target: [storeBulkLabelFiles.runId, storeBulkLabelFiles.format, storeBulkLabelFiles.start], set: { labels, pdf: Buffer.from(pdf), createdAt: sql`now()` } });
}
