import { createHmac } from 'node:crypto';

/**
 * The platform's Shopify app: the Admin API version it speaks, the scopes it asks for, and the
 * two addresses Shopify calls (the OAuth callback and the webhook endpoint, both under PUBLIC_URL).
 */
export const SHOPIFY_API_VERSION = '2026-01';
/** The scopes of the install (issue 13): orders (all, not only the last 60 days), the merchant's own fulfillment orders, products, locations. */
export const SHOPIFY_SCOPES = [
  'read_orders',
  'read_all_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
  'read_products',
  'read_locations',
] as const;
/** Where the shop's consent page sends the browser back (the app's redirect URL). */
export const SHOPIFY_CALLBACK_PATH = '/api/user/integration/shopify/callback';
/** The one endpoint of every webhook topic, compliance topics included. */
export const SHOPIFY_WEBHOOK_PATH = '/api/integration/shopify/webhooks';

/** The built-in simulator, served by this server: Shopify's paths beneath this prefix. */
export const SIM_PREFIX = '/sim/shopify';
/** The simulator's registered app: its client id, and a client secret derived from the token key. */
export const SIM_APP_KEY = 'colete-online-simulator';
export const simAppSecret = (key: Buffer) => createHmac('sha256', key).update('shopify-sim app secret').digest('hex');
/** The demo shop the demo client connects (any name.myshopify.com is a test shop of the simulator). */
export const SIM_DEMO_SHOP = 'colete-demo.myshopify.com';
/** The simulator passes the shop (the Host of a real call) in this header. */
export const SIM_SHOP_HEADER = 'x-shopify-sim-shop';

/** HMAC-SHA256 hex over the sorted, URL-encoded query without hmac/signature: how Shopify signs the redirect to the callback. */
export function signQuery(secret: string, params: Record<string, string>) {
  const sorted = new URLSearchParams();
  for (const k of Object.keys(params).sort((a, b) => a.localeCompare(b))) if (k !== 'hmac' && k !== 'signature') sorted.append(k, params[k]!);
  return createHmac('sha256', secret).update(sorted.toString()).digest('hex');
}

/** Base64 HMAC-SHA256 of a webhook's raw body (X-Shopify-Hmac-Sha256). */
export const signWebhook = (secret: string, rawBody: string | Buffer) => createHmac('sha256', secret).update(rawBody).digest('base64');
