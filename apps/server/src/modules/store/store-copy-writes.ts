import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeShopOrders } from '../../db/schema/store-copy.js';
import type { ShopifyAdapter } from '../../integrations/store/index.js';

/*
 * Our own writes to a shop (a fulfillment, a move, a hold, a split: issue 28 §4) change orders the
 * copy holds. The shop tells by webhook too, but a webhook may come late or never: the order a
 * write touched is marked at once, so the next page reads it again before answering.
 */

const FULFILLMENT_ORDER_GID = /gid:\/\/shopify\/FulfillmentOrder\/\d+/g;

/** Marks the copied orders holding these fulfillment orders to be read again. */
export async function markStaleByFulfillmentOrders(db: Executor, shop: string, fulfillmentOrderIds: string[]) {
  const ids = [...new Set(fulfillmentOrderIds)];
  if (ids.length === 0) return;
  await db
    .update(storeShopOrders)
    .set({ stale: true, markedAt: new Date() })
    .where(and(eq(storeShopOrders.shop, shop), sql`${storeShopOrders.fulfillmentOrderIds} && ${sql.raw('ARRAY[')}${sql.join(ids.map((id) => sql`${id}`), sql`, `)}${sql.raw(']::text[]')}`));
}

/** The adapter as the store's writes use it: a mutation naming fulfillment orders marks their orders in the copy after it answered. */
export function writingApp(app: Pick<ShopifyAdapter, 'graphql'>, db: Executor): Pick<ShopifyAdapter, 'graphql'> {
  return {
    async graphql(shop, accessToken, query, variables, call) {
      const answer = await app.graphql<never>(shop, accessToken, query, variables, call);
      if (/^\s*mutation\b/.test(query) && !/webhookSubscription/.test(query)) {
        await markStaleByFulfillmentOrders(db, shop, JSON.stringify(variables ?? {}).match(FULFILLMENT_ORDER_GID) ?? []);
      }
      return answer;
    },
  };
}
