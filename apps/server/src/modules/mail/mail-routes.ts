import { ZOutboxListResponse, ZOutboxMailResponse, ZOutboxParams, ZOutboxQuery } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { MailOutboxService } from './mail-service.js';

/** The acting account's outbox: the mail sent (or, without SMTP, only kept) for it. */
export function mailRoutes(service: MailOutboxService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['mail'];

    r.get('/api/user/mail/outbox', { schema: { tags, querystring: ZOutboxQuery, response: { 200: ZOutboxListResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.list(acting(req).client.id, req.query)),
      mode: service.mode,
    }));

    r.get('/api/user/mail/outbox/:id', { schema: { tags, params: ZOutboxParams, response: { 200: ZOutboxMailResponse } } }, async (req) => ({
      success: true as const,
      mail: await service.get(acting(req).client.id, req.params.id),
      mode: service.mode,
    }));
  };
}
