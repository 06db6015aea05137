import {
  ZActivatePaymentRequest,
  ZAdminPaymentsQuery,
  ZPayableInvoicesQuery,
  ZPayableInvoicesResponse,
  ZAdminPaymentsResponse,
  ZAuditLogQuery,
  ZAuditLogResponse,
  ZCompaniesResponse,
  ZPaymentActionResponse,
  ZRecordPaymentRequest,
  ZRevertPaymentRequest,
  ZTriggerInvoiceRequest,
  ZTriggerInvoiceResponse,
  balanceAdminMessages as m,
  messages,
  pageOffset,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { leiToBani } from '../../lib/money.js';
import { adminScope } from '../../plugins/acting.js';
import { auditNote } from '../../plugins/audit.js';
import { isClientAccount } from '../auth/index.js';
import { invoiceSummary, type InvoicingService } from '../invoicing/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { AdminBalanceService } from './admin-balance-service.js';

const tags = ['admin'];

/**
 * The admin's balance calls (issue 17; spec 002 section 7 "Balance"): invoicing a client now,
 * the advance invoice of its top-ups, the payments of postpaid invoices, the platform's
 * companies and the audit log. Admins only (adminScope); every call is written in the audit log.
 */
export const adminBalanceRoutes = (deps: { balance: AdminBalanceService; invoicing: InvoicingService; payments: PaymentsService }) =>
  async (app: FastifyInstance) => {
    adminScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;

    /** The client named by selectedClient: a client account, or 404. */
    async function clientId(id: number) {
      if (!(await isClientAccount(db, id))) throw notFound(messages.profile.clientNotFound);
      return id;
    }

    r.post(
      '/api/admin/trigger-invoice',
      { schema: { tags, body: ZTriggerInvoiceRequest, response: { 200: ZTriggerInvoiceResponse } } },
      async (req) => {
        const invoice = await deps.invoicing.invoiceNow(await clientId(req.body.selectedClient));
        auditNote(req, { details: { invoiceId: invoice.id, totalBani: invoice.totalBani } });
        return { success: true as const, message: m.invoiceIssued, invoice: invoiceSummary(invoice) };
      },
    );

    r.post(
      '/api/admin/trigger-invoice/pre-pay',
      { schema: { tags, body: ZTriggerInvoiceRequest, response: { 200: ZTriggerInvoiceResponse } } },
      async (req) => {
        const invoice = await deps.invoicing.invoiceAdvancesNow(await clientId(req.body.selectedClient));
        auditNote(req, { details: { invoiceId: invoice.id, totalBani: invoice.totalBani } });
        return { success: true as const, message: m.prepayInvoiceIssued, invoice: invoiceSummary(invoice) };
      },
    );

    r.get('/api/admin/payments', { schema: { tags, querystring: ZAdminPaymentsQuery, response: { 200: ZAdminPaymentsResponse } } }, async (req) => {
      const id = await clientId(req.query.selectedClient);
      return { success: true as const, ...(await deps.payments.list(id, { limit: req.query.limit, offset: pageOffset(req.query) })) };
    });

    r.get('/api/admin/payments/invoices', { schema: { tags, querystring: ZPayableInvoicesQuery, response: { 200: ZPayableInvoicesResponse } } }, async (req) => {
      const id = await clientId(req.query.selectedClient);
      return { success: true as const, list: await deps.payments.payable(id) };
    });

    r.post('/api/admin/payments', { schema: { tags, body: ZRecordPaymentRequest, response: { 200: ZPaymentActionResponse } } }, async (req) => {
      const { selectedClient, ...input } = req.body;
      const payment = await deps.payments.record(req.user!.id, await clientId(selectedClient), input);
      auditNote(req, { details: { paymentId: payment.id } });
      return { success: true as const, message: m.paymentRecorded, payment };
    });

    r.post('/api/admin/activate-payment', { schema: { tags, body: ZActivatePaymentRequest, response: { 200: ZPaymentActionResponse } } }, async (req) => {
      auditNote(req, { clientId: await deps.payments.ownerOf(req.body.id) });
      const { payment } = await deps.payments.activate(req.user!.id, req.body.id);
      auditNote(req, { details: { amountBani: payment.amountBani } });
      return { success: true as const, message: m.paymentActivated, payment };
    });

    r.post('/api/admin/revert-payment', { schema: { tags, body: ZRevertPaymentRequest, response: { 200: ZPaymentActionResponse } } }, async (req) => {
      auditNote(req, { clientId: await deps.payments.ownerOf(req.body.id) });
      const amountBani = leiToBani(req.body.amount);
      const { payment } = await deps.payments.revert(req.user!.id, req.body.id, amountBani);
      auditNote(req, { details: { revertedBani: amountBani, leftBani: payment.leftBani } });
      return { success: true as const, message: m.paymentReverted, payment };
    });

    r.get('/api/admin/companies', { schema: { tags, response: { 200: ZCompaniesResponse } } }, async () => ({
      success: true as const,
      list: await deps.balance.companies(),
    }));

    r.get('/api/admin/audit-log', { schema: { tags, querystring: ZAuditLogQuery, response: { 200: ZAuditLogResponse } } }, async (req) => ({
      success: true as const,
      ...(await deps.balance.auditLog(req.query)),
    }));
  };
