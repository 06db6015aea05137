import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { formatRoDate, PLATFORM_TIME_ZONE } from '../../lib/dates.js';
import { SHOPIFY_CALLBACK_PATH, SHOPIFY_WEBHOOK_PATH, SIM_APP_KEY, SIM_PREFIX, SIM_SHOP_HEADER, signQuery, simAppSecret } from './shopify-app.js';
import { setSimOutage, simOutage } from './simulator-mutations.js';
import { cancelSimulatedOrder, holdSimulatedOrder } from './simulator-new-orders.js';
import { appsPage, consentPage, invalidRequestPage, ordersPage as adminOrdersPage, type ConsentParams } from './simulator-pages.js';
import { STANDARD_BUCKET, type Bucket } from './simulator-bucket.js';
import { graphqlEndpoint } from './simulator-endpoint.js';
import { ordersPage } from './simulator-state.js';
import { simulatorWebhooks, webhookHeaders } from './simulator-webhooks.js';
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

/**
 * A Shopify shop served at our own address (issue 13): the app install's consent page and token
 * endpoint, the Admin GraphQL API with its cost and throttle, and the shop's app settings where
 * the app is uninstalled (which sends app/uninstalled to the platform's webhook, signed as Shopify signs).
 */
export function shopifySimulatorRoutes(deps: { database: Database; key: Buffer; publicUrl?: string; host: FastifyInstance; bucket?: Bucket }) {
  const { db } = deps.database;
  const secret = simAppSecret(deps.key);

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
  const deliverSubscribed = simulatorWebhooks({ db, secret, host: deps.host, publicUrl: deps.publicUrl });

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

    app.post(SIM_GRAPHQL_PATH, graphqlEndpoint({ db, bucket: deps.bucket ?? STANDARD_BUCKET, deliver: deliverSubscribed }));

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
        held: o.displayFulfillmentStatus === 'ON_HOLD',
        holdable: !o.cancelledAt && (o.displayFulfillmentStatus === 'UNFULFILLED' || o.displayFulfillmentStatus === 'PARTIALLY_FULFILLED'),
      }));
    }
    app.get(SIM_ADMIN_ORDERS_PATH, async (req, reply) => {
      const shop = str((req.query as Record<string, unknown>)?.shop) ?? '';
      if (!SHOP.test(shop)) return html(reply, 400, invalidRequestPage('Magazinul nu este de forma nume.myshopify.com.'));
      return adminPage(reply, 200, shop);
    });
    const adminPage = async (reply: FastifyReply, status: number, shop: string, notice?: string) => html(reply, status, adminOrdersPage(ADMIN_PATHS, shop, await latestOrders(shop), await simOutage(db, shop), notice));
    app.post(SIM_ADMIN_ORDERS_PATH, async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const shop = str(body.shop) ?? '';
      const orderId = str(body.order_id) ?? '';
      if (!SHOP.test(shop)) return html(reply, 400, invalidRequestPage('Magazinul nu este de forma nume.myshopify.com.'));
      const action = str(body.action) ?? 'cancel';
      if (action === 'outage-on' || action === 'outage-off') {
        await setSimOutage(db, shop, action === 'outage-on');
        return adminPage(reply, 200, shop, action === 'outage-on' ? 'Expedierile esueaza pana la oprirea simularii.' : 'Expedierile functioneaza din nou.');
      }
      if (!/^gid:\/\/shopify\/Order\/\d+$/.test(orderId)) return html(reply, 400, invalidRequestPage('Comanda nu este de forma gid://shopify/Order/{numar}.'));
      if (action === 'hold' || action === 'release') {
        const held = await holdSimulatedOrder(db, deliverSubscribed, shop, orderId, action === 'hold');
        const notice = held ? `Expedierea comenzii ${held.name} a fost ${action === 'hold' ? 'blocata' : 'deblocata'}.` : 'Comanda nu exista sau nu poate fi schimbata asa.';
        return adminPage(reply, held ? 200 : 404, shop, notice);
      }
      const cancelled = await cancelSimulatedOrder(db, deliverSubscribed, shop, orderId);
      const notice = cancelled ? `Comanda ${cancelled.name} a fost anulata.` : 'Comanda nu exista sau este deja anulata.';
      return adminPage(reply, cancelled ? 200 : 404, shop, notice);
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
