import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import { eraseCopy, forgetOrders, markStale } from './store-copy-queries.js';
import { shopCopyWanted } from './store-copy-sync.js';
import { markStaleByFulfillmentOrders } from './store-copy-writes.js';
import { fulfillmentHeld } from './store-fulfillment-events.js';
import { forgetOrderChecks, orderIdOfWebhook } from './store-order-checks.js';
import { disconnect, eraseShop, recordDelivery } from './store-queries.js';

type Transacting = Executor & { transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> };

/** The orders a customers/redact names (Shopify's orders_to_redact: numeric ids). */
const ordersToRedact = (payload: unknown) => {
  const ids = (payload as { orders_to_redact?: unknown } | null)?.orders_to_redact;
  return Array.isArray(ids) ? ids.filter((id) => typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))).map((id) => `gid://shopify/Order/${id}`) : [];
};

/**
 * A verified webhook delivery, processed once (its X-Shopify-Webhook-Id is recorded in the same
 * transaction): an order's topics (orders/*, fulfillment_orders/* naming an order) mark that order
 * in the store's copy to be read again (and drop its kept list verdict) and wake the copy's sync;
 * app/uninstalled disconnects the shop's accounts, deletes their tokens and erases the shop's copy;
 * shop/redact erases what is kept of a shop that uninstalled; customers/redact deletes the named
 * orders from the copy (they hold the customer's name and address); customers/data_request is
 * logged (the copy holds the shop's own orders, which the shop already has); a hold wakes the store
 * fulfillments job (a fulfillment still to be made meets it now: issue 24); others are acknowledged.
 */
export function storeWebhooks(deps: { db: Transacting; log?: Pick<FastifyBaseLogger, 'info'> }) {
  return async function webhook(delivery: { webhookId: string; topic: string; shop: string; payload?: unknown }) {
    const topic = delivery.topic.toUpperCase().replace(/[/.]/g, '_');
    const done = await deps.db.transaction(async (tx) => {
      if (!(await recordDelivery(tx, { webhookId: delivery.webhookId, topic, shop: delivery.shop }))) return { processed: false, order: false };
      const orderId = /^(ORDERS|FULFILLMENT_ORDERS)_/.test(topic) ? orderIdOfWebhook(delivery.payload) : null;
      if (orderId) {
        await forgetOrderChecks(tx, delivery.shop, orderId);
        await markStale(tx, delivery.shop, [orderId]);
      }
      // fulfillment_orders/* often name only the fulfillment orders: the copied orders holding them are marked.
      const fulfillmentOrders = /^FULFILLMENT_ORDERS_/.test(topic) ? (JSON.stringify(delivery.payload ?? {}).match(/gid:\/\/shopify\/FulfillmentOrder\/\d+/g) ?? []) : [];
      if (fulfillmentOrders.length) await markStaleByFulfillmentOrders(tx, delivery.shop, fulfillmentOrders);
      if (topic === 'APP_UNINSTALLED') {
        const rows = await disconnect(tx, { shop: delivery.shop }, 'uninstalled');
        await eraseCopy(tx, delivery.shop);
        deps.log?.info({ shop: delivery.shop, accounts: rows.length }, 'store app uninstalled');
      } else if (topic === 'SHOP_REDACT') {
        const rows = await eraseShop(tx, delivery.shop);
        await eraseCopy(tx, delivery.shop);
        deps.log?.info({ shop: delivery.shop, accounts: rows.length }, 'store data erased (shop/redact)');
      } else if (topic === 'CUSTOMERS_REDACT') {
        const orders = ordersToRedact(delivery.payload);
        await forgetOrders(tx, delivery.shop, orders);
        deps.log?.info({ shop: delivery.shop, orders: orders.length }, 'customer redacted: their orders deleted from the store copy');
      } else if (topic === 'CUSTOMERS_DATA_REQUEST') {
        deps.log?.info({ shop: delivery.shop, topic }, 'compliance request: the store copy holds only the shop’s own orders');
      }
      return { processed: true, order: orderId !== null || fulfillmentOrders.length > 0 };
    });
    if (done.processed && topic === 'FULFILLMENT_ORDERS_PLACED_ON_HOLD') fulfillmentHeld();
    if (done.order) shopCopyWanted();
    return { processed: done.processed };
  };
}
