import {
  ZBalanceGeneralRequest,
  ZBalanceGeneralResponse,
  ZBalanceRequest,
  ZBalanceViewResponse,
  ZInvoiceBalanceRequest,
  ZInvoiceBalanceResponse,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { BalanceService } from './balance-service.js';

/**
 * The balance views (spec 002 section 7 "Balance"), for the acting client: a client sees their own
 * movements; an admin names the client with selectedClient (the web asks only once one is chosen).
 */
export function balanceRoutes(service: BalanceService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['balance'];

    r.post('/api/user/balance/available', { schema: { tags, body: ZBalanceRequest, response: { 200: ZBalanceViewResponse } } }, async (req) =>
      service.available(acting(req).client, req.body),
    );

    r.post('/api/user/balance/bonus', { schema: { tags, body: ZBalanceRequest, response: { 200: ZBalanceViewResponse } } }, async (req) =>
      service.bonus(acting(req).client, req.body),
    );

    r.post('/api/user/balance/invoices', { schema: { tags, body: ZInvoiceBalanceRequest, response: { 200: ZInvoiceBalanceResponse } } }, async (req) =>
      service.invoices(acting(req).client, req.body),
    );

    r.post('/api/user/balance/invoices/export', { schema: { tags, body: ZInvoiceBalanceRequest } }, async (req, reply) => {
      const { fileName, stream } = await service.exportInvoices(acting(req).client, req.body);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    });

    r.post('/api/user/balance/general', { schema: { tags, body: ZBalanceGeneralRequest.optional(), response: { 200: ZBalanceGeneralResponse } } }, async (req) =>
      service.general(acting(req).client),
    );
  };
}
