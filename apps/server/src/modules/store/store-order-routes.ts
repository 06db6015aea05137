import { ZPackingMutationRequest, ZPackingMutationResponse, ZStoreOrderResponse, ZSuccessResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { StoreOrderDetailService } from './store-order-detail.js';

/** The order's id comes URL-encoded twice (spec 002 section 7): the router decodes once, this the second time. */
const decodedOnce = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};
const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const ZOrderParams = z.object({ clientId: z.coerce.number().int().positive().max(2_147_483_647), id: z.string().min(1).max(500).transform(decodedOnce) });

/**
 * The store order page's reads (issue 13): one order as the page shows it; its saved packings
 * (issue 14, 'Salveaza configuratie'): POST with the store account, DELETE with the saved row, both
 * named `{id}` (Fastify keeps one parameter name per position, as the other store mutations).
 */
export function storeOrderRoutes(detail: StoreOrderDetailService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/user/integration/shopify/order/:clientId/:id', { schema: { tags: ['store'], params: ZOrderParams, response: { 200: ZStoreOrderResponse } } }, async (req) => ({
      success: true as const,
      order: await detail.detail(acting(req).client, req.params.clientId, req.params.id),
    }));
    const params = z.object({ id: dbId.describe('POST: the store account (clientId); DELETE: the saved configuration (mutationId)') });
    r.post('/api/user/integration/shopify/packing-mutation/:id', { schema: { tags: ['store'], params, body: ZPackingMutationRequest, response: { 200: ZPackingMutationResponse } } }, async (req) =>
      detail.savePacking(acting(req).client, req.params.id, req.body),
    );
    r.delete('/api/user/integration/shopify/packing-mutation/:id', { schema: { tags: ['store'], params, response: { 200: ZSuccessResponse } } }, async (req) =>
      detail.deletePacking(acting(req).client, req.params.id),
    );
  };
}
