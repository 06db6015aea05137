import {
  ZInvoiceIdParams,
  ZInvoiceListQuery,
  ZInvoiceListResponse,
  ZInvoicingSettingsRequest,
  ZInvoicingSettingsResponse,
  ZSettleResponse,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { InvoiceDocuments } from './invoice-documents.js';
import type { InvoicingService } from './invoicing-service.js';

const ZSavedSettings = ZInvoicingSettingsResponse.extend({ message: z.string() });

/** Invoicing settings, settling the account and invoice PDFs (spec 000 section 7), and the invoices page's documents, for the acting client. */
export function invoicingRoutes(service: InvoicingService, documents: InvoiceDocuments) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['invoicing'];

    r.get('/api/user/settings/invoicing', { schema: { tags, response: { 200: ZInvoicingSettingsResponse } } }, async (req) => ({
      success: true as const,
      settings: await service.settings(acting(req).client),
    }));

    r.post('/api/user/settings/invoicing', { schema: { tags, body: ZInvoicingSettingsRequest, response: { 200: ZSavedSettings } } }, async (req) => ({
      success: true as const,
      message: messages.invoicing.settingsSaved,
      settings: await service.saveSettings(acting(req).client, req.body.settings),
    }));

    r.post('/api/user/settle-account-finances', { schema: { tags, response: { 200: ZSettleResponse } } }, async (req) => ({
      success: true as const,
      message: messages.invoicing.settled,
      ...(await service.settle(acting(req).client)),
    }));

    r.get('/api/user/invoices', { schema: { tags, querystring: ZInvoiceListQuery, response: { 200: ZInvoiceListResponse } } }, async (req) =>
      documents.list(acting(req).client, req.query),
    );

    r.get('/api/invoice/print/:id', { schema: { tags, params: ZInvoiceIdParams } }, async (req, reply) => {
      const { fileName, bytes } = await documents.print(acting(req).client, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    });

    r.get('/api/invoice/annex/:id', { schema: { tags, params: ZInvoiceIdParams } }, async (req, reply) => {
      const { fileName, stream } = await documents.annex(acting(req).client, req.params.id);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    });

    r.get('/api/user/invoices/:id/pdf', { schema: { tags, params: ZInvoiceIdParams } }, async (req, reply) => {
      const { fileName, bytes } = await service.pdf(acting(req).client, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    });
  };
}
