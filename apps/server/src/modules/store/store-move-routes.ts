import { STORE_MOVE_MESSAGES, ZStoreMoveParams, ZSuccessResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { StoreService } from './store-service.js';

/** `{clientId}.{host}`: the store account's id is what stands before the first dot (the host after it is not read). */
export function clientIdOf(clientIdAndHost: string) {
  const head = clientIdAndHost.split('.')[0] ?? '';
  const id = /^\d{1,10}$/.test(head) ? Number(head) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A path id URL-encoded twice (the router decoded it once): the global id of that type; a bare number is taken as that type's id. */
export function globalIdOf(raw: string, type: 'FulfillmentOrder' | 'Location') {
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (/^\d{1,15}$/.test(value)) return `gid://shopify/${type}/${value}`;
  return new RegExp(`^gid://shopify/${type}/\\d{1,15}$`).test(value) ? value : null;
}

/**
 * Moving an awaiting fulfillment order to another location of the shop (spec 002 section 7,
 * 'Muta produsele intr-un alt depozit'): the store account must be the acting client's and the
 * fulfillment order its shop's (404 otherwise); the shop's refusal answers the specification's error.
 */
export function storeMoveRoutes(service: StoreService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/user/integration/shopify/:clientIdAndHost/fulfillment-order/:fulfillmentOrderId/move/:locationId',
      { schema: { tags: ['store'], params: ZStoreMoveParams, response: { 200: ZSuccessResponse } } },
      async (req) => {
        const accountId = clientIdOf(req.params.clientIdAndHost);
        const fulfillmentOrderId = globalIdOf(req.params.fulfillmentOrderId, 'FulfillmentOrder');
        const locationId = globalIdOf(req.params.locationId, 'Location');
        if (accountId === null || !fulfillmentOrderId) throw notFound(STORE_MOVE_MESSAGES.notFound);
        if (!locationId) throw notFound(STORE_MOVE_MESSAGES.notFound);
        await service.moveFulfillmentOrder(acting(req).client.id, accountId, fulfillmentOrderId, locationId);
        return { success: true as const, message: STORE_MOVE_MESSAGES.moved };
      },
    );
  };
}
