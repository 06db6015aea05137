import {
  EINVOICE_RETURN_PARAM,
  EINVOICE_RETURN_TARGETS,
  ZEInvoiceCallbackQuery,
  ZEInvoicePrepareRequest,
  ZEInvoicePrepareResponse,
  ZVatValuesResponse,
  ZReceivedDownloadParams,
  ZReceivedInvoicesRequest,
  ZReceivedInvoicesResponse,
  ZReceivedWarningRequest,
  ZReceivedStatusRequest,
  ZReceivedInvoiceParams,
  ZReceivedInvoiceResponse,
  ZReceivedStatusResponse,
  RECEIVED_MESSAGES,
  EINVOICE_COMPANY_MESSAGES,
  ZEInvoiceCompaniesResponse,
  ZEInvoiceCompanyParams,
  SUPPLIER_MESSAGES,
  ZOutgoingListRequest,
  ZOutgoingListResponse,
  ZSentDownloadParams,
  ZSentInvoiceParams,
  ZSentReprocessRequest,
  ZSentStatusDetailsResponse,
  SENT_TEXTS,
  ZMarkSentMessageRequest,
  ZMarkSentMessagesRequest,
  ZMarkSentMessageResponse,
} from '@colete/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EINVOICE_CALLBACK_PATH } from '../../integrations/e-invoicing/einvoice-auth.js';
import { vatValuesAt } from '../../lib/vat.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { EInvoiceCompaniesService } from './einvoice-companies.js';
import type { ReceivedInvoicesService } from './einvoice-received.js';
import type { SentInvoicesService } from './einvoice-sent-list.js';
import type { EInvoiceService } from './einvoice-service.js';

/**
 * Connecting a billing entry to e-Factura (spec 000 section 7): prepare answers the consent
 * page's url, the consent page sends the browser back to the callback, which goes on to the list.
 */
export function einvoiceRoutes(service: EInvoiceService, opts: { publicUrl?: string; now?: () => Date; received: ReceivedInvoicesService; companies: EInvoiceCompaniesService; sent: SentInvoicesService }) {
  /** The registered redirect_uri: the public address when configured, otherwise this request's own. */
  const redirectUri = (req: FastifyRequest) =>
    new URL(EINVOICE_CALLBACK_PATH, opts.publicUrl ?? `${req.protocol}://${req.host}`).toString();
  const tags = ['einvoice'];

  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      authenticatedScope(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/user/invoicing-system/connect/prepare',
        { schema: { tags, body: ZEInvoicePrepareRequest, response: { 200: ZEInvoicePrepareResponse } } },
        async (req) => {
          const { user, client } = acting(req);
          return { success: true as const, url: await service.prepare(user.id, client.id, req.body, redirectUri(req)) };
        },
      );

      // Issue 25, 'Management firme': the client's connected companies; one renewed now, or deleted.
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/api/user/invoicing-system/companies',
        { schema: { tags, response: { 200: ZEInvoiceCompaniesResponse } } },
        async (req) => ({ success: true as const, list: await opts.companies.list(acting(req).client) }),
      );
      scope.withTypeProvider<ZodTypeProvider>().delete(
        '/api/user/invoicing-system/company/:fiscalSubaccountNumber',
        { schema: { tags, params: ZEInvoiceCompanyParams, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } } },
        async (req) => {
          await opts.companies.remove(acting(req).client, req.params.fiscalSubaccountNumber);
          return { success: true as const, message: EINVOICE_COMPANY_MESSAGES.deleted };
        },
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/user/invoicing-system/company/:fiscalSubaccountNumber/refresh',
        { schema: { tags, params: ZEInvoiceCompanyParams, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } } },
        async (req) => {
          await opts.companies.refresh(acting(req).client, req.params.fiscalSubaccountNumber);
          return { success: true as const, message: EINVOICE_COMPANY_MESSAGES.refreshed };
        },
      );

      // Issue 25: the received invoices of one of the client's connected companies, 100 a page.
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/user/invoicing-system/received-invoices',
        { schema: { tags, body: ZReceivedInvoicesRequest, response: { 200: ZReceivedInvoicesResponse } } },
        async (req) => opts.received.list(acting(req).client, req.body),
      );
      // A move of the account type's machine; a rejection's comment goes to the supplier through e-Factura.
      scope.withTypeProvider<ZodTypeProvider>().patch(
        '/api/user/invoicing-system/invoice/status',
        { schema: { tags, body: ZReceivedStatusRequest, response: { 200: ZReceivedStatusResponse } } },
        async (req) => {
          const moved = await opts.received.changeStatus(acting(req).client, req.body);
          return { success: true as const, changeStatus: { success: true as const }, messageSend: moved.messageSend, status: moved.status, message: moved.status === 'supplier_force_accept' ? SUPPLIER_MESSAGES.supplierAdded : RECEIVED_MESSAGES.statusChanged };
        },
      );
      // 'Am luat la cunostinta': a warning acknowledged once.
      scope.withTypeProvider<ZodTypeProvider>().patch(
        '/api/user/invoicing-system/change/warning/status',
        { schema: { tags, body: ZReceivedWarningRequest, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } } },
        async (req) => {
          await opts.received.acknowledgeWarning(acting(req).client, req.body);
          return { success: true as const, message: RECEIVED_MESSAGES.warningChanged };
        },
      );
      // One invoice with its document read from the XML: its page.
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/api/user/invoicing-system/received-invoice/:receivedInvoiceId',
        { schema: { tags, params: ZReceivedInvoiceParams, response: { 200: ZReceivedInvoiceResponse } } },
        async (req) => opts.received.get(acting(req).client, req.params.receivedInvoiceId),
      );
      // The signed ZIP as received, its XML, or the supplier's PDF (ours from the XML when it has none).
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/api/user/invoicing-system/received-invoice/download/:receivedInvoiceId/:kind',
        { schema: { tags, params: ZReceivedDownloadParams } },
        async (req, reply) => {
          const file = await opts.received.download(acting(req).client, req.params.receivedInvoiceId, req.params.kind);
          return reply.type(file.type).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.data);
        },
      );

      // Issue 26: the documents a connected company sent through e-Factura (the platform's own invoices), 100 a page.
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/user/invoicing-system/outgoing-list',
        { schema: { tags, body: ZOutgoingListRequest, response: { 200: ZOutgoingListResponse } } },
        async (req) => opts.sent.list(acting(req).client, req.body),
      );
      // Spec 002 section 7: a buyer's message, or several, marked read (only the acting client's company's).
      scope.withTypeProvider<ZodTypeProvider>().put(
        '/api/user/invoicing-system/outgoing-list/mark-message-as-read',
        { schema: { tags, body: ZMarkSentMessageRequest, response: { 200: ZMarkSentMessageResponse } } },
        async (req) => {
          await opts.sent.markRead(acting(req).client, [req.body.messageId]);
          return { success: true as const };
        },
      );
      scope.withTypeProvider<ZodTypeProvider>().put(
        '/api/user/invoicing-system/outgoing-list/mark-message-as-read/bulk',
        { schema: { tags, body: ZMarkSentMessagesRequest, response: { 200: ZMarkSentMessageResponse } } },
        async (req) => {
          await opts.sent.markRead(acting(req).client, req.body.messageIds);
          return { success: true as const };
        },
      );
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/api/user/invoicing-system/status-details/:invoiceId',
        { schema: { tags, params: ZSentInvoiceParams, response: { 200: ZSentStatusDetailsResponse } } },
        async (req) => opts.sent.statusDetails(acting(req).client, req.params.invoiceId),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/user/invoicing-system/status-details/:invoiceId/reprocess',
        { schema: { tags, params: ZSentInvoiceParams, body: ZSentReprocessRequest, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } } },
        async (req) => {
          await opts.sent.reprocess(acting(req).client, req.params.invoiceId, req.body?.buyerAddress);
          return { success: true as const, message: SENT_TEXTS.reprocessed };
        },
      );
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/api/user/invoicing-system/invoice/download/:processingId/:kind',
        { schema: { tags, params: ZSentDownloadParams } },
        async (req, reply) => {
          const file = await opts.sent.download(acting(req).client, req.params.processingId, req.params.kind);
          return reply.type(file.type).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.data);
        },
      );

      // The invoice form's VAT choices: the rates in force today, the standard one first (its default).
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/api/user/invoicing-system/vat/values',
        { schema: { tags, response: { 200: ZVatValuesResponse } } },
        async () => ({ success: true as const, list: vatValuesAt(opts.now?.() ?? new Date()).map((value) => ({ id: value, value, label: `${value}%` })) }),
      );
    });

    // A browser navigation back from the consent page: it always ends on the list page, never in JSON.
    app.withTypeProvider<ZodTypeProvider>().get(
      EINVOICE_CALLBACK_PATH,
      { schema: { tags, querystring: ZEInvoiceCallbackQuery, hide: true } },
      async (req, reply) => {
        const outcome = await service.callback(req.user?.id ?? null, req.query, redirectUri(req));
        const query = outcome.ok ? `${EINVOICE_RETURN_PARAM}=connected` : `${EINVOICE_RETURN_PARAM}=error&reason=${outcome.reason}`;
        return reply.redirect(`${EINVOICE_RETURN_TARGETS[outcome.returnTo]}?${query}`, 303);
      },
    );
  };
}
