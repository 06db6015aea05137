import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { shopifyAdapter, type FetchLike, type ShopifyAdapter } from './shopify-adapter.js';
import { SIM_APP_KEY, SIM_PREFIX, SIM_SHOP_HEADER, simAppSecret } from './shopify-app.js';
import { shopifySimulatorRoutes } from './simulator.js';
import { issueToken } from './simulator-store.js';
import { SHOPIFY_SCOPES, SIM_DEMO_SHOP } from './shopify-app.js';
import type { Executor } from '../../db/client.js';

export { SHOPIFY_API_VERSION, SHOPIFY_CALLBACK_PATH, SHOPIFY_SCOPES, SHOPIFY_WEBHOOK_PATH, SIM_DEMO_SHOP, SIM_PREFIX } from './shopify-app.js';
export { StoreApiError, type ShopifyAdapter } from './shopify-adapter.js';
export { SIM_APPS_PATH } from './simulator.js';

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
export function issueDemoShopToken(db: Executor) {
  return issueToken(db, { shop: SIM_DEMO_SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') }).then((accessToken) => ({ shop: SIM_DEMO_SHOP, accessToken, scopes: SHOPIFY_SCOPES.join(',') }));
}
