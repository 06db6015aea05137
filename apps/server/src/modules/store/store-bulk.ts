import { messages, type AwbFormat, type TStoreBulkActivateRequest, type TStoreBulkLabelsQuery, type TStoreBulkResult, type TStoreBulkRun } from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { BulkProgress } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { mergeLabels } from './store-bulk-labels.js';
import { chooseService, type BulkActivated, type BulkFulfillmentPlan, type StoreOrderActivator } from './store-bulk-port.js';
import { claimNextOrder, insertRun, recentServiceIds, runById, runOf, runOrders, saveProgress, settleOrder, userById, type BulkRunOrderRow } from './store-bulk-queries.js';
import { accountOf } from './store-queries.js';

const m = messages.store;
/** A claimed order not heard of for this long (no progress written) is a dead worker's: another takes it over. */
export const BULK_CLAIM_STALE_MS = 2 * 60_000;

/* Wakes the bulk job when a run starts, so it begins in a moment rather than at the next minute. */
const startedListeners = new Set<() => void>();
export function onBulkRunStarted(listener: () => void) {
  startedListeners.add(listener);
  return () => void startedListeners.delete(listener);
}

export type StoreBulkDeps = {
  database: Database;
  activator: StoreOrderActivator;
  /** The user's label format (GET user/settings/print awbFormat). */
  awbFormat(client: UserRow): Promise<AwbFormat>;
  staleMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

const resultOf = (a: BulkActivated): TStoreBulkResult => ({
  result: {
    awb: a.awb,
    uniqueId: a.uniqueId,
    estimatedPickUpDate: a.estimatedPickupDate,
    forwarderGroup: a.courierId,
    service: { service: { courierName: a.courierName, name: a.serviceName, forwarderGroupId: a.courierId }, price: { total: a.priceBani } },
  },
  errors: [],
});
const failure = (errors: TStoreBulkResult['errors']): TStoreBulkResult => ({ result: null, errors });

/**
 * Bulk activation (issue 14): a run of the list's selected orders, worked by a job one order at a
 * time (each claimed, so a worker that dies leaves it to the next without a second AWB), read while
 * it works and afterwards, and its labels as one PDF.
 */
export function storeBulkService(deps: StoreBulkDeps) {
  const { db } = deps.database;
  const staleMs = deps.staleMs ?? BULK_CLAIM_STALE_MS;

  async function ownRun(client: UserRow, storeAccountId: number, runId: number) {
    const run = await runOf(db, client.id, storeAccountId, runId);
    if (!run) throw notFound(m.bulkRunNotFound);
    return run;
  }

  /** One order: its unfinished activations again (same service), then its fulfillment orders still awaiting. */
  async function workOrder(row: BulkRunOrderRow, client: UserRow, storeAccountId: number, recent: string[]): Promise<TStoreBulkResult[] | null> {
    const progress: BulkProgress[] = [...row.progress];
    const activate = async (entry: BulkProgress) => {
      try {
        entry.result = resultOf(await deps.activator.activate(client, storeAccountId, row.orderId, entry.fulfillmentOrderId, entry.choice!));
      } catch (err) {
        deps.log?.warn({ err, orderId: row.orderId, fulfillmentOrderId: entry.fulfillmentOrderId }, 'bulk activation: an order could not be activated');
        entry.result = failure(['couldNotActivate']);
      }
      return saveProgress(db, row, progress);
    };
    for (const entry of progress) if (!entry.result && entry.choice && !(await activate(entry))) return null;

    let plans: BulkFulfillmentPlan[];
    try {
      plans = await deps.activator.plan(client, storeAccountId, row.orderId);
    } catch (err) {
      deps.log?.warn({ err, orderId: row.orderId }, 'bulk activation: the order could not be read');
      plans = [];
      if (progress.length === 0) return [failure(['couldNotActivate'])];
    }
    for (const plan of plans) {
      if (progress.some((p) => p.fulfillmentOrderId === plan.fulfillmentOrderId && p.result?.result)) continue;
      const existing = progress.find((p) => p.fulfillmentOrderId === plan.fulfillmentOrderId);
      const entry: BulkProgress = existing ?? { fulfillmentOrderId: plan.fulfillmentOrderId, choice: null, result: null };
      if (!existing) progress.push(entry);
      if (plan.reasons.length > 0) {
        entry.result = failure(plan.reasons);
        continue;
      }
      entry.choice = chooseService(plan, recent);
      if (!entry.choice) {
        entry.result = failure(['couldNotActivate']);
        continue;
      }
      entry.result = null;
      // The service is written before the courier is asked: a worker taking over uses the same one.
      if (!(await saveProgress(db, row, progress))) return null;
      if (!(await activate(entry))) return null;
    }
    const results = progress.map((p) => p.result ?? failure(['couldNotActivate']));
    return results.length > 0 ? results : [failure(['nothingToActivate'])];
  }

  return {
    /** POST activate-orders/{clientId}: the run starts (the job works it); answers its id. */
    async start(client: UserRow, storeAccountId: number, body: TStoreBulkActivateRequest) {
      const account = await accountOf(db, client.id, storeAccountId);
      if (!account) throw notFound(m.notFound);
      const seen = new Set<string>();
      const orders = body.orders.filter((o) => !seen.has(o.shopifyGraphQLId) && seen.add(o.shopifyGraphQLId));
      const run = await insertRun(db, { userId: client.id, storeAccountId }, orders.map((o) => ({ orderId: o.shopifyGraphQLId, orderName: o.orderDisplayName })));
      for (const listener of startedListeners) listener();
      return run.id;
    },

    /** The run as the dialog shows it: N of M while it works, the results per order when done. */
    async run(client: UserRow, storeAccountId: number, runId: number): Promise<TStoreBulkRun> {
      const run = await ownRun(client, storeAccountId, runId);
      const rows = await runOrders(db, run.id);
      const orders = rows.map((r) => ({
        shopifyGraphQLId: r.orderId,
        orderDisplayName: r.orderName,
        state: r.state === 'done' ? ('done' as const) : ('pending' as const),
        results: r.state === 'done' ? (r.results ?? []) : [],
      }));
      return {
        id: run.id,
        status: run.status,
        total: run.total,
        done: orders.filter((o) => o.state === 'done').length,
        createdAt: run.createdAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        labels: orders.reduce((n, o) => n + o.results.filter((r) => r.result).length, 0),
        orders,
      };
    },

    /** Every label the run made, in its order, as one PDF in the user's format (or the one asked). */
    async labels(client: UserRow, storeAccountId: number, runId: number, query: TStoreBulkLabelsQuery) {
      const run = await ownRun(client, storeAccountId, runId);
      const rows = await runOrders(db, run.id);
      const uniqueIds = rows.flatMap((r) => (r.state === 'done' ? (r.results ?? []) : []).flatMap((x) => (x.result ? [x.result.uniqueId] : [])));
      if (uniqueIds.length === 0) throw new AppError(409, m.bulkNoLabels, 'bulkNoLabels');
      const format = query.format ?? (await deps.awbFormat(client));
      // A shipment cancelled since has no label any more: the others are still printed (any other failure fails the download).
      const settled = await Promise.allSettled(uniqueIds.map((id) => deps.activator.label(client, id)));
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof AppError && r.reason.code === 'labelCancelled'));
      if (failed) throw failed.reason;
      const labels = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      if (labels.length === 0) throw new AppError(409, m.bulkNoLabels, 'bulkNoLabels');
      const bytes = await mergeLabels(labels, format, Number(query.start ?? 1));
      return { bytes, fileName: `etichete-activare-${run.id}-${format}.pdf` };
    },

    /**
     * The job's work: claims orders one by one until none is left (or the signal stops it after the
     * order in hand, or `limit` orders are done; `runId`: that run's orders only) and records each one's results; the last order of a run ends it.
     */
    async work(opts: { signal?: AbortSignal; limit?: number; runId?: number } = {}) {
      const result = { orders: 0, activated: 0, failed: 0 };
      const recentByUser = new Map<number, string[]>();
      while (!opts.signal?.aborted && result.orders < (opts.limit ?? Infinity)) {
        const row = await claimNextOrder(db, new Date(Date.now() - staleMs), opts.runId);
        if (!row) break;
        const [run] = await runById(db, row.runId);
        const client = run ? await userById(db, run.userId) : null;
        let results: TStoreBulkResult[] | null = [failure(['couldNotActivate'])];
        if (run && client) {
          if (!recentByUser.has(client.id)) recentByUser.set(client.id, await recentServiceIds(db, client.id));
          results = await workOrder(row, client, run.storeAccountId, recentByUser.get(client.id)!);
        }
        if (!results) continue; // taken over by another worker meanwhile
        await settleOrder(db, row, results);
        result.orders += 1;
        result.activated += results.filter((r) => r.result).length;
        result.failed += results.filter((r) => !r.result).length;
      }
      return result;
    },
  };
}
export type StoreBulkService = ReturnType<typeof storeBulkService>;
