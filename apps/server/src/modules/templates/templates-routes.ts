import multipart from '@fastify/multipart';
import {
  TEMPLATE_LOGO_MAX_BYTES,
  USER_TYPE,
  ZPublicTemplateResponse,
  ZReturnSubmission,
  ZReturnSubmissionResponse,
  ZSuccessResponse,
  ZTemplateDetailResponse,
  ZTemplateIdParams,
  ZTemplateListRequest,
  ZTemplateListResponse,
  ZTemplateLogoResponse,
  ZTemplatePostRequest,
  ZTemplateUniqueIdParams,
  messages,
} from '@colete/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/errors.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { ReturnsService } from './returns-service.js';
import { LOGO_CSP } from './template-logo.js';
import type { TemplatesService } from './templates-service.js';

const t = messages.templates;

/** The one `file` part of the upload, at most 50 KB; a second file or a bigger one is refused. */
async function readLogoFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(t.uploadNotImage, 'notMultipart', { file: t.uploadNotImage });
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (file || part.fieldname !== 'file') throw badRequest(t.uploadOneFile, 'tooManyFiles', { file: t.uploadOneFile });
      file = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, t.uploadTooLarge, 'fileTooLarge', { file: t.uploadTooLarge });
    if (code === 'FST_FILES_LIMIT') throw badRequest(t.uploadOneFile, 'tooManyFiles', { file: t.uploadOneFile });
    if (err instanceof AppError) throw err;
    throw badRequest(t.uploadNotImage, 'invalidUpload', { file: t.uploadNotImage });
  }
  if (!file || file.length === 0) throw badRequest(t.uploadNotImage, 'noFile', { file: t.uploadNotImage });
  return file;
}

/** Order templates (spec 001 section 7), always for the acting client. */
export function templatesRoutes(service: TemplatesService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    // Two files at most reach us, so a second one is reported as such; parts past that are refused.
    await app.register(multipart, { limits: { fileSize: TEMPLATE_LOGO_MAX_BYTES, files: 2, fields: 5, parts: 8, headerPairs: 50 } });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['order-templates'];
    const actor = (req: FastifyRequest) => {
      const a = acting(req);
      return { clientId: a.client.id, isAdmin: a.user.userType === USER_TYPE.admin };
    };

    r.post('/api/order-template/data/list', { schema: { tags, body: ZTemplateListRequest, response: { 200: ZTemplateListResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.list(acting(req).client.id, req.body.options)),
    }));

    r.get('/api/order-template/data/:id', { schema: { tags, params: ZTemplateIdParams, response: { 200: ZTemplateDetailResponse } } }, async (req) => ({
      success: true as const,
      data: await service.get(acting(req).client.id, req.params.id),
    }));

    // One call for both the editor's save (with an address) and the list card's settings update.
    r.post('/api/order-template', { schema: { tags, body: ZTemplatePostRequest, response: { 200: ZTemplateDetailResponse } } }, async (req) => {
      const body = req.body;
      if (body.kind === 'settings') {
        return { success: true as const, message: t.settingsUpdated, data: await service.updateSettings(actor(req), body.data.uniqueId, body.data.options) };
      }
      return { success: true as const, message: t.saved, data: await service.save(actor(req), body) };
    });

    r.put(
      '/api/order-template/upload-photo/:uniqueId',
      { schema: { tags, consumes: ['multipart/form-data'], params: ZTemplateUniqueIdParams, response: { 200: ZTemplateLogoResponse } } },
      async (req) => {
        const file = await readLogoFile(req);
        return { success: true as const, logo: await service.uploadLogo(acting(req).client.id, req.params.uniqueId, file) };
      },
    );

    r.delete('/api/order-template/:id', { schema: { tags, params: ZTemplateIdParams, response: { 200: ZSuccessResponse } } }, async (req) => {
      await service.remove(acting(req).client.id, req.params.id);
      return { success: true as const, message: t.deleted };
    });
  };
}

/** The public return page's calls: no sign-in. */
export function publicReturnRoutes(service: ReturnsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['order-return'];

    r.get('/api/order/return/:uniqueId', { schema: { tags, params: ZTemplateUniqueIdParams, response: { 200: ZPublicTemplateResponse } } }, async (req) => ({
      success: true as const,
      template: await service.publicTemplate(req.params.uniqueId),
    }));

    r.post(
      '/api/order/return/:uniqueId',
      { schema: { tags, params: ZTemplateUniqueIdParams, body: ZReturnSubmission, response: { 200: ZReturnSubmissionResponse } } },
      async (req) => ({
        success: true as const,
        message: t.returnSent,
        reference: await service.submit(req.params.uniqueId, req.ip, req.body),
      }),
    );

    // The logo: its own type, never sniffed, and a policy that runs nothing even when opened directly.
    r.get(
      '/api/order/return/:uniqueId/logo',
      {
        schema: { tags, params: ZTemplateUniqueIdParams },
        onSend: async (_req, reply, payload) => {
          if (reply.statusCode === 200) {
            reply.header('content-security-policy', LOGO_CSP);
            reply.header('cache-control', 'public, max-age=86400');
          }
          return payload;
        },
      },
      async (req, reply) => {
        const logo = await service.logo(req.params.uniqueId);
        if (!logo) throw new AppError(404, messages.common.notFound, 'notFound');
        return reply.header('content-type', logo.type).header('x-content-type-options', 'nosniff').header('content-disposition', 'inline; filename="logo"').send(logo.logo);
      },
    );
  };
}
