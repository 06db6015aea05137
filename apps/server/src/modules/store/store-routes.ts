import {
  STORE_RETURN_PARAM,
  STORE_RETURN_PATH,
  ZNeedsAuthQuery,
  ZNeedsAuthResponse,
  ZStoreAccountsResponse,
  ZStoreCallbackQuery,
  ZStoreCheckResponse,
  STORE_BULK_MAX_ORDERS,
  ZStoreLocationsResponse,
  ZStoreOrdersFilter,
  ZStoreOrdersFilterFields,
  ZStoreOrdersListResponse,
  ZStoreSyncResponse,
  ZStoreOrdersMatchingResponse,
  ZSuccessResponse,
  messages,
} from '@colete/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHOPIFY_CALLBACK_PATH, SHOPIFY_WEBHOOK_PATH, SIM_APPS_PATH, SIM_DEMO_SHOP, type ShopifyAdapter } from '../../integrations/store/index.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { StoreService } from './store-service.js';

/** A delivery's body as JSON (its HMAC was checked on the raw text); null when it is not JSON. */
const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

const ZClientIdParams = z.object({ clientId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Connected stores (issue 13): the list, the connect flow (needs-auth, then the shop's consent
 * page, then the callback) and disconnecting; the webhook endpoint every topic is delivered to.
 */
export function storeRoutes(service: StoreService, adapter: ShopifyAdapter, opts: { publicUrl?: string }) {
  /** The registered redirect URL: the public address when configured, otherwise this request's own. */
  const redirectUri = (req: FastifyRequest) => new URL(SHOPIFY_CALLBACK_PATH, opts.publicUrl ?? `${req.protocol}://${req.host}`).toString();
  const tags = ['store'];
  const simulator = service.mode === 'simulator';

  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      authenticatedScope(scope);
      const r = scope.withTypeProvider<ZodTypeProvider>();
      r.get('/api/user/integration/shopify/accounts', { schema: { tags, response: { 200: ZStoreAccountsResponse } } }, async (req) => ({
        success: true as const,
        list: await service.list(acting(req).client.id),
        simulator,
        demoShop: simulator ? SIM_DEMO_SHOP : null,
        simulatorAppsUrl: simulator ? `${SIM_APPS_PATH}?shop={shop}` : null,
      }));

      r.get('/api/user/integration/shopify/needs-auth', { schema: { tags, querystring: ZNeedsAuthQuery, response: { 200: ZNeedsAuthResponse } } }, async (req) => {
        const { user, client } = acting(req);
        return { success: true as const, ...(await service.needsAuth(user.id, client.id, req.query, redirectUri(req))) };
      });

      r.get('/api/user/integration/shopify/check-account-configuration/:clientId', { schema: { tags, params: ZClientIdParams, response: { 200: ZStoreCheckResponse } } }, async (req) => {
        const { client } = acting(req);
        return { success: true as const, ...(await service.checkConfiguration(client, req.params.clientId)) };
      });

      r.post('/api/user/integration/shopify/orders/:clientId', { schema: { tags, params: ZClientIdParams, body: ZStoreOrdersFilter, response: { 200: ZStoreOrdersListResponse } } }, async (req) => ({
        success: true as const,
        ...(await service.ordersList(acting(req).client.id, req.params.clientId, req.body)),
      }));

      // Issue 24: how many awaiting orders match the filters ('select all N matching'), and the shop's warehouses for the filter.
      r.post('/api/user/integration/shopify/orders/:clientId/matching', { schema: { tags, params: ZClientIdParams, body: ZStoreOrdersFilterFields.strict(), response: { 200: ZStoreOrdersMatchingResponse } } }, async (req) => {
        const { orders, more } = await service.matching(acting(req).client.id, req.params.clientId, req.body, STORE_BULK_MAX_ORDERS);
        return { success: true as const, count: orders.length, more };
      });
      r.get('/api/user/integration/shopify/orders/:clientId/locations', { schema: { tags, params: ZClientIdParams, response: { 200: ZStoreLocationsResponse } } }, async (req) => ({
        success: true as const,
        list: await service.locations(acting(req).client.id, req.params.clientId),
      }));

      // Issue 28 §4: the first backfill's progress of the store's copy (the list polls it until the copy is whole).
      r.get('/api/user/integration/shopify/orders/:clientId/sync', { schema: { tags, params: ZClientIdParams, response: { 200: ZStoreSyncResponse } } }, async (req) => ({
        success: true as const,
        sync: await service.syncProgress(acting(req).client.id, req.params.clientId),
      }));

      r.delete('/api/user/integration/shopify/accounts/:clientId', { schema: { tags, params: ZClientIdParams, response: { 200: ZSuccessResponse } } }, async (req) => {
        await service.disconnect(acting(req).client.id, req.params.clientId);
        return { success: true as const, message: messages.store.disconnected };
      });
    });

    // A browser navigation back from the shop's consent page: it always ends on the integration page, never in JSON.
    app.withTypeProvider<ZodTypeProvider>().get(SHOPIFY_CALLBACK_PATH, { schema: { tags, querystring: ZStoreCallbackQuery.catch({}), hide: true } }, async (req, reply) => {
      const outcome = await service.callback(req.user?.id ?? null, req.query);
      const query = outcome.ok ? `${STORE_RETURN_PARAM}=connected` : `${STORE_RETURN_PARAM}=error&reason=${outcome.reason}`;
      return reply.redirect(`${STORE_RETURN_PATH}?${query}`, 303);
    });

    // Shopify's deliveries: the HMAC is computed on the raw body, so this scope keeps the body as it came.
    await app.register(async (hooks) => {
      hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      hooks.post(SHOPIFY_WEBHOOK_PATH, { schema: { tags, hide: true } }, async (req, reply) => {
        const rawBody = typeof req.body === 'string' ? req.body : '';
        const verified = await adapter.validateWebhook(rawBody, req.raw, reply.raw);
        if (!verified.valid) return reply.status(401).send({ success: false, message: messages.common.unauthorized });
        await service.webhook({ webhookId: verified.webhookId, topic: verified.topic, shop: verified.shop, payload: parseJson(rawBody) });
        return reply.status(200).send({ success: true });
      });
    });
  };
}
