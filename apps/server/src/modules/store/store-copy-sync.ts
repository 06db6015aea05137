import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { ShopifyAdapter } from '../../integrations/store/index.js';
import * as copy from './store-copy-queries.js';
import { orderCheckOf } from './store-order-checks.js';
import { shopLocations } from './store-order-locations.js';
import { AWAITING_QUERY } from './store-orders-list.js';
import { ORDERS_PAGE_MAX, shopOrders, type ShopOrder, type ShopOrderSummary } from './store-orders.js';
import { rememberingCorrector, type AddressCorrector } from './store-recipient.js';

/*
 * Keeping the store's copy of a shop (issue 28 §4). One sync run holds the shop (a lease) and, within
 * its time: reads the shop's locations every ten minutes; reads again the orders a webhook named
 * (one query for up to 30); goes on with the first connection's backfill (the orders left to fulfil,
 * newest first, 30 a page, the shop's count for the progress); once the backfill is done, every five
 * minutes reads the orders updated since the last reconciliation (the webhooks Shopify did not
 * deliver); and reads the awaiting orders' whole shape (line items, fulfillment orders) for their
 * pages. A shop that throttles makes the run wait (the adapter waits for its bucket): it slows the
 * sync, never a page. Every order is kept with its verdict and recipient, computed once per version.
 */

/** How long a run holds its shop (a killed run's shop is taken over after it) and how long it works. */
export const SYNC_LEASE_MS = 90_000;
export const SYNC_RUN_MS = 20_000;
const LOCATIONS_EVERY_MS = 10 * 60_000;
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** The reconciliation reads a minute before its last mark (the shop's clock, an update in flight). */
const RECONCILE_OVERLAP_MS = 60_000;

/** Verdicts computed at once, and the pause between two of a run's shop reads (the sync is background work: pages go first). */
const CHECKS_AT_ONCE = 4;
const SYNC_PAUSE_MS = 100;
const pause = () => new Promise((resolve) => setTimeout(resolve, SYNC_PAUSE_MS));

/** A whole order's summary part (what the list shows). */
export const summaryOfOrder = ({ lineItems: _lines, fulfillmentOrders: _fos, ...summary }: ShopOrder): ShopOrderSummary => summary;
const legacyIdOf = (orderId: string) => /(\d+)$/.exec(orderId)?.[1] ?? '0';

export type ShopCopyDeps = { db: Executor; app: Pick<ShopifyAdapter, 'graphql'>; corrector: AddressCorrector; log?: FastifyBaseLogger };
/** A call that must not wait for a throttled shop (a page's own read): it answers 'throttled' at once. */
export const QUICK = { throttleRetries: 0 } as const;

export type SyncRunOptions = { runMs?: number; details?: boolean };

export function shopCopy(deps: ShopCopyDeps) {
  const { db } = deps;
  const orders = shopOrders(deps.app);
  // The same address is corrected once in a while (repeat customers, a shop's own pick-up address): a correction is a pure
  // function of the address and the nomenclature, remembered per process like the locations' (at most 2,000, ten minutes).
  const checkOf = orderCheckOf(rememberingCorrector(deps.corrector, { max: 2_000 }));

  /**
   * Keeps summaries with the whole orders read alongside; their verdicts are computed four at a time
   * (each correction asks the nomenclature: a page of 30 side by side would hold the database's
   * queue ahead of the pages' own queries on a one-connection database).
   */
  async function keep(shop: string, summaries: ShopOrderSummary[], readAt: Date, details = new Map<string, ShopOrder>()) {
    const kept: copy.CopiedOrder[] = [];
    for (let k = 0; k < summaries.length; k += CHECKS_AT_ONCE) {
      const turn = summaries.slice(k, k + CHECKS_AT_ONCE);
      kept.push(...(await Promise.all(turn.map(async (summary) => ({ summary, locationIds: summary.openLocationIds, check: await checkOf(summary), detail: details.get(summary.id) })))));
    }
    await copy.keepOrders(db, shop, kept, readAt);
    return kept;
  }

  /** Reads some orders again (30 a query), keeps them, and forgets those the shop no longer has. */
  async function refresh(shop: string, token: string, orderIds: string[], call?: typeof QUICK) {
    let n = 0;
    for (let k = 0; k < orderIds.length; k += ORDERS_PAGE_MAX) {
      const ids = orderIds.slice(k, k + ORDERS_PAGE_MAX);
      const readAt = new Date();
      const page = await orders.page(shop, token, { first: ids.length, query: ids.map((id) => `id:${legacyIdOf(id)}`).join(' OR ') }, call);
      await keep(shop, page.orders, readAt);
      const answered = new Set(page.orders.map((o) => o.id));
      await copy.forgetOrders(db, shop, ids.filter((id) => !answered.has(id)));
      n += page.orders.length;
    }
    return n;
  }

  /** One order read whole and kept (the order page's refresh, the sync's details); null when the shop has none of that id. */
  async function refreshOne(shop: string, token: string, orderId: string, call?: typeof QUICK) {
    const readAt = new Date();
    const order = await orders.one(shop, token, orderId, call);
    if (!order) {
      await copy.forgetOrders(db, shop, [orderId]);
      return null;
    }
    const [kept] = await keep(shop, [summaryOfOrder(order)], readAt, new Map([[order.id, order]]));
    return { order, recipient: kept!.check.recipient };
  }

  /** The backfill's next pages within the run's time; READY after the last (the reconciliation then reads what changed meanwhile). */
  async function backfill(sync: copy.ShopSync, token: string, within: () => boolean) {
    const { shop } = sync;
    if (sync.total === null) await copy.updateSync(db, shop, { total: await orders.count(shop, token, AWAITING_QUERY) });
    let { cursor, copied } = sync;
    while (within()) {
      const readAt = new Date();
      const page = await orders.page(shop, token, { first: ORDERS_PAGE_MAX, after: cursor, query: AWAITING_QUERY, reverse: true });
      await keep(shop, page.orders, readAt);
      copied += page.orders.length;
      cursor = page.pageInfo.endCursor ?? cursor;
      if (!page.pageInfo.hasNextPage) {
        await copy.updateSync(db, shop, { cursor, copied, status: 'READY', readyAt: new Date(), reconciledFrom: sync.startedAt });
        deps.log?.info({ shop, copied }, 'store copy: backfill done');
        return copied;
      }
      await copy.updateSync(db, shop, { cursor, copied });
      await pause();
    }
    return copied;
  }

  /** The orders updated in the shop since the last mark (any state), kept: what a lost webhook would have told. */
  async function reconcile(sync: copy.ShopSync, token: string, within: () => boolean) {
    const since = new Date((sync.reconciledFrom ?? sync.startedAt).getTime() - RECONCILE_OVERLAP_MS);
    const at = new Date();
    let after: string | null = null;
    let n = 0;
    for (;;) {
      if (!within()) return n;
      const readAt = new Date();
      const page = await orders.page(sync.shop, token, { first: ORDERS_PAGE_MAX, after, query: `updated_at:>='${since.toISOString()}'`, reverse: false });
      await keep(sync.shop, page.orders, readAt);
      n += page.orders.length;
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
      await pause();
    }
    await copy.updateSync(db, sync.shop, { reconciledFrom: at });
    return n;
  }

  /** The orders a webhook named, read again now (a page's read: `call` QUICK) or by the sync; answers how many were read. */
  async function refreshStale(shop: string, token: string, limit: number, call?: typeof QUICK) {
    const ids = await copy.staleOrders(db, shop, limit);
    return ids.length ? refresh(shop, token, ids, call) : 0;
  }

  return {
    refresh,
    refreshOne,
    refreshStale,

    /** One sync run of a shop (null when another run holds it); `details: false` leaves the whole orders to later runs (and to the pages). */
    async run(shop: string, token: string, { runMs = SYNC_RUN_MS, details = true }: SyncRunOptions = {}) {
      await copy.startSync(db, shop);
      const sync = await copy.leaseShop(db, shop, SYNC_LEASE_MS);
      if (!sync) return null;
      const started = Date.now();
      const within = () => Date.now() - started < runMs;
      const done = { stale: 0, backfilled: 0, reconciled: 0, details: 0, more: false };
      try {
        if (!sync.locationsAt || started - sync.locationsAt.getTime() > LOCATIONS_EVERY_MS) await copy.updateSync(db, shop, { locations: await shopLocations(deps.app, shop, token), locationsAt: new Date() });
        done.stale = await refreshStale(shop, token, 300);
        if (sync.status === 'BACKFILLING') {
          const before = sync.copied;
          const copied = await backfill(sync, token, within);
          done.backfilled = copied - before;
          done.more = (await copy.syncOf(db, shop))?.status !== 'READY';
        }
        else if (!sync.reconciledFrom || started - sync.reconciledFrom.getTime() > RECONCILE_EVERY_MS) done.reconciled = await reconcile(sync, token, within);
        while (details && !done.more) {
          const ids = await copy.ordersWithoutDetail(db, shop, 10);
          if (ids.length === 0) break;
          // Whole orders are left for the next run (nudged at once) when this one's time is up.
          if (!within()) {
            done.more = true;
            break;
          }
          for (const id of ids) await refreshOne(shop, token, id);
          done.details += ids.length;
          await pause();
        }
        await copy.updateSync(db, shop, { lastError: null, leaseUntil: null });
      } catch (err) {
        deps.log?.warn({ err, shop }, 'store copy: sync run failed (the next run goes on)');
        await copy.updateSync(db, shop, { lastError: String((err as Error).message ?? err).slice(0, 500), leaseUntil: null });
      }
      return done;
    },
  };
}

export type ShopCopy = ReturnType<typeof shopCopy>;

/** Every connected shop's sync run, one shop after another (the job, every minute and when nudged); a shop's token is one of its connected accounts'. */
export async function syncConnectedShops(copy: ShopCopy, shops: { shop: string; token: () => string }[], opts?: SyncRunOptions) {
  const totals = { shops: 0, stale: 0, backfilled: 0, reconciled: 0, details: 0, more: false };
  for (const { shop, token } of shops) {
    const done = await copy.run(shop, token(), opts);
    if (!done) continue;
    totals.shops += 1;
    totals.stale += done.stale;
    totals.backfilled += done.backfilled;
    totals.reconciled += done.reconciled;
    totals.details += done.details;
    totals.more ||= done.more;
  }
  return totals;
}

/* Wakes the copy's sync when a webhook names an order or a shop is connected, rather than at the next minute. */
const wantedListeners = new Set<() => void>();
export function onShopCopyWanted(listener: () => void) {
  wantedListeners.add(listener);
  return () => void wantedListeners.delete(listener);
}
export const shopCopyWanted = () => {
  for (const listener of wantedListeners) listener();
};
