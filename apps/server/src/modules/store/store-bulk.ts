import { STORE_BULK_MAX_ORDERS, STORE_LIST_FILTER_MESSAGES, messages, type AwbFormat, type TStoreBulkActivateRequestParsed, type TStoreBulkLabelsQuery, type TStoreOrdersFilterFields, type TStoreBulkResult, type TStoreBulkRun, type TStoreBulkServicesRequestParsed } from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { BulkProgress } from '../../db/schema/store-bulk.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { UserRow } from '../../types.js';
import { mergeLabels } from './store-bulk-labels.js';
import { chooseService, runService, servicesOfPlans, type BulkActivated, type BulkFulfillmentPlan, type StoreOrderActivator } from './store-bulk-port.js';
import { claimNextOrder, insertRun, keepLabelFile, keptLabelFile, oldestClaim, recentServiceIds, renewClaim, runById, runOf, runOrders, saveProgress, settleOrder, userById, type BulkRunOrderRow } from './store-bulk-queries.js';
import { refusalsOfShipments } from './store-activation-queries.js';
import { accountOf } from './store-queries.js';
import { refusalView } from './store-refusal.js';

const m = messages.store;
/**
 * A claim is a lease (issue 24 item 6): its worker renews it every BULK_HEARTBEAT_MS while it works
 * the order (the courier's call included); a claim not renewed for BULK_CLAIM_STALE_MS is a dead
 * worker's, and the next worker takes it over, whatever pg-boss still thinks of the dead job.
 */
export const BULK_CLAIM_STALE_MS = 30_000;
export const BULK_HEARTBEAT_MS = 10_000;
/** The services preview reads this many orders at a time. */
const PREVIEW_CONCURRENCY = 4;

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
  heartbeatMs?: number;
  /** Issue 24, 'select all N matching': the awaiting orders matching the list's filters (at most `limit`; `more` when others match too). */
  matching?: (client: UserRow, storeAccountId: number, filter: TStoreOrdersFilterFields, limit: number) => Promise<{ orders: TStoreBulkActivateRequestParsed['orders']; more: boolean }>;
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
  const heartbeatMs = deps.heartbeatMs ?? Math.min(BULK_HEARTBEAT_MS, Math.max(50, Math.floor(staleMs / 3)));

  /** The order's work with its lease renewed meanwhile (a worker that dies stops renewing it). */
  async function leased<T>(row: BulkRunOrderRow, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => void renewClaim(db, row).catch((err: unknown) => deps.log?.warn({ err, runOrderId: row.id }, 'bulk activation: lease not renewed')), heartbeatMs);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /** Waits (once per call) for the lease of an order in a dead worker's hands to end, when it ends within one lease; true when it waited. */
  async function awaitLease(runId: number | undefined, signal: AbortSignal | undefined) {
    const claimedAt = await oldestClaim(db, runId);
    if (!claimedAt) return false;
    const wait = claimedAt.getTime() + staleMs - Date.now() + 50;
    if (wait > staleMs + 1000) return false;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, Math.max(0, wait));
      signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
    });
    return true;
  }

  async function ownRun(client: UserRow, storeAccountId: number, runId: number) {
    const run = await runOf(db, client.id, storeAccountId, runId);
    if (!run) throw notFound(m.bulkRunNotFound);
    return run;
  }

  /** One order: its unfinished activations again (same service), then its fulfillment orders still awaiting. */
  async function workOrder(row: BulkRunOrderRow, client: UserRow, storeAccountId: number, recent: string[], serviceId: string | null): Promise<TStoreBulkResult[] | null> {
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
      // The run's one service (issue 24) when the merchant chose it: an order it cannot carry is reported, not switched.
      entry.choice = serviceId ? runService(plan, serviceId) : chooseService(plan, recent);
      if (!entry.choice) {
        entry.result = failure([serviceId ? 'serviceUnavailable' : 'couldNotActivate']);
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

  /** The run's orders read on the server from the filters: none, or more than a run takes, is refused. */
  async function matchingOrders(client: UserRow, storeAccountId: number, filter: TStoreOrdersFilterFields) {
    if (!deps.matching) throw badRequest(STORE_LIST_FILTER_MESSAGES.noneMatching, 'noneMatching');
    const { orders, more } = await deps.matching(client, storeAccountId, filter, STORE_BULK_MAX_ORDERS);
    if (more) throw badRequest(STORE_LIST_FILTER_MESSAGES.tooMany, 'tooManyMatching');
    if (orders.length === 0) throw badRequest(STORE_LIST_FILTER_MESSAGES.noneMatching, 'noneMatching');
    return orders;
  }

  return {
    /** POST activate-orders/{clientId}: the run starts (the job works it); answers its id. */
    async start(client: UserRow, storeAccountId: number, body: TStoreBulkActivateRequestParsed) {
      const account = await accountOf(db, client.id, storeAccountId);
      if (!account) throw notFound(m.notFound);
      const chosen = body.matching ? await matchingOrders(client, storeAccountId, body.matching) : body.orders;
      const seen = new Set<string>();
      const orders = chosen.filter((o) => !seen.has(o.shopifyGraphQLId) && seen.add(o.shopifyGraphQLId));
      const run = await insertRun(db, { userId: client.id, storeAccountId, serviceId: body.serviceId ?? null }, orders.map((o) => ({ orderId: o.shopifyGraphQLId, orderName: o.orderDisplayName })));
      for (const listener of startedListeners) listener();
      return run.id;
    },

    /**
     * POST activate-orders/{clientId}/services (issue 24): the services the preview's orders (or the
     * orders matching the list's filters, read as the run would read them) can be sent with, read as
     * the run reads them (each order's parts and their offers), for the merchant's choice of one
     * service for the whole run.
     */
    async services(client: UserRow, storeAccountId: number, body: TStoreBulkServicesRequestParsed) {
      const account = await accountOf(db, client.id, storeAccountId);
      if (!account) throw notFound(m.notFound);
      const chosen = body.matching ? await matchingOrders(client, storeAccountId, body.matching) : body.orders;
      const ids = [...new Set(chosen.map((o) => o.shopifyGraphQLId))];
      const plans: BulkFulfillmentPlan[] = [];
      // A few orders at a time: each is one read of the shop and one quote per part.
      for (let k = 0; k < ids.length; k += PREVIEW_CONCURRENCY) {
        const batch = await Promise.all(ids.slice(k, k + PREVIEW_CONCURRENCY).map((id) => deps.activator.plan(client, storeAccountId, id).catch(() => [] as BulkFulfillmentPlan[])));
        plans.push(...batch.flat());
      }
      return servicesOfPlans(plans);
    },

    /** The run as the dialog shows it: N of M while it works, the results per order when done. */
    async run(client: UserRow, storeAccountId: number, runId: number): Promise<TStoreBulkRun> {
      const run = await ownRun(client, storeAccountId, runId);
      const rows = await runOrders(db, run.id);
      // A shop that refused an AWB's fulfillment for good (issue 24), read now: the run says so until the merchant decides.
      const made = rows.flatMap((r) => (r.state === 'done' ? (r.results ?? []) : []).flatMap((x) => (x.result ? [x.result.uniqueId] : [])));
      const refusals = new Map((await refusalsOfShipments(db, client.id, made)).map((x) => [x.uniqueId, refusalView(x)] as const));
      const withRefusal = (x: TStoreBulkResult): TStoreBulkResult => (x.result && refusals.get(x.result.uniqueId) ? { ...x, storeRefusal: refusals.get(x.result.uniqueId)! } : x);
      const orders = rows.map((r) => ({
        shopifyGraphQLId: r.orderId,
        orderDisplayName: r.orderName,
        state: r.state === 'done' ? ('done' as const) : ('pending' as const),
        results: r.state === 'done' ? (r.results ?? []).map(withRefusal) : [],
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
      const usable = (answers: (Uint8Array | true | Error)[]) => {
        const failed = answers.find((a): a is Error => a instanceof Error && !(a instanceof AppError && a.code === 'labelCancelled'));
        if (failed) throw failed;
        const ids = uniqueIds.filter((_, i) => !(answers[i] instanceof Error));
        if (ids.length === 0) throw new AppError(409, m.bulkNoLabels, 'bulkNoLabels');
        return ids;
      };
      const start = Math.min(4, Math.max(1, Math.trunc(Number(query.start ?? 1))));
      const fileName = `etichete-activare-${run.id}-${format}.pdf`;
      // A reprint of the same labels reads the file merged before (whether each is still printable is one query; no label is read);
      // a label gone since merges again.
      const heldOf = (ids: string[]) => createHash('sha256').update(ids.join('\n')).digest('hex');
      const kept = await keptLabelFile(db, run.id, format, start, heldOf(usable(await deps.activator.printable(client, uniqueIds))));
      if (kept) return { bytes: kept, fileName };
      const answers = await deps.activator.labels(client, uniqueIds);
      const held = heldOf(usable(answers));
      const labels = answers.filter((a): a is Uint8Array => a instanceof Uint8Array);
      const bytes = await mergeLabels(labels, format, start);
      await keepLabelFile(db, run.id, format, start, held, bytes);
      return { bytes, fileName };
    },

    /**
     * The job's work: claims orders one by one until none is left (or the signal stops it after the
     * order in hand, or `limit` orders are done; `runId`: that run's orders only) and records each one's results; the last order of a run ends it.
     */
    async work(opts: { signal?: AbortSignal; limit?: number; runId?: number } = {}) {
      const result = { orders: 0, activated: 0, failed: 0 };
      const recentByUser = new Map<number, string[]>();
      let waited = false;
      while (!opts.signal?.aborted && result.orders < (opts.limit ?? Infinity)) {
        const row = await claimNextOrder(db, new Date(Date.now() - staleMs), opts.runId);
        if (!row) {
          // An order still in someone's hands: a worker that died (a killed process) is taken over as soon as its lease ends.
          if (!waited && (await awaitLease(opts.runId, opts.signal))) {
            waited = true;
            continue;
          }
          break;
        }
        const [run] = await runById(db, row.runId);
        const client = run ? await userById(db, run.userId) : null;
        let results: TStoreBulkResult[] | null = [failure(['couldNotActivate'])];
        if (run && client) {
          if (!recentByUser.has(client.id)) recentByUser.set(client.id, await recentServiceIds(db, client.id));
          results = await leased(row, () => workOrder(row, client, run.storeAccountId, recentByUser.get(client.id)!, run.serviceId));
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
