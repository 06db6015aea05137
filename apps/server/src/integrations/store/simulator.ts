import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { formatRoDate, PLATFORM_TIME_ZONE } from '../../lib/dates.js';
import { SHOPIFY_CALLBACK_PATH, SHOPIFY_WEBHOOK_PATH, SIM_APP_KEY, SIM_PREFIX, SIM_SHOP_HEADER, signQuery, simAppSecret } from './shopify-app.js';
import { cancelSimulatedOrder } from './simulator-new-orders.js';
import { appsPage, consentPage, invalidRequestPage, ordersPage as adminOrdersPage, type ConsentParams } from './simulator-pages.js';
import { STANDARD_BUCKET, argument, connectionCost, page, rootFields, shopLocationNodes, throttle, type Bucket } from './simulator-graphql.js';
import { FULFILLMENT_MUTATIONS, answerFulfillmentOrder } from './simulator-mutations.js';
import { productNodes } from './simulator-shop-data.js';
import { SIM_WEBHOOK_TOPICS, currentFulfillmentOrder, currentOrder, ordersPage, subscribe, type SimFulfillmentOrder } from './simulator-state.js';
import { simulatorWebhooks, webhookHeaders, type WebhookEvent } from './simulator-webhooks.js';
import { isInstalled, issueCode, issueToken, redeemCode, revokeShop, tokenShop } from './simulator-store.js';

export const SIM_AUTHORIZE_PATH = `${SIM_PREFIX}/admin/oauth/authorize`;
export const SIM_TOKEN_PATH = `${SIM_PREFIX}/admin/oauth/access_token`;
export const SIM_APPS_PATH = `${SIM_PREFIX}/admin/settings/apps`;
/** The shop admin's orders, where the merchant cancels one. */
export const SIM_ADMIN_ORDERS_PATH = `${SIM_PREFIX}/admin/orders`;
const ADMIN_PATHS = { apps: SIM_APPS_PATH, orders: SIM_ADMIN_ORDERS_PATH };
export const SIM_GRAPHQL_PATH = `${SIM_PREFIX}/admin/api/:version/graphql.json`;
/** The app revokes its own access (Shopify's uninstall by API request). */
export const SIM_REVOKE_PATH = `${SIM_PREFIX}/admin/api_permissions/current.json`;

const SHOP = /^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/;
/** How many of the latest orders the shop admin's orders page lists. */
const ADMIN_ORDERS_SHOWN = 25;
const ADMIN_FULFILLMENT_TEXT: Record<string, string> = { UNFULFILLED: 'Neexpediata', PARTIALLY_FULFILLED: 'Expediata partial', FULFILLED: 'Expediata', ON_HOLD: 'In asteptare' };
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The scopes a field needs (Shopify answers ACCESS_DENIED without them). */
const FIELD_SCOPES: Record<string, string | undefined> = {
  shop: undefined,
  locations: 'read_locations',
  orders: 'read_orders',
  order: 'read_orders',
  fulfillmentOrder: 'read_merchant_managed_fulfillment_orders',
  products: 'read_products',
  webhookSubscriptionCreate: undefined,
  fulfillmentOrderMove: 'write_merchant_managed_fulfillment_orders',
  fulfillmentCreate: 'write_merchant_managed_fulfillment_orders',
  fulfillmentOrderHold: 'write_merchant_managed_fulfillment_orders',
  fulfillmentOrderReleaseHold: 'write_merchant_managed_fulfillment_orders',
  fulfillmentOrderSplit: 'write_merchant_managed_fulfillment_orders',
  fulfillmentEventCreate: 'write_merchant_managed_fulfillment_orders',
};
/** The fulfillment orders of an order as answered (each with locationsForMove). */
const answerOrder = <T extends { fulfillmentOrders: { nodes: SimFulfillmentOrder[] } }>(o: T) => ({ ...o, fulfillmentOrders: { ...o.fulfillmentOrders, nodes: o.fulfillmentOrders.nodes.map(answerFulfillmentOrder) } });
const WEBHOOK_TOPICS = new Set(SIM_WEBHOOK_TOPICS);
/** Root fields answering one object (cost 1); the others are connections. */
const OBJECT_FIELDS = new Set(['shop', 'order', 'fulfillmentOrder']);
/** A global id of the type, or null. */
const gidOf = (value: unknown, type: string) => (typeof value === 'string' && new RegExp(`^gid://shopify/${type}/\\d+$`).test(value) ? value : null);
/** The products without the simulator's own bookkeeping (where each is stocked). */
const publicProducts = () => productNodes().map(({ stockedAt: _s, ...p }) => p);

/**
 * A Shopify shop served at our own address (issue 13): the app install's consent page and token
 * endpoint, the Admin GraphQL API with its cost and throttle, and the shop's app settings where
 * the app is uninstalled (which sends app/uninstalled to the platform's webhook, signed as Shopify signs).
 */
export function shopifySimulatorRoutes(deps: { database: Database; key: Buffer; publicUrl?: string; host: FastifyInstance; bucket?: Bucket }) {
  const { db } = deps.database;
  const secret = simAppSecret(deps.key);
  const bucket = throttle(deps.bucket ?? STANDARD_BUCKET);

  /** The registered redirect URL: our callback, at this site's address (or the configured public one). */
  function redirectAllowed(req: FastifyRequest, redirectUri: string) {
    if (!URL.canParse(redirectUri)) return false;
    const url = new URL(redirectUri);
    const origins = [new URL(`${req.protocol}://${req.host}`).origin, deps.publicUrl ? new URL(deps.publicUrl).origin : undefined];
    return url.pathname === SHOPIFY_CALLBACK_PATH && !url.search && origins.includes(url.origin);
  }

  /** Sends a webhook to the platform as Shopify does: the raw JSON body signed with the app secret, and Shopify's headers. */
  async function deliver(topic: string, shop: string, payload: object) {
    const body = JSON.stringify(payload);
    await deps.host.inject({ method: 'POST', url: SHOPIFY_WEBHOOK_PATH, payload: body, headers: webhookHeaders(secret, topic, shop, body) });
  }
  /** The shop's events, to the addresses subscribed to them. */
  const deliverSubscribed = simulatorWebhooks({ db, secret, host: deps.host });

  /** Uninstalls the app from the shop: every token of the app for the shop stops working, and app/uninstalled goes to the platform. */
  async function uninstall(shop: string) {
    if (!(await revokeShop(db, shop, SIM_APP_KEY))) return;
    const name = shop.replace('.myshopify.com', '');
    await deliver('app/uninstalled', shop, { id: shop.length, name, email: `contact@${shop}`, domain: shop, myshopify_domain: shop, country_code: 'RO', currency: 'RON', iana_timezone: PLATFORM_TIME_ZONE });
  }

  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);

    function readConsent(req: FastifyRequest, source: Record<string, unknown>): ConsentParams | string {
      const p = { shop: str(source.shop) ?? '', clientId: str(source.client_id) ?? '', scope: str(source.scope) ?? '', redirectUri: str(source.redirect_uri) ?? '', state: str(source.state) ?? '' };
      if (!SHOP.test(p.shop)) return 'Magazinul nu este de forma nume.myshopify.com.';
      if (p.clientId !== SIM_APP_KEY) return 'Aplicatia care cere accesul nu este inregistrata (client_id necunoscut).';
      if (!redirectAllowed(req, p.redirectUri)) return 'Adresa de intoarcere (redirect_uri) nu este cea inregistrata pentru aplicatie.';
      if (!p.state || p.state.length > 512 || p.scope.length > 1000) return 'Lipseste parametrul state, sau cererea este prea lunga.';
      return p;
    }

    app.get(SIM_AUTHORIZE_PATH, async (req, reply) => {
      const p = readConsent(req, (req.query ?? {}) as Record<string, unknown>);
      return typeof p === 'string' ? html(reply, 400, invalidRequestPage(p)) : html(reply, 200, consentPage(SIM_AUTHORIZE_PATH, p));
    });

    app.post(SIM_AUTHORIZE_PATH, async (req, reply) => {
      const form = (req.body ?? {}) as Record<string, unknown>;
      const p = readConsent(req, form);
      if (typeof p === 'string') return html(reply, 400, invalidRequestPage(p));
      const params: Record<string, string> = { shop: p.shop, state: p.state, timestamp: String(Math.floor(Date.now() / 1000)) };
      if (form.decision === 'allow') {
        params.code = await issueCode(db, { shop: p.shop, clientId: p.clientId, scopes: p.scope });
        params.host = Buffer.from(`admin.shopify.com/store/${p.shop.replace('.myshopify.com', '')}`).toString('base64url');
      } else {
        params.error = 'access_denied';
      }
      const url = new URL(p.redirectUri);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      url.searchParams.set('hmac', signQuery(secret, params));
      return reply.redirect(url.toString(), 302);
    });

    app.post(SIM_TOKEN_PATH, async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const shop = str(req.headers[SIM_SHOP_HEADER]) ?? '';
      const clientId = str(body.client_id) ?? '';
      const clientSecret = str(body.client_secret) ?? '';
      const code = str(body.code) ?? '';
      if (clientId !== SIM_APP_KEY || !same(clientSecret, secret)) {
        return reply.status(400).send({ error: 'invalid_client', error_description: 'Client credentials are invalid' });
      }
      const granted = code ? await redeemCode(db, code, shop, clientId) : null;
      if (!granted) return reply.status(400).send({ error: 'invalid_request', error_description: 'The authorization code was not found or was already used' });
      return { access_token: await issueToken(db, { shop, clientId, scopes: granted.scopes }), scope: granted.scopes };
    });

    app.post(SIM_GRAPHQL_PATH, async (req, reply) => {
      const token = str(req.headers['x-shopify-access-token']);
      const owner = token ? await tokenShop(db, token) : null;
      if (!owner) return reply.status(401).send({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      const { query, variables } = (req.body ?? {}) as { query?: unknown; variables?: unknown };
      const vars = variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {};
      const operation = typeof query === 'string' ? rootFields(query) : null;
      if (!operation) return reply.status(400).send({ errors: [{ message: 'Parse error: the query is not a GraphQL operation' }] });
      const granted = new Set(owner.scopes.split(','));

      // What the operation would cost: connections at 2 plus one a node asked for, objects 1, mutations 10.
      const firstOf = (args: string) => Math.min(250, Math.max(0, Number(argument(args, 'first', vars) ?? 0)));
      const requested = operation.fields.reduce((sum, f) => sum + (operation.kind === 'mutation' ? 10 : OBJECT_FIELDS.has(f.name) ? 1 : connectionCost(firstOf(f.args))), 0);
      // A single query may cost at most 1,000 points (or the whole bucket, when smaller): more is refused outright, not throttled.
      const maxCost = Math.min(1000, bucket.maximumAvailable);
      if (requested > maxCost) {
        return reply.status(200).send({
          errors: [{ message: `Query cost is ${requested}, which exceeds the single query max cost limit (${maxCost}).`, extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost } }],
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null } },
        });
      }
      const taken = bucket.take(owner.shop, requested);
      if (!taken.ok) {
        reply.header('retry-after', String(taken.waitSeconds));
        return reply.status(429).send({
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: taken.throttleStatus } },
        });
      }

      const data: Record<string, unknown> = {};
      const errors: object[] = [];
      const events: WebhookEvent[] = [];
      let actual = 0;
      for (const f of operation.fields) {
        const scope = FIELD_SCOPES[f.name];
        if (!(f.name in FIELD_SCOPES)) {
          errors.push({ message: `Field '${f.name}' doesn't exist on type '${operation.kind === 'mutation' ? 'Mutation' : 'QueryRoot'}'`, extensions: { code: 'undefinedField', typeName: operation.kind === 'mutation' ? 'Mutation' : 'QueryRoot', fieldName: f.name } });
          continue;
        }
        if (scope && !granted.has(scope)) {
          errors.push({ message: `Access denied for ${f.name} field. Required access: \`${scope}\` access scope.`, path: [f.alias], extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${scope}\` access scope.` } });
          data[f.alias] = null;
          continue;
        }
        if (f.name === 'shop') {
          const name = owner.shop.replace('.myshopify.com', '').split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
          data[f.alias] = { id: `gid://shopify/Shop/${owner.shop.length}`, name, myshopifyDomain: owner.shop, email: `contact@${owner.shop}`, currencyCode: 'RON', ianaTimezone: PLATFORM_TIME_ZONE, plan: { displayName: 'Developer Preview', partnerDevelopment: true } };
          actual += 1;
        } else if (f.name === 'order' || f.name === 'fulfillmentOrder') {
          // One object by its global id: null when there is none, an error when the id is not one of the type.
          const type = f.name === 'order' ? 'Order' : 'FulfillmentOrder';
          const id = argument(f.args, 'id', vars);
          if (!gidOf(id, type)) {
            errors.push({ message: `Invalid global id '${String(id)}'`, path: [f.alias], extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' } });
            data[f.alias] = null;
            continue;
          }
          if (f.name === 'order') {
            const order = await currentOrder(db, owner.shop, id as string);
            data[f.alias] = order ? answerOrder(order) : null;
          } else {
            const found = await currentFulfillmentOrder(db, owner.shop, id as string);
            data[f.alias] = found ? answerFulfillmentOrder(found.fo) : null;
          }
          actual += 1;
        } else if (f.name in FULFILLMENT_MUTATIONS) {
          const run = FULFILLMENT_MUTATIONS[f.name as keyof typeof FULFILLMENT_MUTATIONS];
          const result = await db.transaction((tx) => run(tx, owner.shop, (name) => argument(f.args, name, vars)));
          data[f.alias] = result.data;
          events.push(...result.events);
          actual += 10;
        } else if (f.name === 'webhookSubscriptionCreate') {
          const sub = argument(f.args, 'webhookSubscription', vars) as { callbackUrl?: unknown } | undefined;
          const topic = String(argument(f.args, 'topic', vars) ?? '');
          const url = typeof sub?.callbackUrl === 'string' ? sub.callbackUrl : '';
          const fail = (field: string[], message: string) => ({ webhookSubscription: null, userErrors: [{ field, message }] });
          if (!WEBHOOK_TOPICS.has(topic)) data[f.alias] = fail(['topic'], `Topic ${topic} is not a valid webhook subscription topic.`);
          else if (!url.startsWith('https://') || !URL.canParse(url)) data[f.alias] = fail(['webhookSubscription', 'callbackUrl'], 'Address protocol http:// is not supported');
          else {
            const created = await subscribe(db, owner.shop, topic, url, `gid://shopify/WebhookSubscription/${Date.now()}${Math.floor(Math.random() * 1000)}`);
            data[f.alias] = created
              ? { webhookSubscription: { id: created, topic, format: 'JSON', endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: url } }, userErrors: [] }
              : fail(['webhookSubscription', 'callbackUrl'], 'Address for this topic has already been taken');
          }
          actual += 10;
        } else {
          const first = firstOf(f.args);
          if (first < 1) {
            errors.push({ message: 'you must provide one of first or last', path: [f.alias], extensions: { code: 'BAD_REQUEST' } });
            continue;
          }
          // Shopify sorts by id, oldest first; `reverse: true` answers the newest first (orders' ids grow with their dates).
          const reverse = argument(f.args, 'reverse', vars) === true;
          const all: object[] = f.name === 'locations' ? shopLocationNodes(owner.shop) : publicProducts();
          const result = f.name === 'orders' ? await ordersPage(db, owner.shop, { first, after: argument(f.args, 'after', vars), query: argument(f.args, 'query', vars), reverse }) : page(reverse ? [...all].reverse() : all, first, argument(f.args, 'after', vars));
          if (!result) {
            errors.push({ message: 'Invalid cursor for current pagination sort.', path: [f.alias], extensions: { code: 'BAD_REQUEST' } });
            continue;
          }
          data[f.alias] = result;
          actual += connectionCost(result.nodes.length);
        }
      }
      // The changes' webhooks, delivered before the answer (Shopify sends them soon after).
      await deliverSubscribed(owner.shop, events);
      const throttleStatus = bucket.refund(owner.shop, requested - actual);
      const extensions = { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus } };
      return reply.status(200).send(errors.length ? { data, errors, extensions } : { data, extensions });
    });

    // The shop's app settings: the merchant uninstalls the app here; Shopify then tells the app (app/uninstalled).
    app.get(SIM_APPS_PATH, async (req, reply) => {
      const shop = str((req.query as Record<string, unknown>)?.shop) ?? '';
      if (!SHOP.test(shop)) return html(reply, 400, invalidRequestPage('Magazinul nu este de forma nume.myshopify.com.'));
      return html(reply, 200, appsPage(ADMIN_PATHS, shop, await isInstalled(db, shop, SIM_APP_KEY)));
    });

    app.post(SIM_APPS_PATH, async (req, reply) => {
      const shop = str((req.body as Record<string, unknown> | undefined)?.shop) ?? '';
      if (!SHOP.test(shop)) return html(reply, 400, invalidRequestPage('Magazinul nu este de forma nume.myshopify.com.'));
      await uninstall(shop);
      return html(reply, 200, appsPage(ADMIN_PATHS, shop, false, 'Aplicatia Colete Online a fost dezinstalata.'));
    });

    // The shop's latest orders: the merchant cancels one here; Shopify then sends orders/cancelled to the subscribed addresses.
    async function latestOrders(shop: string) {
      const result = await ordersPage(db, shop, { first: ADMIN_ORDERS_SHOWN, after: null, query: null, reverse: true });
      return (result?.nodes ?? []).map((o) => ({
        id: o.id,
        name: o.name,
        createdAt: formatRoDate(new Date(o.createdAt)),
        customer: [o.customer?.firstName, o.customer?.lastName].filter(Boolean).join(' '),
        status: o.cancelledAt ? 'Anulata' : (ADMIN_FULFILLMENT_TEXT[o.displayFulfillmentStatus] ?? o.displayFulfillmentStatus),
        cancelled: !!o.cancelledAt,
      }));
    }
    app.get(SIM_ADMIN_ORDERS_PATH, async (req, reply) => {
      const shop = str((req.query as Record<string, unknown>)?.shop) ?? '';
      if (!SHOP.test(shop)) return html(reply, 400, invalidRequestPage('Magazinul nu este de forma nume.myshopify.com.'));
      return html(reply, 200, adminOrdersPage(ADMIN_PATHS, shop, await latestOrders(shop)));
    });
    app.post(SIM_ADMIN_ORDERS_PATH, async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const shop = str(body.shop) ?? '';
      const orderId = str(body.order_id) ?? '';
      if (!SHOP.test(shop)) return html(reply, 400, invalidRequestPage('Magazinul nu este de forma nume.myshopify.com.'));
      if (!/^gid:\/\/shopify\/Order\/\d+$/.test(orderId)) return html(reply, 400, invalidRequestPage('Comanda nu este de forma gid://shopify/Order/{numar}.'));
      const cancelled = await cancelSimulatedOrder(db, deliverSubscribed, shop, orderId);
      const notice = cancelled ? `Comanda ${cancelled.name} a fost anulata.` : 'Comanda nu exista sau este deja anulata.';
      return html(reply, cancelled ? 200 : 404, adminOrdersPage(ADMIN_PATHS, shop, await latestOrders(shop), notice));
    });

    // The app revokes its access with its token (DELETE /admin/api_permissions/current.json): an uninstall, as in the shop's settings.
    app.delete(SIM_REVOKE_PATH, async (req, reply) => {
      const token = str(req.headers['x-shopify-access-token']);
      const owner = token ? await tokenShop(db, token) : null;
      if (!owner) return reply.status(401).send({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      await uninstall(owner.shop);
      return reply.status(200).send({});
    });
  };
}
