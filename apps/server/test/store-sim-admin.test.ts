import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeWebhookDeliveries } from '../src/db/schema.js';
import { SIM_ADMIN_ORDERS_PATH, SIM_APPS_PATH } from '../src/integrations/store/simulator.js';
import { demoShop, SIM_DEMO_SHOP } from '../src/integrations/store/index.js';
import { connectDemoShop } from '../src/modules/store/index.js';
import { createTestApp, createUser, type TestContext } from './helper.js';

/*
 * The simulated shop's admin orders page (issue 13): the latest orders, each not cancelled with
 * 'Anuleaza comanda' (a same-origin form POST, as the app settings' uninstall), which cancels the
 * order in the shop and delivers orders/cancelled to the subscribed addresses.
 */

let ctx: TestContext;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: SIM_ADMIN_ORDERS_PATH, payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const cancelledDeliveries = () =>
  ctx.database.db.select().from(storeWebhookDeliveries).where(and(eq(storeWebhookDeliveries.shop, SIM_DEMO_SHOP), eq(storeWebhookDeliveries.topic, 'ORDERS_CANCELLED')));

beforeAll(async () => {
  ctx = await createTestApp();
  const alice = await createUser(ctx, { name: 'Alice Magazin SRL' });
  // Connecting subscribes the demo shop's webhooks at our endpoint.
  await connectDemoShop(ctx.database.db, alice.id, ctx.config.tokenEncryptionKey);
}, 60_000);
afterAll(async () => ctx?.close());

describe('the simulated shop admin’s orders', () => {
  it('lists the latest orders, newest first, each with its cancel form; the app settings link to it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${SIM_ADMIN_ORDERS_PATH}?shop=${SIM_DEMO_SHOP}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Comenzi</h1>');
    expect(res.body.indexOf('#1096')).toBeLessThan(res.body.indexOf('#1095'));
    expect(res.body).toContain('aria-label="Anuleaza comanda #1096"');
    // #1088 was cancelled in the generated shop: no form.
    expect(res.body).toContain('#1088');
    expect(res.body).not.toContain('aria-label="Anuleaza comanda #1088"');
    expect(res.body).not.toContain('#1071');
    const apps = await ctx.app.inject({ method: 'GET', url: `${SIM_APPS_PATH}?shop=${SIM_DEMO_SHOP}` });
    expect(apps.body).toContain(`href="${SIM_ADMIN_ORDERS_PATH}?shop=${SIM_DEMO_SHOP}"`);
    expect((await ctx.app.inject({ method: 'GET', url: `${SIM_ADMIN_ORDERS_PATH}?shop=nu-e-magazin` })).statusCode).toBe(400);
  });

  it('a cross-site POST is refused and cancels nothing', async () => {
    const foreign = await post({ shop: SIM_DEMO_SHOP, order_id: 'gid://shopify/Order/1094' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await post({ shop: SIM_DEMO_SHOP, order_id: 'gid://shopify/Order/1094' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect((await demoShop.order(ctx.database.db, 'gid://shopify/Order/1094'))!.cancelledAt).toBeNull();
    expect(await cancelledDeliveries()).toHaveLength(0);
  });

  it('Anuleaza comanda cancels the order in the shop and delivers orders/cancelled once; again answers 404', async () => {
    const res = await post({ shop: SIM_DEMO_SHOP, order_id: 'gid://shopify/Order/1094' }, { origin: 'http://localhost:80' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Comanda #1094 a fost anulata.');
    expect(res.body).not.toContain('aria-label="Anuleaza comanda #1094"');
    const order = await demoShop.order(ctx.database.db, 'gid://shopify/Order/1094');
    expect(order).toMatchObject({ closed: true, displayFinancialStatus: expect.stringMatching(/^(VOIDED|REFUNDED)$/) });
    expect(order!.cancelledAt).not.toBeNull();
    expect(order!.fulfillmentOrders.nodes.every((fo) => fo.status === 'CLOSED')).toBe(true);
    expect(await cancelledDeliveries()).toHaveLength(1);

    const again = await post({ shop: SIM_DEMO_SHOP, order_id: 'gid://shopify/Order/1094' });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Comanda nu exista sau este deja anulata.');
    expect((await post({ shop: SIM_DEMO_SHOP, order_id: '1094' })).statusCode).toBe(400);
    expect((await post({ shop: SIM_DEMO_SHOP, order_id: 'gid://shopify/Order/999999' })).statusCode).toBe(404);
    expect(await cancelledDeliveries()).toHaveLength(1);
  });
});
