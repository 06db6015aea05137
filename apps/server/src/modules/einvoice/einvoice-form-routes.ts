import { AVAILABLE_CURRENCIES, einvoiceFormMessages, ZAvailableCurrenciesResponse, ZInvoiceFormRequest, ZInvoiceFormResponse, ZParticipationResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { InvoiceFormService } from './einvoice-form.js';

/** 'Trimite factura' (issue 26; spec 002 section 7): the currencies, the participation request and the invoice form's submit. */
export function invoiceFormRoutes(form: InvoiceFormService) {
  const tags = ['einvoice'];
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      authenticatedScope(scope);
      const r = scope.withTypeProvider<ZodTypeProvider>();
      r.get('/api/user/available-currencies', { schema: { tags, response: { 200: ZAvailableCurrenciesResponse } } }, async () => ({ success: true as const, list: [...AVAILABLE_CURRENCIES] }));
      r.post('/api/user/invoicing-system/send-request-to-participate', { schema: { tags, response: { 200: ZParticipationResponse } } }, async (req) => {
        await form.participate(acting(req).client);
        return { success: true as const, message: einvoiceFormMessages.participationSent };
      });
      // The body's own rules answer 400 through the error handler (code 'validation'); a fatal finding of the official rules answers 400 (ZInvoiceFormRulesError, code 'rules') beside the form's fields; a valid document is queued (the same number twice: the first).
      r.post('/api/user/invoicing-system/invoice', { schema: { tags, body: ZInvoiceFormRequest, response: { 200: ZInvoiceFormResponse } } }, async (req) => {
        const outcome = await form.create(acting(req).client, req.body);
        if (!outcome.ok) throw new AppError(400, outcome.error.message, 'rules', outcome.error.errors, outcome.error.findings);
        return { success: true as const, invoicingSystemId: outcome.id, message: einvoiceFormMessages.sent };
      });
    });
  };
}
