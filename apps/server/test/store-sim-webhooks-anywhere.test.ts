import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_API_VERSION, SHOPIFY_SCOPES, SIM_APP_KEY, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * The simulator delivers webhooks to any registered address, not only to its own host (issue 24):
 * an app elsewhere gets Shopify's POST with its headers and the HMAC that Shopify's own library
 * (@shopify/shopify-api, through the platform's adapter) accepts.
 */

let ctx: TestContext;
let token: string;
let server: Server;
const SHOP = 'carlig-extern.myshopify.com';
const received: { url: string; topic: string; shop: string; valid: boolean; body: string }[] = [];
const realFetch = globalThis.fetch;

async function gql(query: string) {
  const res = await simulatorFetch(ctx.app)(`https://${SHOP}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as { data: Record<string, { userErrors: unknown[] }> };
}

beforeAll(async () => {
  ctx = await createTestApp();
  token = await issueToken(ctx.database.db, { shop: SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
  const adapter = shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(ctx.config.tokenEncryptionKey), hostName: 'hooks.exemplu.ro', authorizeBase: () => '' });
  // Another app's webhook endpoint: it checks each delivery with Shopify's own library.
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      void adapter.validateWebhook(body, req, res).then((check) => {
        received.push({ url: req.url ?? '', topic: String(req.headers['x-shopify-topic']), shop: String(req.headers['x-shopify-shop-domain']), valid: check.valid, body });
        res.writeHead(check.valid ? 200 : 401).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // The outside address over the network; TLS aside (the test's endpoint speaks plain HTTP on this machine).
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    if (url.host !== 'hooks.exemplu.ro') return realFetch(input, init);
    return realFetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, init);
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

describe('webhooks to any registered address', () => {
  it('a hold is delivered to an address on another host, signed as Shopify signs', async () => {
    const subscribed = await gql('mutation { webhookSubscriptionCreate(topic: FULFILLMENT_ORDERS_PLACED_ON_HOLD, webhookSubscription: { callbackUrl: "https://hooks.exemplu.ro/shopify/hooks?magazin=1", format: JSON }) { webhookSubscription { id } userErrors { field message } } }');
    expect(subscribed.data.webhookSubscriptionCreate!.userErrors).toEqual([]);
    const held = await gql('mutation { fulfillmentOrderHold(id: "gid://shopify/FulfillmentOrder/10011", fulfillmentHold: { reason: OTHER, reasonNotes: "Clientul suna" }) { fulfillmentOrder { status } userErrors { field message } } }');
    expect(held.data.fulfillmentOrderHold).toEqual({ fulfillmentOrder: { status: 'ON_HOLD' }, userErrors: [] });

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: '/shopify/hooks?magazin=1', topic: 'fulfillment_orders/placed_on_hold', shop: SHOP, valid: true });
    expect(JSON.parse(received[0]!.body)).toMatchObject({ fulfillment_order: { id: 'gid://shopify/FulfillmentOrder/10011', status: 'on_hold' }, created_fulfillment_hold: { reason: 'other', reason_notes: 'Clientul suna' } });
  });
});
