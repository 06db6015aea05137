import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { SHOPIFY_API_VERSION, SHOPIFY_SCOPES, SIM_APP_KEY } from '../src/integrations/store/shopify-app.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * The simulator's Admin GraphQL API on a real GraphQL engine (issue 24): only what a query selects is
 * answered, inline arguments count as variables do, the real schema's fields are there, and unknown
 * fields, bad variables, bad enum values and syntax errors answer Shopify's top-level `errors` with
 * HTTP 200. Cost by Shopify's rules; the bucket is shared by every server instance (kept in the database).
 */

let ctx: TestContext;
let token: string;
const SHOP = 'grafic-magazin.myshopify.com';

type Answer = { data?: Record<string, unknown> | null; errors?: { message: string; locations?: unknown; extensions?: Record<string, unknown> }[]; extensions?: { cost: { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } } } };

async function gql(app: TestContext['app'], query: string, variables?: Record<string, unknown>, accessToken = token) {
  const res = await simulatorFetch(app)(`https://${SHOP}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

beforeAll(async () => {
  // A shop on Shopify's Standard plan, as most are: its bucket is in every answer.
  ctx = await createTestApp({ storeSimBucket: { maximumAvailable: 2000, restoreRate: 100 } });
  token = await issueToken(ctx.database.db, { shop: SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
});
afterAll(async () => {
  await ctx?.close();
});

describe('answers as Shopify’s GraphQL does', () => {
  it('answers only the fields a query selects, at every level', async () => {
    const { status, body } = await gql(ctx.app, '{ orders(first: 3) { nodes { name customer { displayName } } } }');
    expect(status).toBe(200);
    const nodes = (body.data!.orders as { nodes: Record<string, unknown>[] }).nodes;
    expect(nodes).toHaveLength(3);
    for (const node of nodes) {
      expect(Object.keys(node)).toEqual(['name', 'customer']);
      expect(Object.keys(node.customer as object)).toEqual(['displayName']);
    }
    expect(Object.keys(body.data!.orders as object)).toEqual(['nodes']);
  });

  it('reads inline arguments as it reads variables, aliases included', async () => {
    const inline = await gql(ctx.app, '{ first: order(id: "gid://shopify/Order/1003") { name } newest: orders(first: 2, reverse: true) { nodes { name } } }');
    expect(inline.body.data).toEqual({ first: { name: '#1003' }, newest: { nodes: [{ name: '#1012' }, { name: '#1011' }] } });
    const variables = await gql(ctx.app, 'query One($id: ID!, $n: Int!) { first: order(id: $id) { name } newest: orders(first: $n, reverse: true) { nodes { name } } }', { id: 'gid://shopify/Order/1003', n: 2 });
    expect(variables.body.data).toEqual(inline.body.data);
  });

  it('has the real schema’s fields the platform may read', async () => {
    const { body } = await gql(
      ctx.app,
      `{ shop { contactEmail } order(id: "gid://shopify/Order/1001") { totalPriceSet { shopMoney { amount currencyCode } } currentTotalPriceSet { shopMoney { amount currencyCode } }
        lineItems(first: 5) { nodes { sku variant { sku inventoryQuantity product { title } } } }
        fulfillmentOrders(first: 5) { nodes { status deliveryMethod { methodType } assignedLocation { location { name } } fulfillmentHolds { reason } lineItems(first: 5) { nodes { remainingQuantity } } } } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.shop).toEqual({ contactEmail: `contact@${SHOP}` });
    const order = body.data!.order as { totalPriceSet: { shopMoney: { amount: string } }; currentTotalPriceSet: { shopMoney: { amount: string; currencyCode: string } }; lineItems: { nodes: { sku: string; variant: { sku: string; inventoryQuantity: number; product: { title: string } } }[] }; fulfillmentOrders: { nodes: { status: string; deliveryMethod: { methodType: string }; assignedLocation: { location: { name: string } } }[] } };
    expect(order.currentTotalPriceSet.shopMoney).toEqual({ amount: order.totalPriceSet.shopMoney.amount, currencyCode: 'RON' });
    for (const line of order.lineItems.nodes) {
      expect(line.variant.sku).toBe(line.sku);
      expect(Number.isInteger(line.variant.inventoryQuantity)).toBe(true);
      expect(line.variant.product.title.length).toBeGreaterThan(0);
    }
    expect(order.fulfillmentOrders.nodes[0]!.deliveryMethod).toEqual({ methodType: 'SHIPPING' });
    expect(order.fulfillmentOrders.nodes[0]!.assignedLocation.location.name).toMatch(/^Depozit /);
  });

  it('an unknown field: a top-level error with Shopify’s shape, HTTP 200, nothing run', async () => {
    const { status, body } = await gql(ctx.app, '{ orders(first: 1) { nodes { name weird } } }');
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([{ message: "Field 'weird' doesn't exist on type 'Order'", locations: [{ line: 1, column: 35 }], extensions: { code: 'undefinedField', typeName: 'Order', fieldName: 'weird' } }]);
    expect(body.extensions).toBeUndefined();
  });

  it('a bad variable or enum value: top-level errors, HTTP 200', async () => {
    const missing = await gql(ctx.app, 'query O($id: ID!) { order(id: $id) { name } }', {});
    expect(missing.status).toBe(200);
    expect(missing.body.data).toBeUndefined();
    expect(missing.body.errors).toMatchObject([{ message: 'Variable $id of type ID! was provided invalid value', extensions: { value: null, problems: [{ path: [] }] } }]);
    const badEnum = await gql(ctx.app, 'mutation S($topic: WebhookSubscriptionTopic!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: { callbackUrl: "https://exemplu.ro/h" }) { userErrors { field message } } }', { topic: 'NOT_A_TOPIC' });
    expect(badEnum.body.errors).toMatchObject([{ message: 'Variable $topic of type WebhookSubscriptionTopic! was provided invalid value', extensions: { value: 'NOT_A_TOPIC' } }]);
    const inlineEnum = await gql(ctx.app, '{ orders(first: 1, sortKey: NEWEST) { nodes { name } } }');
    expect(inlineEnum.status).toBe(200);
    expect(inlineEnum.body.errors).toMatchObject([{ message: "Argument has an invalid value (NEWEST). Expected type 'OrderSortKeys'.", extensions: { code: 'argumentLiteralsIncompatible' } }]);
    const wrongType = await gql(ctx.app, 'query O($n: Int!) { orders(first: $n) { nodes { name } } }', { n: 'zece' });
    expect(wrongType.body.errors).toMatchObject([{ message: 'Variable $n of type Int! was provided invalid value', extensions: { value: 'zece' } }]);
  });

  it('a syntax error answers HTTP 200 with the error and where it is', async () => {
    const { status, body } = await gql(ctx.app, '{ orders(first: 1) { nodes { name }');
    expect(status).toBe(200);
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0]!.message).toMatch(/^syntax error, .* at \[1, \d+\]$/);
    expect(body.errors![0]!.locations).toEqual([{ line: 1, column: expect.any(Number) }]);
  });

  it('mutations answer userErrors with field, message and code', async () => {
    const { body } = await gql(ctx.app, 'mutation { fulfillmentOrderMove(id: "gid://shopify/FulfillmentOrder/99999", newLocationId: "gid://shopify/Location/2") { movedFulfillmentOrder { id } userErrors { field message code } } }');
    expect(body.data!.fulfillmentOrderMove).toEqual({ movedFulfillmentOrder: null, userErrors: [{ field: ['id'], message: 'Fulfillment order does not exist.', code: 'FULFILLMENT_ORDER_NOT_FOUND' }] });
    expect(body.extensions!.cost).toMatchObject({ requestedQueryCost: 10, actualQueryCost: 10 });
  });
});

describe('query cost by Shopify’s published rules', () => {
  it('objects 1, scalars 0, connections 2 + first x the node’s cost; the actual cost counts what came back', async () => {
    const { body } = await gql(ctx.app, '{ shop { name } orders(first: 20) { nodes { id customer { id } lineItems(first: 5) { nodes { sku } } } pageInfo { hasNextPage } } }');
    const orders = (body.data!.orders as { nodes: { lineItems: { nodes: unknown[] } }[] }).nodes;
    expect(orders).toHaveLength(12);
    // shop 1; orders 2 + 20 x (order 1 + customer 1 + lineItems 2 + 5 x 1).
    expect(body.extensions!.cost.requestedQueryCost).toBe(1 + 2 + 20 * (1 + 1 + 2 + 5));
    const answered = orders.reduce((sum, o) => sum + 1 + 1 + 2 + o.lineItems.nodes.length, 0);
    expect(body.extensions!.cost.actualQueryCost).toBe(1 + 2 + answered);
    expect(body.extensions!.cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
  });

  it('more than 1,000 points is refused outright (a whole page of orders with all their lines)', async () => {
    const { body } = await gql(ctx.app, '{ orders(first: 50) { nodes { id lineItems(first: 50) { nodes { sku } } } } }');
    expect(body.errors).toMatchObject([{ extensions: { code: 'MAX_COST_EXCEEDED', cost: 2 + 50 * (1 + 2 + 50) } }]);
  });

  it('the bucket is one for every server instance: a second instance on the same database finds it spent', async () => {
    const small = await createTestApp({ storeSimBucket: { maximumAvailable: 30, restoreRate: 1 } });
    const second = await buildApp({ config: small.config, database: small.database });
    await second.ready();
    try {
      const shopToken = await issueToken(small.database.db, { shop: SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
      const query = '{ orders(first: 20) { nodes { id } } }';
      const first = await gql(small.app, query, undefined, shopToken);
      expect(first.status).toBe(200);
      expect(first.body.extensions!.cost).toMatchObject({ requestedQueryCost: 22, actualQueryCost: 14 });
      expect(first.body.extensions!.cost.throttleStatus!.currentlyAvailable).toBeLessThanOrEqual(17);
      const again = await gql(second, query, undefined, shopToken);
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: { requestedQueryCost: 22, actualQueryCost: null, throttleStatus: { maximumAvailable: 30, restoreRate: 1 } } } });
      expect(again.body.extensions!.cost.throttleStatus!.currentlyAvailable).toBeLessThan(22);
    } finally {
      await second.close();
      await small.close();
    }
  });
});
