import { ZLocationMutationRequest, ZLocationMutationResponse, ZProductMutationRequest, ZProductMutationResponse, ZSuccessResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import { deleteAssociation, deleteDimensions, saveAssociation, saveDimensions } from './store-mutations.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);
/**
 * One parameter name for both methods of a path: the specification's POST names the store account
 * `{clientId}` and its DELETE the saved row `{mutationId}` in the same place, and Fastify's router
 * keeps one name per position (two names would print as one merged route).
 */
const ZClientIdParams = z.object({ id: id.describe('the store account (the specification\'s clientId)') });
const ZMutationIdParams = z.object({ id: id.describe('the saved mutation (the specification\'s mutationId)') });

/**
 * The order page's saved mutations (spec 002 section 7 location-mutation, spec 001 section 7
 * product-mutation): `{clientId}` is the store account, `{mutationId}` a saved row; both the acting client's.
 */
export function storeMutationRoutes(database: Database) {
  const { db } = database;
  const tags = ['store'];
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/user/integration/shopify/location-mutation/from/:id',
      { schema: { tags, params: ZClientIdParams, body: ZLocationMutationRequest, response: { 200: ZLocationMutationResponse } } },
      async (req) => saveAssociation(db, acting(req).client.id, req.params.id, req.body),
    );
    r.delete('/api/user/integration/shopify/location-mutation/from/:id', { schema: { tags, params: ZMutationIdParams, response: { 200: ZSuccessResponse } } }, async (req) =>
      deleteAssociation(db, acting(req).client.id, req.params.id),
    );

    r.post(
      '/api/user/integration/shopify/product-mutation/:id',
      { schema: { tags, params: ZClientIdParams, body: ZProductMutationRequest, response: { 200: ZProductMutationResponse } } },
      async (req) => saveDimensions(db, acting(req).client.id, req.params.id, req.body),
    );
    r.delete('/api/user/integration/shopify/product-mutation/:id', { schema: { tags, params: ZMutationIdParams, response: { 200: ZSuccessResponse } } }, async (req) =>
      deleteDimensions(db, acting(req).client.id, req.params.id),
    );
  };
}
