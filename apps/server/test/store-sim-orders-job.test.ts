import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeWebhookDeliveries } from '../src/db/schema.js';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_SCOPES, SIM_APP_KEY, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { subscribe } from '../src/integrations/store/simulator-state.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { STORE_SIM_ORDERS_QUEUE } from '../src/jobs/store-sim-orders.js';
import { shopFulfillment, shopOrders } from '../src/modules/store/index.js';
import { createTestApp, type TestContext } from './helper.js';
import { runJob } from './jobs-helper.js';

/*
 * The simulated shops' new orders (issue 13): the job, through its queue, adds an order to each
 * shop subscribed to orders/create (and only those), delivered to our webhook endpoint signed.
 */

let ctx: TestContext;
let jobs: Jobs;
const SUBSCRIBED = 'job-abonat.myshopify.com';
const QUIET = 'job-fara-abonare.myshopify.com';

beforeAll(async () => {
  ctx = await createTestApp();
  jobs = await startJobs(ctx.app);
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
});

describe('the simulated shops’ new orders job', () => {
  it('adds an open order to each subscribed shop and delivers orders/create; a shop without subscriptions gets none', async () => {
    const adapter = shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(ctx.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: simulatorFetch(ctx.app) });
    const scopes = SHOPIFY_SCOPES.join(',');
    const token = await issueToken(ctx.database.db, { shop: SUBSCRIBED, clientId: SIM_APP_KEY, scopes });
    const quietToken = await issueToken(ctx.database.db, { shop: QUIET, clientId: SIM_APP_KEY, scopes });
    expect((await shopFulfillment(adapter).subscribeWebhooks(SUBSCRIBED, token, adapter.webhookUrl)).failed).toEqual([]);
    // A subscription of another topic only: no new orders there.
    await subscribe(ctx.database.db, QUIET, 'APP_UNINSTALLED', adapter.webhookUrl, 'gid://shopify/WebhookSubscription/1');

    const job = await runJob(jobs.boss, STORE_SIM_ORDERS_QUEUE);
    expect(job.state).toBe('completed');
    expect(job.output).toMatchObject({ orders: 1 });

    const orders = shopOrders(adapter);
    const newest = (await orders.page(SUBSCRIBED, token, { first: 2 })).orders;
    expect(newest.map((o) => o.name)).toEqual(['#1013', '#1012']);
    expect(Date.now() - Date.parse(newest[0]!.createdAt)).toBeLessThan(60_000);
    expect(newest[0]!.fulfillmentStatus).toBe('UNFULFILLED');
    expect((await orders.page(QUIET, quietToken, { first: 1 })).orders[0]!.name).toBe('#1012');
    const one = await orders.one(SUBSCRIBED, token, newest[0]!.id);
    expect(one!.fulfillmentOrders.every((fo) => fo.status === 'OPEN')).toBe(true);
    // The filter sees it too.
    expect((await orders.page(SUBSCRIBED, token, { first: 5, query: 'name:#1013' })).orders).toHaveLength(1);

    const delivered = await ctx.database.db.select().from(storeWebhookDeliveries).where(and(eq(storeWebhookDeliveries.shop, SUBSCRIBED), eq(storeWebhookDeliveries.topic, 'ORDERS_CREATE')));
    expect(delivered).toHaveLength(1);

    // The next run: the next number.
    expect((await runJob(jobs.boss, STORE_SIM_ORDERS_QUEUE)).state).toBe('completed');
    expect((await orders.page(SUBSCRIBED, token, { first: 1 })).orders[0]!.name).toBe('#1014');
  }, 60_000);
});
