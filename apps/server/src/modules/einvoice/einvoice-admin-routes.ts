import { ZEInvoiceDeadlinesQuery, ZEInvoiceDeadlinesResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope } from '../../plugins/acting.js';
import type { SentDeadlinesService } from './einvoice-deadlines.js';

/** The admins' side of e-invoicing (issue 26): every company's documents near or past their legal deadline. Admins only (a client 403). */
export function einvoiceAdminRoutes(deadlines: SentDeadlinesService) {
  return async (app: FastifyInstance) => {
    adminScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/admin/einvoice/deadlines', { schema: { tags: ['admin', 'einvoice'], querystring: ZEInvoiceDeadlinesQuery, response: { 200: ZEInvoiceDeadlinesResponse } } }, async (req) => deadlines.list(req.query));
  };
}
