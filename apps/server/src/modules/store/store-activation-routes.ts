import { messages, ZPublicTracking, ZStoreActivateRequest, ZStoreActivateResponse, ZStoreCodPartRequest, ZStoreOffersRequest, ZStoreRefusalRequest, ZStoreRefusalResponse, ZStoreSaveRequest, ZStoreSaveResponse, ZStoreServicesResponse, type TPublicTracking } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { sharedWindowLimiter } from '../../lib/rate-limit.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { StoreActivationService } from './store-activation.js';

const sa = messages.storeActivation;
const ZClientParams = z.object({ clientId: z.coerce.number().int().positive().max(2_147_483_647) });
const ZAwbParams = z.object({ awb: z.string().min(1).max(40) });
/** The public page's calls an address may make in a minute. */
export const PUBLIC_TRACKING_PER_MINUTE = 30;

/** The store order's offers, activation and saving for later (issue 14, spec 002 section 7). */
export function storeActivationRoutes(service: StoreActivationService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['store'];
    r.post('/api/user/integration/shopify/services-list/:clientId', { schema: { tags, params: ZClientParams, body: ZStoreOffersRequest, response: { 200: ZStoreServicesResponse } } }, async (req) => ({
      success: true as const,
      offers: await service.offers(acting(req).client, req.params.clientId, req.body),
    }));
    r.post('/api/user/integration/shopify/order/:clientId', { schema: { tags, params: ZClientParams, body: ZStoreActivateRequest, response: { 200: ZStoreActivateResponse } } }, async (req) => {
      const { uniqueId, awb, storeUpdated } = await service.activate(acting(req).client, req.params.clientId, req.body);
      return { success: true as const, message: sa.activated, uniqueId, awb, storeUpdated };
    });
    r.patch('/api/user/integration/shopify/order/:clientId', { schema: { tags, params: ZClientParams, body: ZStoreSaveRequest, response: { 200: ZStoreSaveResponse } } }, async (req) => {
      await service.save(acting(req).client, req.params.clientId, req.body);
      return { success: true as const, message: sa.saved };
    });
    // Issue 24: a shop's refusal for good after the AWB: cancel the AWB (money back) or retry after releasing the hold.
    r.post('/api/user/integration/shopify/order/:clientId/refusal/cancel-awb', { schema: { tags, params: ZClientParams, body: ZStoreRefusalRequest, response: { 200: ZStoreRefusalResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.cancelRefusedAwb(acting(req).client, req.params.clientId, req.body)),
    }));
    r.post('/api/user/integration/shopify/order/:clientId/refusal/retry', { schema: { tags, params: ZClientParams, body: ZStoreRefusalRequest, response: { 200: ZStoreRefusalResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.retryRefused(acting(req).client, req.params.clientId, req.body)),
    }));
    r.post('/api/user/integration/shopify/order/:clientId/cod-part', { schema: { tags, params: ZClientParams, body: ZStoreCodPartRequest, response: { 200: ZStoreSaveResponse } } }, async (req) => {
      await service.pickCodPart(acting(req).client, req.params.clientId, req.body);
      return { success: true as const, message: sa.codPicked };
    });
  };
}

/** The public tracking page's call (no sign-in), limited per address. */
export function publicTrackingRoutes(read: (awb: string) => Promise<Omit<TPublicTracking, 'success'> | null>, opts: { perMinute?: number } = {}) {
  return async (app: FastifyInstance) => {
    // Counted in the database: every instance behind the balancer counts the same address.
    const limit = sharedWindowLimiter(app.deps.database.db, 'public-tracking', opts.perMinute ?? PUBLIC_TRACKING_PER_MINUTE, 60_000, sa.tooManyRequests);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/tracking/:awb', { schema: { tags: ['tracking'], params: ZAwbParams, response: { 200: ZPublicTracking } } }, async (req, reply) => {
      await limit(req.ip);
      const found = await read(req.params.awb);
      if (!found) throw notFound(sa.trackingNotFound);
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...found };
    });
  };
}
