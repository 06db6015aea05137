import { createAdminApiClient } from '@shopify/admin-api-client';
import { getOperationAST, Kind, parse, validate, type FragmentDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorFetch } from '../src/integrations/store/index.js';
import { shopifyAdapter } from '../src/integrations/store/shopify-adapter.js';
import { SHOPIFY_API_VERSION, SHOPIFY_SCOPES, SHOPIFY_WEBHOOK_PATH, SIM_APP_KEY, simAppSecret } from '../src/integrations/store/shopify-app.js';
import { requestedCost } from '../src/integrations/store/simulator-cost.js';
import { simulatorSchema } from '../src/integrations/store/simulator-resolvers.js';
import { issueToken } from '../src/integrations/store/simulator-store.js';
import { ORDERS_PAGE_MAX, shopFulfillment, shopOrders, STORE_GRAPHQL_DOCUMENTS } from '../src/modules/store/index.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * The platform's Shopify adapter asks only for what it reads (issue 24): each of its GraphQL documents
 * is valid against Shopify's schema (the simulator's, built from Shopify's SDL) and within Shopify's
 * 1,000-point limit, and its mappers, run on answers that hold only what was selected, read no field
 * outside their query. Shopify's own @shopify/admin-api-client works against the simulator.
 */

let ctx: TestContext;
let token: string;
const SHOP = 'adaptor-citit.myshopify.com';
/** Reads that promises, JSON and the test runner make of any object (not the mappers' reads). */
const NOT_FIELDS = new Set(['then', 'toJSON', 'constructor', 'asymmetricMatch', '$$typeof', 'nodeType', '@@__IMMUTABLE_ITERABLE__@@', '@@__IMMUTABLE_RECORD__@@']);

/** The answer behind a proxy that notes every read of a key the answer does not hold (a field the query did not select). */
function watch<T>(value: T, path: string, missing: Set<string>): T {
  if (value === null || typeof value !== 'object') return value;
  return new Proxy(value as object, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol' || NOT_FIELDS.has(prop)) return Reflect.get(target, prop, receiver) as unknown;
      if (!(prop in target)) {
        missing.add(`${path}.${prop}`);
        return undefined;
      }
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (Array.isArray(target)) return typeof v === 'function' ? v : watch(v, `${path}[]`, missing);
      return watch(v, `${path}.${prop}`, missing);
    },
  }) as T;
}

const adapterOf = (app: TestContext) => shopifyAdapter({ mode: 'simulator', apiKey: SIM_APP_KEY, apiSecret: simAppSecret(app.config.tokenEncryptionKey), hostName: 'localhost', authorizeBase: () => '', fetch: simulatorFetch(app.app) });

beforeAll(async () => {
  // A shop on Shopify's Standard plan, as most are: its bucket is in every answer.
  ctx = await createTestApp({ storeSimBucket: { maximumAvailable: 2000, restoreRate: 100 } });
  token = await issueToken(ctx.database.db, { shop: SHOP, clientId: SIM_APP_KEY, scopes: SHOPIFY_SCOPES.join(',') });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the adapter’s GraphQL documents', () => {
  it('are valid against Shopify’s schema and cost at most 1,000 points at the sizes the platform asks', () => {
    const schema = simulatorSchema();
    // The largest variables the platform sends (a page of orders is at most ORDERS_PAGE_MAX).
    const variables: Record<string, unknown> = { first: ORDERS_PAGE_MAX };
    for (const [name, query] of Object.entries(STORE_GRAPHQL_DOCUMENTS)) {
      const document = parse(query);
      expect(validate(schema, document).map((e) => e.message), name).toEqual([]);
      const operation = getOperationAST(document)!;
      const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
      expect(requestedCost(schema, operation, fragments, variables), name).toBeLessThanOrEqual(1000);
    }
  });

  it('the mappers read only fields their queries select', async () => {
    const adapter = adapterOf(ctx);
    const missing = new Set<string>();
    const watched = { graphql: async <T>(shop: string, accessToken: string, query: string, vars?: Record<string, unknown>) => {
      const answer = await adapter.graphql<T>(shop, accessToken, query, vars);
      return { ...answer, data: watch(answer.data, query.slice(0, query.indexOf('(')).trim(), missing) };
    } };
    const orders = shopOrders(watched);
    const fulfil = shopFulfillment(watched);

    const page = await orders.page(SHOP, token, { first: 12 });
    expect(page.orders).toHaveLength(12);
    expect(page.orders.every((o) => typeof o.itemsQuantity === 'number' && o.itemsQuantity >= 0)).toBe(true);
    const full = await Promise.all(page.orders.map((o) => orders.one(SHOP, token, o.id)));
    expect(full.every((o) => o && o.fulfillmentOrders.length > 0)).toBe(true);
    // The list's quantity and the order page's agree.
    expect(full.map((o) => o!.itemsQuantity)).toEqual(page.orders.map((o) => o.itemsQuantity));

    const open = full.find((o) => o!.name === '#1001')!.fulfillmentOrders[0]!;
    expect((await fulfil.fulfillmentOrder(SHOP, token, open.id))!.locationsForMove.length).toBe(3);
    expect((await fulfil.move(SHOP, token, open.id, 'gid://shopify/Location/3')).userErrors).toHaveLength(1);
    expect((await fulfil.hold(SHOP, token, open.id, { reason: 'OTHER', reasonNotes: 'proba' })).userErrors).toEqual([]);
    expect((await fulfil.release(SHOP, token, open.id)).userErrors).toEqual([]);
    const made = await fulfil.createFulfillment(SHOP, token, { fulfillmentOrderId: open.id, tracking: { company: 'Rapid Carpati', number: 'RC123' } });
    expect(made.userErrors).toEqual([]);
    expect((await fulfil.fulfillmentsOf(SHOP, token, full.find((o) => o!.name === '#1001')!.id)).map((f) => f.trackingInfo[0]!.number)).toEqual(['RC123']);
    expect((await fulfil.fulfillmentEvent(SHOP, token, { fulfillmentId: made.fulfillment!.id, status: 'DELIVERED', happenedAt: new Date().toISOString() })).userErrors).toEqual([]);
    expect((await fulfil.subscribeWebhooks(SHOP, token, `https://localhost${SHOPIFY_WEBHOOK_PATH}`)).failed).toEqual([]);

    expect([...missing]).toEqual([]);
    // The watch itself catches a read of a field the query did not select.
    const unselected = watch({ name: '#1001' } as { name: string; email?: string }, 'control', missing).email;
    expect(unselected).toBeUndefined();
    expect([...missing]).toEqual(['control.email']);
  }, 30_000);
});

describe('Shopify’s own @shopify/admin-api-client against the simulator', () => {
  const client = () => createAdminApiClient({ storeDomain: SHOP, apiVersion: SHOPIFY_API_VERSION, accessToken: token, customFetchApi: simulatorFetch(ctx.app) });

  it('a query with variables answers its data and the cost extension', async () => {
    const answer = await client().request<{ orders: { nodes: { name: string; currentTotalPriceSet: { shopMoney: { currencyCode: string } } }[] } }>(
      'query Recent($n: Int!) { orders(first: $n, reverse: true) { nodes { name currentTotalPriceSet { shopMoney { currencyCode } } } } }',
      { variables: { n: 2 } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.orders.nodes).toEqual([
      { name: '#1012', currentTotalPriceSet: { shopMoney: { currencyCode: 'RON' } } },
      { name: '#1011', currentTotalPriceSet: { shopMoney: { currencyCode: 'RON' } } },
    ]);
    // 2 + 2 orders x (order 1 + MoneyBag 1 + MoneyV2 1).
    expect(answer.extensions).toMatchObject({ cost: { requestedQueryCost: 8, actualQueryCost: 8, throttleStatus: { maximumAvailable: 2000, restoreRate: 100 } } });
  });

  it('a mutation answers its payload with typed userErrors', async () => {
    const answer = await client().request<{ fulfillmentOrderReleaseHold: { userErrors: { field: string[]; message: string; code: string }[] } }>(
      'mutation Release($id: ID!) { fulfillmentOrderReleaseHold(id: $id) { fulfillmentOrder { id } userErrors { field message code } } }',
      { variables: { id: 'gid://shopify/FulfillmentOrder/10031' } },
    );
    expect(answer.data!.fulfillmentOrderReleaseHold.userErrors).toEqual([{ field: ['id'], message: 'The fulfillment order is not on hold.', code: 'FULFILLMENT_ORDER_NOT_ON_HOLD' }]);
    expect(answer.extensions).toMatchObject({ cost: { requestedQueryCost: 10, actualQueryCost: 10 } });
  });

  it('an error comes back as the client’s graphQLErrors', async () => {
    const answer = await client().request('query { shop { name planName } }');
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.graphQLErrors).toEqual([{ message: "Field 'planName' doesn't exist on type 'Shop'", locations: [{ line: 1, column: 21 }], extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'planName' } }]);
  });
});
