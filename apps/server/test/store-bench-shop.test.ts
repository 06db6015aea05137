import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_SCOPES, SIM_APP_KEY, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { SIM_BENCH_SHOP } from '../src/integrations/store/simulator-shop-data.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { ORDERS_PAGE_MAX, shopFulfillment, shopOrders } from '../src/modules/store/index.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * The bench's shop (bench-10k.myshopify.com, 10,000 orders): its orders are built as they are read,
 * with the changes stored over them merged into each read. Its speed is the bench's to measure
 * (`npm run bench -- store-awaiting store-order`), not this test's.
 */

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = await issueToken(ctx.database.db, { shop: SIM_BENCH_SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
}, 60_000);
afterAll(async () => ctx?.close());

describe('the bench shop', () => {
  it('has 10,000 orders, newest first by cursor; a change (a hold) is merged into the page and the order read', async () => {
    const adapter = shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(ctx.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: simulatorFetch(ctx.app) });
    const orders = shopOrders(adapter);
    const firstPage = await orders.page(SIM_BENCH_SHOP, token, { first: ORDERS_PAGE_MAX });
    expect(firstPage.orders.map((o) => o.name).slice(0, 2)).toEqual(['#11000', '#10999']);
    const second = await orders.page(SIM_BENCH_SHOP, token, { first: ORDERS_PAGE_MAX, after: firstPage.pageInfo.endCursor });
    expect(second.orders[0]!.name).toBe(`#${11_000 - ORDERS_PAGE_MAX}`);
    expect((await orders.one(SIM_BENCH_SHOP, token, 'gid://shopify/Order/1001'))?.name).toBe('#1001');

    const target = firstPage.orders.find((o) => o.fulfillmentStatus === 'UNFULFILLED')!;
    const open = (await orders.one(SIM_BENCH_SHOP, token, target.id))!.fulfillmentOrders.find((fo) => fo.status === 'OPEN')!;
    await shopFulfillment(adapter).hold(SIM_BENCH_SHOP, token, open.id, { reason: 'OTHER' });
    const held = (await orders.one(SIM_BENCH_SHOP, token, target.id))!.fulfillmentOrders.find((fo) => fo.id === open.id)!;
    expect(held.status).toBe('ON_HOLD');
    const again = await orders.page(SIM_BENCH_SHOP, token, { first: ORDERS_PAGE_MAX });
    expect(again.orders.find((o) => o.id === target.id)!.fulfillmentStatus).toBe('ON_HOLD');
  }, 60_000);
});
