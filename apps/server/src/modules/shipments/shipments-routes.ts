import {
  ZLabelParams,
  ZOffersResponse,
  ZShipmentActivateRequest,
  ZShipmentCreateRequest,
  ZShipmentDraft,
  ZShipmentDraftChange,
  ZShipmentDraftFormResponse,
  ZShipmentListQuery,
  ZShipmentListResponse,
  ZShipmentResponse,
  ZSuccessResponse,
  ZUniqueIdParams,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { ShipmentsService } from './shipments-service.js';

/** Shipments of the acting client: offers, save and activate, list, details, tracking, cancel, labels. */
export function shipmentsRoutes(service: ShipmentsService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['shipments'];
    const m = messages.shipments;

    r.post('/api/shipments/offers', { schema: { tags, body: ZShipmentDraft, response: { 200: ZOffersResponse } } }, async (req) => ({
      success: true as const,
      offers: await service.offers(acting(req).client, req.body),
    }));

    r.post('/api/shipments', { schema: { tags, body: ZShipmentCreateRequest, response: { 200: ZShipmentResponse } } }, async (req) => {
      const { row, activated } = await service.create(acting(req).client, req.body);
      return { success: true as const, message: activated ? m.activated : m.saved, shipment: row };
    });

    r.get('/api/shipments', { schema: { tags, querystring: ZShipmentListQuery, response: { 200: ZShipmentListResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.list(acting(req).client, req.query)),
    }));

    r.get('/api/shipments/:uniqueId', { schema: { tags, params: ZUniqueIdParams, response: { 200: ZShipmentResponse } } }, async (req) => ({
      success: true as const,
      shipment: await service.detail(acting(req).client, req.params.uniqueId),
    }));

    // A saved draft (a customer's return too) is changed or deleted before activation; never after (409).
    r.put('/api/shipments/:uniqueId', { schema: { tags, params: ZUniqueIdParams, body: ZShipmentDraftChange, response: { 200: ZShipmentResponse } } }, async (req) => ({
      success: true as const,
      message: req.body.full ? m.draftEdited : m.draftUpdated,
      shipment: await service.updateDraft(acting(req).client, req.params.uniqueId, req.body),
    }));

    r.delete('/api/shipments/:uniqueId', { schema: { tags, params: ZUniqueIdParams, response: { 200: ZSuccessResponse } } }, async (req) => {
      await service.deleteDraft(acting(req).client, req.params.uniqueId);
      return { success: true as const, message: m.draftDeleted };
    });

    r.post('/api/shipments/:uniqueId/activate', { schema: { tags, params: ZUniqueIdParams, body: ZShipmentActivateRequest, response: { 200: ZShipmentResponse } } }, async (req) => {
      const { serviceId, pointId } = req.body ?? {};
      return {
        success: true as const,
        message: m.activated,
        shipment: await service.activate(acting(req).client, req.params.uniqueId, serviceId ? { serviceId, pointId } : undefined),
      };
    });

    r.get('/api/shipments/:uniqueId/draft', { schema: { tags, params: ZUniqueIdParams, response: { 200: ZShipmentDraftFormResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.draftForm(acting(req).client, req.params.uniqueId)),
    }));

    r.get('/api/shipments/:uniqueId/offers', { schema: { tags, params: ZUniqueIdParams, response: { 200: ZOffersResponse } } }, async (req) => ({
      success: true as const,
      offers: await service.draftOffers(acting(req).client, req.params.uniqueId),
    }));

    r.get('/api/shipments/:uniqueId/tracking', { schema: { tags, params: ZUniqueIdParams, response: { 200: ZShipmentResponse } } }, async (req) => ({
      success: true as const,
      shipment: await service.tracking(acting(req).client, req.params.uniqueId),
    }));

    r.post('/api/shipments/:uniqueId/cancel', { schema: { tags, params: ZUniqueIdParams, response: { 200: ZShipmentResponse } } }, async (req) => ({
      success: true as const,
      message: m.cancelled,
      shipment: await service.cancel(acting(req).client, req.params.uniqueId),
    }));

    /** The label PDF (spec 002: order-auth/print/{uniqueId}/{format}). */
    r.get('/api/order-auth/print/:uniqueId/:format', { schema: { tags, params: ZLabelParams } }, async (req, reply) => {
      const { bytes, fileName } = await service.label(acting(req).client, req.params.uniqueId, req.params.format);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    });
  };
}
