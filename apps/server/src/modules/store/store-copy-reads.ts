import { messages, type TStoreOrdersFilterFields, type TStoreSyncProgress } from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import { StoreApiError, type ShopifyAdapter } from '../../integrations/store/index.js';
import { AppError } from '../../lib/errors.js';
import { copiedOrder, copiedSummaries, startSync, syncOf, updateSync, type ShopSync } from './store-copy-queries.js';
import { QUICK, type ShopCopy } from './store-copy-sync.js';
import { shopLocations, type ShopLocationDetail } from './store-order-locations.js';
import { copiedAwaiting, copiedMatching, type ListFilter } from './store-orders-list.js';
import type { ShopOrderSummary } from './store-orders.js';

/*
 * The store's pages read the copy of the shop (issue 28 §4): the awaiting tab, 'select all
 * matching', the shipment tabs' order columns, the order page and the warehouses. Before a page
 * answers, the orders a webhook (or a write of ours) named since are read again, without waiting
 * for a throttled shop: a shop that throttles leaves the copy as it is, the page still answers.
 * Until the first connection's backfill is done, the awaiting tab reads the shop as before and
 * tells the backfill's progress.
 */

/** How many named orders a page reads again before it answers (one shop query for 30). */
const STALE_ON_READ = 60;

/** A shop that throttles a page's own read: 503 with the 'try again' text (the page's data is not in the copy yet). */
export const shopBusy = () => new AppError(503, messages.store.shopBusy, 'shopBusy');
export const isThrottled = (err: unknown) => err instanceof StoreApiError && err.code === 'throttled';

const progressOf = (sync: ShopSync | null): TStoreSyncProgress => (sync ? { status: sync.status, copied: sync.copied, total: sync.total } : { status: 'BACKFILLING', copied: 0, total: null });

type ListAnswer = { list: unknown[]; pageInfo: { count: number; endCursor: string | null; hasNextPage: boolean } };

export function copyReads(deps: { db: Executor; copy: ShopCopy; app: Pick<ShopifyAdapter, 'graphql'>; wanted: () => void; log?: Pick<FastifyBaseLogger, 'info'> }) {
  const { db, copy } = deps;

  /** The named orders read again now; a shop that cannot answer at once leaves them for the sync. */
  async function freshen(shop: string, token: string, orderIds: string[] = []) {
    try {
      if (orderIds.length) await copy.refresh(shop, token, orderIds, QUICK);
      await copy.refreshStale(shop, token, STALE_ON_READ, QUICK);
    } catch (err) {
      deps.log?.info({ err, shop }, 'store copy: the shop did not answer a page’s refresh (the copy answers as it is)');
    }
  }

  /** The shop's sync; a shop without one (connected before the copy existed) starts its backfill now. */
  async function readySync(shop: string) {
    const sync = await syncOf(db, shop);
    if (!sync) {
      await startSync(db, shop);
      deps.wanted();
    }
    return sync;
  }

  return {
    /** The first backfill's progress (a shop without a sync starts one). */
    progress: async (shop: string) => progressOf(await readySync(shop)),

    /** The awaiting tab: from the copy once the backfill is done, else from the shop (`live`), with the backfill's progress. */
    async awaiting<T extends ListAnswer>(shop: string, token: string, filter: ListFilter, live: () => Promise<T>) {
      const sync = await readySync(shop);
      if (sync?.status !== 'READY') return { ...(await live()), sync: progressOf(sync) };
      await freshen(shop, token, filter.orderId ? [filter.orderId] : []);
      return { ...(await copiedAwaiting(db, shop, filter)), sync: progressOf(sync) };
    },

    async matching<T>(shop: string, token: string, filter: TStoreOrdersFilterFields, limit: number, live: () => Promise<T>) {
      const sync = await readySync(shop);
      if (sync?.status !== 'READY') return live();
      await freshen(shop, token);
      return copiedMatching(db, shop, filter, limit);
    },

    /** The shipment tabs' orders: those the copy holds, the others read from the shop. */
    async summaries(shop: string, ids: string[], live: (ids: string[]) => Promise<ShopOrderSummary[]>) {
      const kept = await copiedSummaries(db, shop, ids);
      const have = new Set(kept.map((o) => o.id));
      const missing = ids.filter((id) => !have.has(id));
      return missing.length ? [...kept, ...(await live(missing))] : kept;
    },

    /** One order for its page: the copy's when it is current, else read from the shop now and kept (503 when the shop throttles). */
    async order(shop: string, token: string, orderId: string) {
      const kept = await copiedOrder(db, shop, orderId);
      if (kept) return kept;
      try {
        return await copy.refreshOne(shop, token, orderId, QUICK);
      } catch (err) {
        if (isThrottled(err)) throw shopBusy();
        throw err;
      }
    },

    /** The shop's locations as the sync last read them (every ten minutes), else read now and kept. */
    async locations(shop: string, token: string): Promise<ShopLocationDetail[]> {
      const sync = await syncOf(db, shop);
      if (sync?.locations) return sync.locations as ShopLocationDetail[];
      const live = await shopLocations(deps.app, shop, token).catch((err: unknown) => {
        throw isThrottled(err) ? shopBusy() : err;
      });
      if (sync) await updateSync(db, shop, { locations: live, locationsAt: new Date() });
      return live;
    },
  };
}

export type CopyReads = ReturnType<typeof copyReads>;
