import {
  ZAddressIdParams,
  ZAddressInput,
  ZAddressListRequest,
  ZAddressListResponse,
  ZAddressResponse,
  ZSuccessResponse,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { AddressesService } from './addresses-service.js';

/** The address book (spec 000/001 section 3): every call is scoped to the acting client. */
export const addressesRoutes = (service: AddressesService) => async (app: FastifyInstance) => {
  authenticatedScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/address/all',
    { schema: { tags: ['addresses'], body: ZAddressListRequest, response: { 200: ZAddressListResponse } } },
    async (req) => ({ success: true as const, ...(await service.list(acting(req).client.id, req.body ?? {})) }),
  );

  r.get(
    '/api/address/:id',
    { schema: { tags: ['addresses'], params: ZAddressIdParams, response: { 200: ZAddressResponse } } },
    async (req) => ({ success: true as const, address: await service.get(acting(req).client.id, req.params.id) }),
  );

  r.post(
    '/api/address',
    { schema: { tags: ['addresses'], body: ZAddressInput, response: { 200: ZAddressResponse } } },
    async (req) => ({
      success: true as const,
      message: messages.address.saved,
      address: await service.create(acting(req).client.id, req.body),
    }),
  );

  r.put(
    '/api/address/:id',
    { schema: { tags: ['addresses'], params: ZAddressIdParams, body: ZAddressInput, response: { 200: ZAddressResponse } } },
    async (req) => ({
      success: true as const,
      message: messages.address.updated,
      address: await service.update(acting(req).client.id, req.params.id, req.body),
    }),
  );

  r.delete(
    '/api/address/:id',
    { schema: { tags: ['addresses'], params: ZAddressIdParams, response: { 200: ZSuccessResponse } } },
    async (req) => {
      await service.remove(acting(req).client.id, req.params.id);
      return { success: true as const, message: messages.address.deleted };
    },
  );
};
