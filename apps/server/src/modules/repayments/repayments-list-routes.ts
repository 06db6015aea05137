import {
  ZRepaymentCompaniesResponse,
  ZRepaymentCompanyQuery,
  ZRepaymentExportEmailResponse,
  ZRepaymentExportRequest,
  ZRepaymentListRequest,
  ZRepaymentListResponse,
  ZAwaitingRepayment,
  ZBankAccount,
  ZRepaymentAwaitingRequest,
  ZRepaymentSheetIdParams,
  ZRepaymentSheetsRequest,
  ZSheet,
  ZSheetAmounts,
  ZSheetInfo,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acting, adminScope, authenticatedScope } from '../../plugins/acting.js';
import type { RepaymentsListService } from './repayments-list.js';
import type { RepaymentSheetsService } from './repayments-sheets.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZBankAccountsResponse = z.object({ success: z.literal(true), list: z.array(ZBankAccount) });
const ZSheetsResponse = z.object({ success: z.literal(true), list: z.array(ZSheet), count: z.number().int() });
const ZSheetAmountsResponse = ZSheetAmounts.extend({ success: z.literal(true) });
const ZSheetInfoResponse = ZSheetInfo.extend({ success: z.literal(true) });
const ZAwaitingResponse = z.object({ success: z.literal(true), list: z.array(ZAwaitingRepayment) });

/** The repayments list, its export and the client's accounts (spec 002 section 7 "Repayments"), for the acting client. */
export const repaymentsListRoutes = (service: RepaymentsListService, sheets: RepaymentSheetsService) => async (app: FastifyInstance) => {
  authenticatedScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['repayments'];

  r.post('/api/user/repayments/list', { schema: { tags, body: ZRepaymentListRequest, response: { 200: ZRepaymentListResponse } } }, async (req) =>
    service.list(acting(req), req.body),
  );

  r.post('/api/user/repayments/bank-accounts', { schema: { tags, response: { 200: ZBankAccountsResponse } } }, async (req) => ({
    success: true as const,
    list: await service.bankAccounts(acting(req)),
  }));

  r.post('/api/user/repayments/sheet/download', { schema: { tags, body: ZRepaymentExportRequest } }, async (req, reply) => {
    const { fileName, stream } = await service.exportFile(acting(req), req.body);
    return reply.type(XLSX).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(stream);
  });

  r.post(
    '/api/user/repayments/sheet/email',
    { schema: { tags, body: ZRepaymentExportRequest, response: { 200: ZRepaymentExportEmailResponse } } },
    async (req) => {
      await service.exportEmail(acting(req), req.body);
      return { success: true as const, message: messages.repayments.exportMailed };
    },
  );

  r.post('/api/user/repayments/sheets', { schema: { tags, body: ZRepaymentSheetsRequest, response: { 200: ZSheetsResponse } } }, async (req) => ({
    success: true as const,
    ...(await sheets.sheets(acting(req).client.id, req.body)),
  }));

  r.post('/api/user/repayments/sheets-amount', { schema: { tags, body: ZRepaymentSheetsRequest, response: { 200: ZSheetAmountsResponse } } }, async (req) => ({
    success: true as const,
    ...(await sheets.amounts(acting(req).client.id)),
  }));

  r.get('/api/user/repayments/sheet/info/:sheetId', { schema: { tags, params: ZRepaymentSheetIdParams, response: { 200: ZSheetInfoResponse } } }, async (req) => ({
    success: true as const,
    ...(await sheets.info(acting(req).client.id, req.params.sheetId)),
  }));

  r.post('/api/user/repayments/awaiting-list', { schema: { tags, body: ZRepaymentAwaitingRequest, response: { 200: ZAwaitingResponse } } }, async (req) => ({
    success: true as const,
    list: await sheets.awaiting(acting(req).client.id),
  }));
};

/** The admins' company selector of the repayments list: companies (billing data) by name, with their client. */
export const repaymentsAdminListRoutes = (service: RepaymentsListService) => async (app: FastifyInstance) => {
  adminScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/repayments/companies', { schema: { tags: ['repayments'], querystring: ZRepaymentCompanyQuery, response: { 200: ZRepaymentCompaniesResponse } } }, async (req) => ({
    success: true as const,
    list: await service.companies(req.query.search),
  }));
};
