import {
  ZPickupAddResponse,
  ZPickupAdminListResponse,
  ZPickupAdminQuery,
  ZPickupCouriersResponse,
  ZPickupIdParams,
  ZPickupListQuery,
  ZPickupListResponse,
  ZPickupPointRequest,
  ZPickupRejectRequest,
  ZSuccessResponse,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, adminScope, authenticatedScope } from '../../plugins/acting.js';
import type { PickupPointsService } from './pickup-points-service.js';

const p = messages.pickupPoints;

/** Pick-up points (spec 000 section 7), always for the acting client. */
export function pickupPointsRoutes(service: PickupPointsService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['pickup-points'];

    r.get('/api/user/pick-up-points/couriers-list', { schema: { tags, response: { 200: ZPickupCouriersResponse } } }, async () => ({
      success: true as const,
      list: service.couriers(),
    }));

    r.post('/api/user/pick-up-points/add', { schema: { tags, body: ZPickupPointRequest, response: { 200: ZPickupAddResponse } } }, async (req) => ({
      success: true as const,
      message: p.added,
      point: await service.add(acting(req).client.id, req.body),
    }));

    r.get('/api/user/pick-up-points/list', { schema: { tags, querystring: ZPickupListQuery, response: { 200: ZPickupListResponse } } }, async (req) => ({
      success: true as const,
      list: await service.list(acting(req).client.id, req.query.displayDeleted),
    }));

    r.put('/api/user/pick-up-points/request-delete/:id', { schema: { tags, params: ZPickupIdParams, response: { 200: ZSuccessResponse } } }, async (req) => {
      await service.requestDelete(acting(req).client.id, req.params.id);
      return { success: true as const, message: p.deleteRequested };
    });
  };
}

/** The admin's side: pending requests, approve, reject. */
export function pickupPointsAdminRoutes(service: PickupPointsService) {
  return async (app: FastifyInstance) => {
    adminScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    r.get('/api/admin/pick-up-points', { schema: { tags, querystring: ZPickupAdminQuery, response: { 200: ZPickupAdminListResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.pending(req.query)),
    }));

    r.post('/api/admin/pick-up-points/:id/approve', { schema: { tags, params: ZPickupIdParams, response: { 200: ZSuccessResponse } } }, async (req) => {
      await service.approve(req.params.id);
      return { success: true as const, message: p.approved };
    });

    r.post(
      '/api/admin/pick-up-points/:id/reject',
      { schema: { tags, params: ZPickupIdParams, body: ZPickupRejectRequest, response: { 200: ZSuccessResponse } } },
      async (req) => {
        await service.reject(req.params.id, req.body.reason);
        return { success: true as const, message: p.rejected };
      },
    );
  };
}
