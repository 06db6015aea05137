import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_DEMO_SHOP } from '../src/integrations/store/shopify-app.js';
import { orderNodes, type SimOrder } from '../src/integrations/store/simulator-orders.js';
import { currentOrder, insertOrder, ordersPage, replaceOrder, saveFulfillmentOrder, type SimFulfillmentOrder } from '../src/integrations/store/simulator-state.js';
import { filterOrders } from '../src/integrations/store/simulator-graphql.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * The simulated shop's filtered pages (issue 13, "Speed"): the generated orders a filter keeps are
 * remembered, and every stored change (an order cancelled, a fulfillment order fulfilled, an order
 * added) is still seen on the next read.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => ctx?.close());

const AWAITING = 'status:open fulfillment_status:unfulfilled';

async function all(query: string, reverse: boolean) {
  const out: SimOrder[] = [];
  let after: string | null = null;
  for (;;) {
    const got = await ordersPage(ctx.database.db, SIM_DEMO_SHOP, { first: 7, after, query, reverse });
    out.push(...got!.nodes);
    if (!got!.pageInfo.hasNextPage) return out.map((o) => o.name);
    after = got!.pageInfo.endCursor;
  }
}

describe('a filtered page of the simulated shop', () => {
  it('answers what filtering every order answers, both ways, and sees every stored change on the next read', async () => {
    const expected = filterOrders([...orderNodes(SIM_DEMO_SHOP)].reverse(), AWAITING).map((o) => o.name);
    expect(await all(AWAITING, false)).toEqual(expected);
    expect(await all(AWAITING, true)).toEqual([...expected].reverse());
    // Read again (remembered): the same.
    expect(await all(AWAITING, true)).toEqual([...expected].reverse());

    // #1001 cancelled (the order stored again), #1003's fulfillment order fulfilled (a change), an order added.
    const cancelled = (await currentOrder(ctx.database.db, SIM_DEMO_SHOP, 'gid://shopify/Order/1001'))!;
    await replaceOrder(ctx.database.db, SIM_DEMO_SHOP, { ...cancelled, cancelledAt: new Date().toISOString(), closed: true });
    const third = (await currentOrder(ctx.database.db, SIM_DEMO_SHOP, 'gid://shopify/Order/1003'))!;
    const fo = third.fulfillmentOrders.nodes[0]! as SimFulfillmentOrder;
    await saveFulfillmentOrder(ctx.database.db, SIM_DEMO_SHOP, { ...fo, status: 'CLOSED', updatedAt: new Date().toISOString(), lineItems: { ...fo.lineItems, nodes: fo.lineItems.nodes.map((l) => ({ ...l, remainingQuantity: 0 })) } });
    const added = await insertOrder(ctx.database.db, SIM_DEMO_SHOP, (number) => ({ ...third, id: `gid://shopify/Order/${number}`, name: `#${number}`, legacyResourceId: String(number) }));

    const now = expected.filter((name) => name !== '#1001' && name !== '#1003').concat(added.name);
    expect(expected).toContain('#1001');
    expect(expected).toContain('#1003');
    expect(await all(AWAITING, false)).toEqual(now);
    expect(await all(AWAITING, true)).toEqual([...now].reverse());
    // A filter that reads no changes still sees the stored order: #1001 is cancelled now.
    expect(await all('status:cancelled', false)).toContain('#1001');
  });
});
