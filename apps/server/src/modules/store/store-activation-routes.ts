import { messages, ZPublicTracking, ZStoreActivateRequest, ZStoreActivateResponse, ZStoreOffersRequest, ZStoreSaveRequest, ZStoreSaveResponse, ZStoreServicesResponse, type TPublicTracking } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { windowLimiter } from '../../lib/rate-limit.js';
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
    r.post('/api/user/integration/shopify/order/:clientId', { schema: { tags, params: ZClientParams, body: ZStoreActivateRequest, response: { 200: ZStoreActivateResponse } } }, async (req) => ({
      success: true as const,
      message: sa.activated,
      ...(await service.activate(acting(req).client, req.params.clientId, req.body)),
    }));
    r.patch('/api/user/integration/shopify/order/:clientId', { schema: { tags, params: ZClientParams, body: ZStoreSaveRequest, response: { 200: ZStoreSaveResponse } } }, async (req) => {
      await service.save(acting(req).client, req.params.clientId, req.body);
      return { success: true as const, message: sa.saved };
    });
  };
}

/** The public tracking page's call (no sign-in), limited per address. */
export function publicTrackingRoutes(read: (awb: string) => Promise<Omit<TPublicTracking, 'success'> | null>, opts: { perMinute?: number } = {}) {
  return async (app: FastifyInstance) => {
    const limit = windowLimiter<string>(opts.perMinute ?? PUBLIC_TRACKING_PER_MINUTE, 60_000, sa.tooManyRequests);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/tracking/:awb', { schema: { tags: ['tracking'], params: ZAwbParams, response: { 200: ZPublicTracking } } }, async (req, reply) => {
      limit(req.ip);
      const found = await read(req.params.awb);
      if (!found) throw notFound(sa.trackingNotFound);
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...found };
    });
  };
}
