import { STORE_LIST_FILTER_MESSAGES, type TStoreBulkRun, type TStoreListOrder, type TStoreOrdersListResponse } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../src/db/schema.js';
import { as, type TestContext, type TestUser } from './helper.js';
import { storeTestApp, type StoreTestApp } from './support/store-app.js';

/*
 * Issue 24: the store orders list's search and filters (order number, customer, needs a fix, cash on
 * delivery, warehouse, tag) on the awaiting tab over the demo shop, paged by cursor without a row lost
 * or repeated; how many orders match; and bulk activation of 'every order matching the filters',
 * sent as the filters and read on the server.
 */

let app: StoreTestApp;
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let account: number;
let all: TStoreListOrder[] = [];
beforeAll(async () => {
  app = await storeTestApp();
  ({ ctx, alice, bob, account } = app);
  all = await awaiting({});
}, 120_000);
afterAll(async () => app?.close());

const listUrl = (id = account) => `/api/user/integration/shopify/orders/${id}`;
async function awaiting(filters: object): Promise<TStoreListOrder[]> {
  const rows: TStoreListOrder[] = [];
  let endCursor: string | null = null;
  for (let page = 1; ; page++) {
    const res = await as(ctx, alice, { method: 'POST', url: listUrl(), payload: { type: 'AWAITING_ACTIVATION', page, endCursor, ...filters } });
    expect(res.statusCode, res.body).toBe(200);
    const answer: TStoreOrdersListResponse = res.json();
    expect(answer.list.length).toBeLessThanOrEqual(10);
    rows.push(...answer.list);
    expect(answer.pageInfo.count).toBe(rows.length);
    if (!answer.pageInfo.hasNextPage) break;
    endCursor = answer.pageInfo.endCursor;
  }
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, k) => k));
  return rows;
}
const names = (rows: TStoreListOrder[]) => rows.map((r) => r.orderDisplayName);
const matching = async (filters: object, user = alice, id = account) => as(ctx, user, { method: 'POST', url: `${listUrl(id)}/matching`, payload: filters });

describe('the awaiting tab’s filters', () => {
  it('finds an order by its number, with or without #', async () => {
    const target = all[17]!;
    const number = target.orderDisplayName.slice(1);
    expect(names(await awaiting({ search: number }))).toEqual([target.orderDisplayName]);
    expect(names(await awaiting({ search: ` #${number} ` }))).toEqual([target.orderDisplayName]);
    expect(await awaiting({ search: '999999' })).toEqual([]);
  }, 60_000);

  it('finds a customer’s orders by part of the name, whatever the case', async () => {
    const customer = all[3]!.customer.displayName!;
    const last = customer.split(' ').at(-1)!;
    const expected = all.filter((r) => r.customer.displayName!.toLowerCase().includes(last.toLowerCase()));
    const found = await awaiting({ search: last.toUpperCase() });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all.length);
    expect(names(found)).toEqual(names(expected));
  }, 60_000);

  it('keeps only the orders that need a fix, or only those ready, page after page', async () => {
    const broken = await awaiting({ needsFix: true });
    const ready = await awaiting({ needsFix: false });
    expect(broken.length).toBeGreaterThan(0);
    expect(ready.length).toBeGreaterThan(10);
    expect(names(broken)).toEqual(names(all.filter((r) => !r.status.readyForActivation)));
    expect(names(ready)).toEqual(names(all.filter((r) => r.status.readyForActivation)));
    expect(new Set(names(ready)).size).toBe(ready.length);
  }, 60_000);

  it('keeps the cash on delivery orders, or those paid otherwise', async () => {
    const cod = await awaiting({ cashOnDelivery: true });
    const card = await awaiting({ cashOnDelivery: false });
    expect(cod.length).toBeGreaterThan(0);
    expect(card.length).toBeGreaterThan(0);
    expect(names(cod)).toEqual(names(all.filter((r) => r.payment.hasCashOnDelivery)));
    expect(names(card)).toEqual(names(all.filter((r) => !r.payment.hasCashOnDelivery)));
  }, 60_000);

  it('keeps the orders with a tag', async () => {
    const tag = all.find((r) => r.tags.length > 0)!.tags[0]!;
    const tagged = await awaiting({ tag });
    expect(tagged.length).toBeGreaterThan(0);
    expect(names(tagged)).toEqual(names(all.filter((r) => r.tags.includes(tag))));
  }, 60_000);

  it('keeps the orders with a part to send from a warehouse, and combines filters', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: `${listUrl()}/locations` });
    expect(res.statusCode, res.body).toBe(200);
    const locations: { id: string; name: string }[] = res.json().list;
    expect(locations.length).toBeGreaterThan(1);
    const counts: number[] = [];
    for (const location of locations) {
      const rows = await awaiting({ locationId: location.id });
      counts.push(rows.length);
      for (const row of rows.slice(0, 3)) {
        const detail = await as(ctx, alice, { method: 'GET', url: `/api/user/integration/shopify/order/${account}/${encodeURIComponent(row.shopifyGraphQLId)}` });
        expect(detail.statusCode, detail.body).toBe(200);
        expect(JSON.stringify(detail.json())).toContain(location.name);
      }
    }
    expect(counts.some((n) => n > 0 && n < all.length)).toBe(true);
    const both = await awaiting({ locationId: locations[0]!.id, cashOnDelivery: true, needsFix: false });
    const first = new Set(names(await awaiting({ locationId: locations[0]!.id })));
    expect(names(both)).toEqual(names(all.filter((r) => first.has(r.orderDisplayName) && r.payment.hasCashOnDelivery && r.status.readyForActivation)));
  }, 120_000);

  it('refuses a search too long with a Romanian message', async () => {
    const res = await as(ctx, alice, { method: 'POST', url: listUrl(), payload: { type: 'AWAITING_ACTIVATION', search: 'x'.repeat(101) } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain(STORE_LIST_FILTER_MESSAGES.searchTooLong);
  });
});

describe('every order matching the filters', () => {
  it('counts the matching orders; another client’s store answers 404', async () => {
    const res = await matching({ cashOnDelivery: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, count: all.filter((r) => r.payment.hasCashOnDelivery).length, more: false });
    expect((await matching({})).json().count).toBe(all.length);
    expect((await matching({ cashOnDelivery: true }, bob)).statusCode).toBe(404);
  }, 60_000);

  it('starts a bulk run of every matching order from the filters alone', async () => {
    const expected = all.filter((r) => r.payment.hasCashOnDelivery && r.status.readyForActivation);
    expect(expected.length).toBeGreaterThan(10);
    const base = `/api/user/integration/shopify/activate-orders/${account}`;
    const res = await as(ctx, alice, { method: 'POST', url: base, payload: { matching: { cashOnDelivery: true, needsFix: false } } });
    expect(res.statusCode, res.body).toBe(200);
    const run = await as(ctx, alice, { method: 'GET', url: `${base}/runs/${res.json().runId}` });
    const orders: TStoreBulkRun['orders'] = run.json().run.orders;
    expect(orders.map((o) => o.orderDisplayName).sort()).toEqual(names(expected).sort());
    expect(run.json().run.total).toBe(expected.length);
  }, 60_000);

  it('refuses a run when nothing matches, or with both ids and filters', async () => {
    const base = `/api/user/integration/shopify/activate-orders/${account}`;
    const none = await as(ctx, alice, { method: 'POST', url: base, payload: { matching: { search: '999999' } } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(STORE_LIST_FILTER_MESSAGES.noneMatching);
    const both = await as(ctx, alice, { method: 'POST', url: base, payload: { orders: [{ shopifyGraphQLId: all[0]!.shopifyGraphQLId, orderDisplayName: all[0]!.orderDisplayName }], matching: {} } });
    expect(both.statusCode).toBe(400);
    const bobs = await as(ctx, bob, { method: 'POST', url: base, payload: { matching: {} } });
    expect(bobs.statusCode).toBe(404);
  }, 60_000);
});

describe('the services of a run of every matching order', () => {
  const services = (payload: object, user = alice) => as(ctx, user, { method: 'POST', url: `/api/user/integration/shopify/activate-orders/${account}/services`, payload });

  it('are those of the same orders sent one by one', async () => {
    const last = all.find((r) => r.status.readyForActivation)!.customer.displayName!.split(' ').at(-1)!;
    const theirs = await awaiting({ search: last });
    expect(theirs.length).toBeGreaterThan(0);
    const byFilter = await services({ matching: { search: last } });
    expect(byFilter.statusCode, byFilter.body).toBe(200);
    const byIds = await services({ orders: theirs.map((r) => ({ shopifyGraphQLId: r.shopifyGraphQLId })) });
    expect(byIds.statusCode, byIds.body).toBe(200);
    expect(byFilter.json().services.length).toBeGreaterThan(0);
    expect(byFilter.json()).toEqual(byIds.json());
    // A narrower filter (one order of them): no more parts than all of them.
    const one = await services({ matching: { search: theirs[0]!.orderDisplayName } });
    expect(one.json().parts).toBeLessThanOrEqual(byFilter.json().parts);
  }, 60_000);

  it('are refused when nothing matches, with both ids and filters, or for another client’s store', async () => {
    const none = await services({ matching: { search: '999999' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(STORE_LIST_FILTER_MESSAGES.noneMatching);
    const both = await services({ orders: [{ shopifyGraphQLId: all[0]!.shopifyGraphQLId }], matching: {} });
    expect(both.statusCode).toBe(400);
    const neither = await services({});
    expect(neither.statusCode).toBe(400);
    expect((await services({ matching: {} }, bob)).statusCode).toBe(404);
  }, 60_000);
});

describe('the platform tabs', () => {
  it('show the order’s own columns (total, payment, fulfillment, products, tags) beside the shipment’s AWB and status; search and cash on delivery apply', async () => {
    const tagged = all.find((r) => r.tags.length > 0 && r.payment.hasCashOnDelivery)!;
    const card = all.find((r) => !r.payment.hasCashOnDelivery && r.customer.displayName !== tagged.customer.displayName)!;
    const party = { contactName: 'Ion Destinatar', contactPhone: '+40733000002' } as never;
    const made = [tagged, card].map((r, i) => ({
      uniqueId: `FILTRU${i}`,
      userId: alice.id,
      status: 'created' as const,
      awb: `AWBFILTRU${i}`,
      courierId: 'sim-fan',
      sender: party,
      recipient: { contactName: r.customer.displayName } as never,
      packages: [],
      content: 'Produse',
      options: { codBani: r.payment.hasCashOnDelivery ? r.price.total : null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
      priceBani: 1999,
      storeAccountId: account,
      storeOrderId: r.shopifyGraphQLId,
      storeOrderName: r.orderDisplayName,
    }));
    await ctx.database.db.insert(shipments).values(made);
    const res = await as(ctx, alice, { method: 'POST', url: listUrl(), payload: { type: 'NOT_PICKED_UP' } });
    expect(res.statusCode, res.body).toBe(200);
    const rows: TStoreListOrder[] = res.json().list;
    const row = rows.find((r) => r.orderDisplayName === tagged.orderDisplayName)!;
    expect(row).toMatchObject({
      shopifyGraphQLId: tagged.shopifyGraphQLId,
      customer: tagged.customer,
      price: tagged.price,
      payment: tagged.payment,
      fulfillment: tagged.fulfillment,
      items: tagged.items,
      tags: tagged.tags,
      shipmentUniqueId: 'FILTRU0',
      shipment: { uniqueId: 'FILTRU0', awb: 'AWBFILTRU0', status: 'created' },
    });
    const search = async (payload: object) => names((await as(ctx, alice, { method: 'POST', url: listUrl(), payload: { type: 'NOT_PICKED_UP', ...payload } })).json().list);
    expect(await search({ search: tagged.orderDisplayName })).toEqual([tagged.orderDisplayName]);
    expect(await search({ search: card.customer.displayName!.toUpperCase() })).toEqual([card.orderDisplayName]);
    expect(await search({ cashOnDelivery: true })).toEqual([tagged.orderDisplayName]);
    expect(await search({ cashOnDelivery: false })).toEqual([card.orderDisplayName]);
  }, 60_000);
});
