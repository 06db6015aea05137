import { ZClientSearchQuery, ZClientSearchResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope } from '../../plugins/acting.js';
import type { AdminService } from './admin-service.js';

export const adminRoutes = (service: AdminService) => async (app: FastifyInstance) => {
  adminScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/clients',
    { schema: { tags: ['admin'], querystring: ZClientSearchQuery, response: { 200: ZClientSearchResponse } } },
    async (req) => ({ success: true as const, list: await service.searchClients(req.query.search) }),
  );
};
