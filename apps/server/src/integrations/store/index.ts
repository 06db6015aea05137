import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { shopifyAdapter, type FetchLike, type ShopifyAdapter } from './shopify-adapter.js';
import { SIM_APP_KEY, SIM_PREFIX, SIM_SHOP_HEADER, simAppSecret } from './shopify-app.js';
import { shopifySimulatorRoutes } from './simulator.js';
import { issueToken } from './simulator-store.js';
import { addSimulatedOrder, addSimulatedOrders, cancelSimulatedOrder } from './simulator-new-orders.js';
import { simulatorWebhooks } from './simulator-webhooks.js';
import { currentOrder, SIM_WEBHOOK_TOPICS, subscribe } from './simulator-state.js';
import { FULFILLMENT_MUTATIONS } from './simulator-mutations.js';
import { SHOPIFY_SCOPES, SHOPIFY_WEBHOOK_PATH, SIM_DEMO_SHOP } from './shopify-app.js';
import type { Executor } from '../../db/client.js';

export { SHOPIFY_API_VERSION, SHOPIFY_CALLBACK_PATH, SHOPIFY_SCOPES, SHOPIFY_WEBHOOK_PATH, SIM_DEMO_SHOP, SIM_PREFIX } from './shopify-app.js';
export { StoreApiError, type ShopifyAdapter } from './shopify-adapter.js';
export { SIM_APPS_PATH } from './simulator.js';
export { productNodes as simulatorProducts } from './simulator-shop-data.js';

/**
 * Calls to https://{shop}/admin/... answered by the simulator in this very server, without the
 * network: the path goes under /sim/shopify/, the shop (a real call's Host) in a header.
 */
export function simulatorFetch(app: FastifyInstance): FetchLike {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: `${SIM_PREFIX}${url.pathname}${url.search}`,
      headers: { ...headers, [SIM_SHOP_HEADER]: url.hostname },
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}

/**
 * The store app the configuration names: real shops with the app's credentials, or the same
 * adapter pointed at the built-in simulator (so the simulator exercises the real protocol).
 */
export function storeAppFor(config: Pick<Config, 'store' | 'shopifyApp' | 'tokenEncryptionKey' | 'publicUrl'>, host: FastifyInstance, log?: ShopifyAdapterLog): ShopifyAdapter {
  const hostName = config.publicUrl ? new URL(config.publicUrl).host : 'localhost';
  if (config.store === 'shopify') {
    if (!config.shopifyApp) throw new Error('STORE=shopify needs SHOPIFY_API_KEY and SHOPIFY_API_SECRET');
    return shopifyAdapter({ mode: 'shopify', ...config.shopifyApp, hostName, authorizeBase: (shop) => `https://${shop}`, log });
  }
  return shopifyAdapter({
    mode: 'simulator',
    apiKey: SIM_APP_KEY,
    apiSecret: simAppSecret(config.tokenEncryptionKey),
    hostName,
    // The browser goes to the simulator's consent page at this site's own address.
    authorizeBase: () => SIM_PREFIX,
    fetch: simulatorFetch(host),
    log,
  });
}
type ShopifyAdapterLog = { warn(obj: object, msg: string): void };

/** The simulator's routes, when the configuration runs it. */
export function storeSimulatorRoutes(config: Pick<Config, 'store' | 'tokenEncryptionKey' | 'publicUrl' | 'storeSimBucket'>, database: Database, host: FastifyInstance) {
  if (config.store !== 'simulator') return null;
  return shopifySimulatorRoutes({ database, key: config.tokenEncryptionKey, publicUrl: config.publicUrl, host, bucket: config.storeSimBucket });
}

/** The demo shop installed by the simulator for the demo seed: an offline token with every scope of the app. */
export async function issueDemoShopToken(db: Executor) {
  const accessToken = await issueToken(db, { shop: SIM_DEMO_SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
  // Its webhooks, as connecting subscribes them (the simulator delivers in process: only the address's path is used).
  for (const topic of SIM_WEBHOOK_TOPICS) await subscribe(db, SIM_DEMO_SHOP, topic, `https://localhost${SHOPIFY_WEBHOOK_PATH}`, `gid://shopify/WebhookSubscription/demo-${topic}`);
  return { shop: SIM_DEMO_SHOP, accessToken, scopes: SHOPIFY_SCOPES.join(',') };
}

/** The simulator's shops getting new orders (the daily job): orders/create goes to the subscribed addresses, in process through the host. */
export function simulatedShopOrders(database: Database, key: Buffer, host: FastifyInstance, publicUrl?: string) {
  const deliver = simulatorWebhooks({ db: database.db, secret: simAppSecret(key), host, publicUrl });
  return {
    addToSubscribedShops: (perShop: number, now?: Date) => addSimulatedOrders(database.db, deliver, perShop, now),
    addOne: (shop: string, now?: Date) => addSimulatedOrder(database.db, deliver, shop, now),
    /** The merchant cancels the order in the shop's admin. */
    cancel: (shop: string, orderId: string) => cancelSimulatedOrder(database.db, deliver, shop, orderId),
  };
}

/**
 * The demo seed's view of the demo shop: one order as the shop has it now (Shopify's shape), and a
 * fulfilment made in the shop's stored state as fulfillmentCreate makes it (all that remains, with
 * the tracking). Its orders/updated is not delivered: the seed runs before the server listens, and
 * nothing is kept of the order yet for it to change.
 */
export const demoShop = {
  order: (db: Executor, orderId: string) => currentOrder(db, SIM_DEMO_SHOP, orderId),
  async fulfil(db: Executor, fulfillmentOrderId: string, tracking: { company: string; number: string; url?: string }) {
    const input: Record<string, unknown> = { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId }], trackingInfo: tracking, notifyCustomer: false } };
    const { data } = await FULFILLMENT_MUTATIONS.fulfillmentCreate(db, SIM_DEMO_SHOP, (name) => input[name]);
    const errors = (data as { userErrors: { message: string }[] }).userErrors;
    if (errors.length) throw new Error(`demo shop fulfilment refused: ${errors.map((e) => e.message).join('; ')}`);
  },
};
