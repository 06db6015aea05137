import { storeOrderPath, type StoreListType, type TStoreOrderDetail } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../src/db/schema.js';
import { seedDemo } from '../src/db/seed.js';
import { DEMO_FULFILLED_ORDER, seedDemoStoreShipment } from '../src/db/seed-store-shipment.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoicingDepsOf } from '../src/modules/invoicing/index.js';
import { invoicingService } from '../src/modules/invoicing/invoicing-service.js';
import { as, createTestApp, sessionCookie, type TestContext, type TestUser } from './helper.js';

/*
 * The demo seed with the store simulator (issue 13): one of the demo shop's orders was sent through
 * the platform. The shipment is activated with a courier simulator AWB and linked to the order's
 * fulfillment order; the shop has that fulfillment order fulfilled with the AWB as tracking; the
 * order page shows the part with its platform shipment and the list's platform tab lists it.
 */

let ctx: TestContext;
let client: TestUser;
let seeded: Awaited<ReturnType<typeof seedDemoStoreShipment>>;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  await seedDemo(ctx.database, { invoicing: invoicingService({ database: ctx.database, ...invoicingDepsOf(ctx.config) }) }, { storeSimulatorKey: ctx.config.tokenEncryptionKey });
  seeded = await seedDemoStoreShipment(ctx.database, ctx.app.services);
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'client@demo.ro', password: 'Client123!' } });
  client = { id: 0, email: 'client@demo.ro', password: 'Client123!', name: 'Demo Logistic SRL', cookie: sessionCookie(login) };
  const accounts = (await as(ctx, client, { method: 'GET', url: '/api/user/integration/shopify/accounts' })).json() as { list: { clientId: number }[] };
  accountId = accounts.list[0]!.clientId;
}, 120_000);
afterAll(async () => ctx?.close());

describe('the demo shop’s order sent through the platform', () => {
  it('is an activated shipment with an AWB, linked to the order’s fulfillment order; seeded once', async () => {
    expect(seeded).toMatchObject({ orderName: '#1089', awb: expect.any(String) });
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, seeded!.uniqueId));
    expect(row).toMatchObject({ status: 'created', storeAccountId: accountId, storeOrderId: DEMO_FULFILLED_ORDER, storeOrderName: '#1089', storeFulfillmentOrderId: seeded!.fulfillmentOrderId, awb: seeded!.awb });
    expect(row!.activatedAt).not.toBeNull();
    expect(row!.recipient).toMatchObject({ contactName: 'Ioana Dumitru', addressCity: 'Iași', addressCountyCode: 'IS' });
    expect(await seedDemoStoreShipment(ctx.database, ctx.app.services)).toBeNull();
  });

  it('the order page: nothing awaits, the fulfilled part is the shop’s fulfilment with the platform shipment', async () => {
    const res = await as(ctx, client, { method: 'GET', url: `/api/${storeOrderPath(accountId, DEMO_FULFILLED_ORDER)}` });
    expect(res.statusCode, res.body).toBe(200);
    const order = (res.json() as { order: TStoreOrderDetail }).order;
    expect(order.shippingOrders.awaitingFulfillment).toEqual([]);
    expect(order.shippingOrders.fulfilled).toHaveLength(1);
    const [part] = order.shippingOrders.fulfilled;
    expect(part!.internalOrder).toMatchObject({ uniqueId: seeded!.uniqueId, awb: { main: seeded!.awb }, addresses: { to: { contactName: 'Ioana Dumitru' } } });
    expect(part!.internalOrder!.labelFormats.length).toBeGreaterThan(0);
  });

  it('the demo client saved the sizes of the bulky products: an order with a rug or a lamp shows them', async () => {
    let seen: { name: string; dims: unknown } | null = null;
    for (let n = 1001; n <= 1096 && !seen; n++) {
      const res = await as(ctx, client, { method: 'GET', url: `/api/${storeOrderPath(accountId, `gid://shopify/Order/${n}`)}` });
      if (res.statusCode !== 200) continue;
      const products = (res.json() as { order: TStoreOrderDetail }).order.shippingOrders.awaitingFulfillment.flatMap((fo) => Object.values(fo.products));
      const saved = products.find((p) => /Covor living|Lampa de birou/.test(p.name));
      if (saved) seen = { name: saved.name, dims: saved.productMutation?.product.dimensions };
      const other = products.find((p) => !/Covor living|Lampa de birou/.test(p.name));
      if (other) expect(other.productMutation, other.name).toBeNull();
    }
    expect(seen, 'an order with a product whose sizes were saved').not.toBeNull();
    expect(seen!.dims).toEqual(/Covor/.test(seen!.name) ? { width: 30, length: 165, height: 30 } : { width: 20, length: 45, height: 25 });
  });

  it('the list: gone from the awaiting tab, listed on the not-picked-up tab', async () => {
    const list = (type: StoreListType, orderId?: string) => as(ctx, client, { method: 'POST', url: `/api/user/integration/shopify/orders/${accountId}`, payload: { type, ...(orderId ? { orderId } : {}) } });
    const awaiting = await list('AWAITING_ACTIVATION', DEMO_FULFILLED_ORDER);
    expect(awaiting.statusCode, awaiting.body).toBe(200);
    expect((awaiting.json() as { list: unknown[] }).list).toEqual([]);
    const notPickedUp = await list('NOT_PICKED_UP');
    expect(notPickedUp.statusCode, notPickedUp.body).toBe(200);
    expect((notPickedUp.json() as { list: { orderDisplayName: string; shipmentUniqueId: string }[] }).list).toContainEqual(expect.objectContaining({ orderDisplayName: '#1089', shipmentUniqueId: seeded!.uniqueId }));
  });
});
