import { ZStoreBulkActivateRequest, ZStoreBulkLabelsQuery, ZStoreBulkRunResponse, ZStoreBulkServicesRequest, ZStoreBulkServicesResponse, ZStoreBulkStartResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { StoreBulkService } from './store-bulk.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZClientIdParams = z.object({ clientId: id });
const ZRunParams = z.object({ clientId: id, runId: id });

/** Bulk activation (issue 14): start a run of the list's selected orders, read it, download its labels. */
export function storeBulkRoutes(service: StoreBulkService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['store'];
    const base = '/api/user/integration/shopify/activate-orders/:clientId';

    r.post(base, { schema: { tags, params: ZClientIdParams, body: ZStoreBulkActivateRequest, response: { 200: ZStoreBulkStartResponse } } }, async (req) => ({
      success: true as const,
      runId: await service.start(acting(req).client, req.params.clientId, req.body),
    }));

    // Issue 24: the services the preview's orders can be sent with (one chosen for the whole run).
    r.post(`${base}/services`, { schema: { tags, params: ZClientIdParams, body: ZStoreBulkServicesRequest, response: { 200: ZStoreBulkServicesResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.services(acting(req).client, req.params.clientId, req.body)),
    }));

    r.get(`${base}/runs/:runId`, { schema: { tags, params: ZRunParams, response: { 200: ZStoreBulkRunResponse } } }, async (req) => ({
      success: true as const,
      run: await service.run(acting(req).client, req.params.clientId, req.params.runId),
    }));

    r.get(`${base}/runs/:runId/labels`, { schema: { tags, params: ZRunParams, querystring: ZStoreBulkLabelsQuery } }, async (req, reply) => {
      const { bytes, fileName } = await service.labels(acting(req).client, req.params.clientId, req.params.runId, req.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    });
  };
}
