import {
  ZFavouriteResponse,
  ZPackagingIdParams,
  ZPackagingListRequest,
  ZPackagingTemplateAddRequest,
  ZPackagingTemplateListResponse,
  ZPackagingTemplateResponse,
  ZSavedPackageAddRequest,
  ZSavedPackageListResponse,
  ZSavedPackageResponse,
  ZSuccessResponse,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { PackagingService } from './packaging-service.js';

const p = messages.packaging;

/** Packaging templates and saved packages (spec 001 section 7, plus the two add calls), for the acting client. */
export function packagingRoutes(service: PackagingService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['packaging'];

    r.post('/api/user/packaging/templates', { schema: { tags, body: ZPackagingListRequest, response: { 200: ZPackagingTemplateListResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.templates(acting(req).client.id, req.body.paginationOptions)),
    }));

    r.post('/api/user/packaging/templates/add', { schema: { tags, body: ZPackagingTemplateAddRequest, response: { 200: ZPackagingTemplateResponse } } }, async (req) => ({
      success: true as const,
      message: p.templateSaved,
      template: await service.addTemplate(acting(req).client.id, req.body),
    }));

    // Editing from the packaging pages (the spec's PUT on the id toggles the favourite, hence /edit).
    r.put(
      '/api/user/packaging/templates/:id/edit',
      { schema: { tags, params: ZPackagingIdParams, body: ZPackagingTemplateAddRequest, response: { 200: ZPackagingTemplateResponse } } },
      async (req) => ({
        success: true as const,
        message: p.templateSaved,
        template: await service.editTemplate(acting(req).client.id, req.params.id, req.body),
      }),
    );

    r.put('/api/user/packaging/templates/:id', { schema: { tags, params: ZPackagingIdParams, response: { 200: ZFavouriteResponse } } }, async (req) => ({
      success: true as const,
      favourite: await service.toggleFavourite(acting(req).client.id, req.params.id),
    }));

    r.delete('/api/user/packaging/templates/:id', { schema: { tags, params: ZPackagingIdParams, response: { 200: ZSuccessResponse } } }, async (req) => {
      await service.removeTemplate(acting(req).client.id, req.params.id);
      return { success: true as const, message: p.templateDeleted };
    });

    r.post('/api/user/packaging/packages/list', { schema: { tags, body: ZPackagingListRequest, response: { 200: ZSavedPackageListResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.packages(acting(req).client.id, req.body.paginationOptions)),
    }));

    r.post('/api/user/packaging/packages/add', { schema: { tags, body: ZSavedPackageAddRequest, response: { 200: ZSavedPackageResponse } } }, async (req) => ({
      success: true as const,
      message: p.packageSaved,
      package: await service.addPackage(acting(req).client.id, req.body),
    }));

    r.put(
      '/api/user/packaging/packages/:id/edit',
      { schema: { tags, params: ZPackagingIdParams, body: ZSavedPackageAddRequest, response: { 200: ZSavedPackageResponse } } },
      async (req) => ({
        success: true as const,
        message: p.packageSaved,
        package: await service.editPackage(acting(req).client.id, req.params.id, req.body),
      }),
    );

    r.delete('/api/user/packaging/packages/:id', { schema: { tags, params: ZPackagingIdParams, response: { 200: ZSuccessResponse } } }, async (req) => {
      await service.removePackage(acting(req).client.id, req.params.id);
      return { success: true as const, message: p.packageDeleted };
    });
  };
}
