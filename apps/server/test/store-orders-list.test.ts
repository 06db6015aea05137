import { STORE_CHECK_MESSAGES, type TStoreListOrder, type TStoreOrdersListResponse } from '@colete/contract';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments, storeOrderChecks } from '../src/db/schema.js';
import { SHOPIFY_API_VERSION, SHOPIFY_WEBHOOK_PATH, signWebhook, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { connectDemoShop } from '../src/modules/store/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';

/*
 * The store orders list (issue 13, spec 002 sections 2.2, 4.5, 9): the awaiting tab over the demo
 * shop by cursor (10 a page, sorted either way, each order's address and contact verdict kept once
 * per order version and dropped by the order webhooks), the two platform tabs over the store's
 * shipments (25 a numbered page, the interval), and the store's owner only.
 */

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let clientId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  alice = await createUser(ctx, { email: 'alice-lista@exemplu.ro' });
  bob = await createUser(ctx, { email: 'bob-lista@exemplu.ro' });
  clientId = await connectDemoShop(ctx.database.db, alice.id, ctx.config.tokenEncryptionKey);
}, 60_000);
afterAll(async () => ctx?.close());

const list = (user: TestUser, id: number, payload: object) => as(ctx, user, { method: 'POST', url: `/api/user/integration/shopify/orders/${id}`, payload });
async function page(payload: object): Promise<TStoreOrdersListResponse> {
  const res = await list(alice, clientId, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function awaitingAll(reversed = false) {
  const rows: TStoreListOrder[] = [];
  let endCursor: string | null = null;
  for (let n = 1; ; n++) {
    const answer: TStoreOrdersListResponse = await page({ type: 'AWAITING_ACTIVATION', page: n, endCursor, reversed });
    expect(answer.list.length).toBeLessThanOrEqual(10);
    rows.push(...answer.list);
    expect(answer.pageInfo.count).toBe(rows.length);
    if (!answer.pageInfo.hasNextPage) return rows;
    endCursor = answer.pageInfo.endCursor;
  }
}

const checks = () => ctx.database.db.select().from(storeOrderChecks).where(eq(storeOrderChecks.storeAccountId, clientId));

describe('the awaiting tab (the shop, by cursor)', () => {
  let first: TStoreListOrder[] = [];

  it('pages by 10 through the orders left to fulfil, newest first; fulfilled elsewhere (#1007) and cancelled (#1008) orders are not listed', async () => {
    first = await awaitingAll();
    // 96 orders, two of every ten are fulfilled elsewhere or cancelled.
    expect(first).toHaveLength(78);
    const names = first.map((r) => r.orderDisplayName);
    expect(names[0]).toBe('#1096');
    expect(names).not.toContain('#1007');
    expect(names).not.toContain('#1008');
    expect(names).toContain('#1005'); // partly fulfilled
    expect(names).toContain('#1004'); // on hold
    expect(first.map((r) => r.position)).toEqual(first.map((_, k) => k));
    const times = first.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const row = first[0]!;
    expect(row.price.fromCurrency).toBe('RON');
    expect(Number.isInteger(row.price.total)).toBe(true);
    expect(row.items.quantity).toBeGreaterThan(0);
    expect(row.shopifyGraphQLId).toBe('gid://shopify/Order/1096');
  }, 60_000);

  it('sorts oldest first when reversed', async () => {
    const answer = await page({ type: 'AWAITING_ACTIVATION', reversed: true });
    expect(answer.list.map((r) => r.orderDisplayName).slice(0, 3)).toEqual(['#1001', '#1002', '#1003']);
    expect(answer.pageInfo.hasNextPage).toBe(true);
  });

  it('flags an address that needs correcting and a ready one', async () => {
    const noNumber = first.find((r) => r.customer.displayName === 'Maria Constantin')!;
    expect(noNumber.status).toMatchObject({ needsAddressFix: true, readyForActivation: false });
    const good = first.find((r) => r.customer.displayName === 'Andreea Popa')!;
    expect(good.status).toEqual({ needsAddressFix: false, needsContactFix: false, readyForActivation: true, hold: null });
  });

  it('computes each order’s verdict once: a second read finds the kept rows unchanged', async () => {
    const before = await checks();
    expect(before).toHaveLength(78);
    const again = await page({ type: 'AWAITING_ACTIVATION' });
    expect(again.list.map((r) => r.status)).toEqual(first.slice(0, 10).map((r) => r.status));
    const after = await checks();
    const at = (rows: typeof before) => Object.fromEntries(rows.map((r) => [r.orderId, r.checkedAt.getTime()]));
    expect(at(after)).toEqual(at(before));
  });

  it('orders/updated drops that order’s verdict: the next read computes it again (and only it)', async () => {
    const before = await checks();
    const target = 'gid://shopify/Order/1096';
    const raw = JSON.stringify({ id: 1096, admin_graphql_api_id: target, name: '#1096', order_number: 1096 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: SHOPIFY_WEBHOOK_PATH,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/updated',
        'x-shopify-hmac-sha256': signWebhook(simAppSecret(ctx.config.tokenEncryptionKey), raw),
        'x-shopify-shop-domain': 'colete-demo.myshopify.com',
        'x-shopify-api-version': SHOPIFY_API_VERSION,
        'x-shopify-webhook-id': randomUUID(),
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await checks()).map((r) => r.orderId)).not.toContain(target);
    await page({ type: 'AWAITING_ACTIVATION' });
    const after = await checks();
    const old = before.find((r) => r.orderId === target)!;
    const fresh = after.find((r) => r.orderId === target)!;
    expect(fresh.checkedAt.getTime()).toBeGreaterThan(old.checkedAt.getTime());
    const untouched = after.filter((r) => r.orderId !== target);
    expect(untouched.map((r) => r.checkedAt.getTime())).toEqual(untouched.map((r) => before.find((b) => b.orderId === r.orderId)!.checkedAt.getTime()));
  });

  it('one order alone (the row refreshed after its dialog closes)', async () => {
    const one = await page({ type: 'AWAITING_ACTIVATION', orderId: 'gid://shopify/Order/1005' });
    expect(one.list.map((r) => r.orderDisplayName)).toEqual(['#1005']);
    const gone = await page({ type: 'AWAITING_ACTIVATION', orderId: 'gid://shopify/Order/1008' });
    expect(gone.list).toEqual([]);
  });
});

describe('the platform tabs (the store’s shipments)', () => {
  beforeAll(async () => {
    const party = { contactName: 'Ion Destinatar', contactPhone: '+40733000002' } as never;
    const statuses = ['created', 'activating', 'in_transit', 'picked_up', 'out_for_delivery', 'delivered'] as const;
    const now = Date.now();
    const rows = Array.from({ length: 60 }, (_, i) => ({
      uniqueId: `LISTA${String(i).padStart(4, '0')}`,
      userId: alice.id,
      status: statuses[i % statuses.length]!,
      sender: party,
      recipient: { ...(party as object), contactName: `Destinatar ${i}` } as never,
      packages: [],
      content: 'Produse',
      options: { codBani: i % 2 ? 15000 : null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
      priceBani: 1999 + i,
      storeAccountId: clientId,
      storeOrderId: `gid://shopify/Order/${2000 + i}`,
      storeOrderName: `#${2000 + i}`,
      createdAt: new Date(now - i * DAY),
    }));
    await ctx.database.db.insert(shipments).values(rows);
    // Another client's shipment in the same statuses is never listed.
    await ctx.database.db.insert(shipments).values({ ...rows[0]!, uniqueId: 'LISTAALTUL', userId: bob.id, storeAccountId: null });
  });

  it('NOT_PICKED_UP: created and activating, 25 a page, newest first, with the total', async () => {
    const p1 = await page({ type: 'NOT_PICKED_UP', page: 1 });
    expect(p1.pageInfo).toEqual({ count: 20, endCursor: null, hasNextPage: false });
    expect(p1.list).toHaveLength(20);
    expect(p1.list.every((r) => ['created', 'activating'].includes(r.fulfillment.status))).toBe(true);
    expect(p1.list[0]).toMatchObject({ orderDisplayName: '#2000', customer: { displayName: 'Destinatar 0' }, price: { total: 1999, fromCurrency: 'RON' }, payment: { hasCashOnDelivery: false }, shipmentUniqueId: 'LISTA0000', position: 0 });
    expect(p1.list[1]).toMatchObject({ orderDisplayName: '#2001', payment: { hasCashOnDelivery: true } });
  });

  it('NOT_DELIVERED: picked up, in transit, out for delivery; numbered pages of 25 and the sort', async () => {
    const p1 = await page({ type: 'NOT_DELIVERED', page: 1 });
    expect(p1.pageInfo).toEqual({ count: 30, endCursor: null, hasNextPage: true });
    expect(p1.list).toHaveLength(25);
    const p2 = await page({ type: 'NOT_DELIVERED', page: 2 });
    expect(p2.list).toHaveLength(5);
    expect(p2.list[0]!.position).toBe(25);
    expect(p2.pageInfo.hasNextPage).toBe(false);
    const oldest = await page({ type: 'NOT_DELIVERED', page: 1, reversed: true });
    expect(oldest.list[0]!.orderDisplayName).toBe('#2058');
  });

  it('the interval filters by the shipment’s creation', async () => {
    const start = new Date(Date.now() - 10.5 * DAY).toISOString();
    const answer = await page({ type: 'NOT_DELIVERED', interval: { start, end: new Date().toISOString() } });
    // Days 0..10: i % 6 in {2, 3, 4} -> 2, 3, 4, 8, 9, 10.
    expect(answer.list.map((r) => r.orderDisplayName)).toEqual(['#2002', '#2003', '#2004', '#2008', '#2009', '#2010']);
  });
});

describe('the store’s owner only', () => {
  it('another user’s store answers 404; a malformed filter 400', async () => {
    expect((await list(bob, clientId, { type: 'AWAITING_ACTIVATION' })).statusCode).toBe(404);
    expect((await list(bob, clientId, { type: 'NOT_DELIVERED' })).statusCode).toBe(404);
    expect((await list(alice, clientId, { type: 'ALTCEVA' })).statusCode).toBe(400);
  });

  it('a disconnected store answers 400 with the store check message', async () => {
    const other = await createUser(ctx, { email: 'carol-lista@exemplu.ro' });
    const id = await connectDemoShop(ctx.database.db, other.id, ctx.config.tokenEncryptionKey);
    expect((await as(ctx, other, { method: 'DELETE', url: `/api/user/integration/shopify/accounts/${id}` })).statusCode).toBe(200);
    const res = await list(other, id, { type: 'AWAITING_ACTIVATION' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STORE_CHECK_MESSAGES.storeDisconnected);
    expect(await ctx.database.db.select().from(storeOrderChecks).where(and(eq(storeOrderChecks.storeAccountId, id)))).toEqual([]);
  });
});
