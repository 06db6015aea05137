import multipart from '@fastify/multipart';
import {
  BANK_STATEMENT_MAX_BYTES,
  BANK_STATEMENT_MESSAGES as b,
  REPAYMENT_SHEET_MESSAGES as m,
  ZChangeOrderRepaymentBody,
  ZClientIdParams,
  ZFlagParams,
  ZMarkUnprocessedBody,
  ZPayoutRunList,
  ZPayoutRunParams,
  ZPayoutRunQuery,
  ZReconciliationList,
  ZReconciliationQuery,
  ZRepaymentSuccess,
  ZResolveFlagBody,
  ZSheetIdParams,
  ZStatementUploadResponse,
  UPLOAD_ID_HEADER,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { isClientAccount } from '../auth/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { acting, adminScope, authenticatedScope } from '../../plugins/acting.js';
import type { MoneyAdmin } from './money-admin.js';
import type { PayoutService } from './payouts.js';
import type { SheetActions } from './sheet-actions.js';
import { streamOneFile } from './upload-file.js';
import type { UploadProgressStore } from './upload-progress.js';

/** An Idempotency-Key header (8-100 visible characters) makes a repeated "pay now" answer as the first; anything else is ignored. */
const idempotencyKey = (v: unknown) => (typeof v === 'string' && /^[\x21-\x7e]{8,100}$/.test(v) ? v : null);

export type PayoutRoutesDeps = { database: Database; payouts: PayoutService; sheets: SheetActions; money: MoneyAdmin; uploads: UploadProgressStore };

/**
 * The admins' money calls (issue 15, spec 002 section 7 "Repayments"): pay a client now, mark a
 * sheet unprocessed, take a bank statement in, the reconciliation flags, the payout files.
 */
export const payoutAdminRoutes = (deps: PayoutRoutesDeps) => async (app: FastifyInstance) => {
  adminScope(app);
  await app.register(multipart, { limits: { fileSize: BANK_STATEMENT_MAX_BYTES, files: 2, fields: 5, parts: 8, headerPairs: 50 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/admin/repayment/process-user-payment/:clientId',
    { schema: { tags: ['repayments'], params: ZClientIdParams, response: { 200: ZRepaymentSuccess } } },
    async (req) => {
      const { clientId } = req.params;
      if (!(await isClientAccount(deps.database.db, clientId))) throw notFound();
      const result = await deps.payouts.run({ kind: 'pay_now', clientId, requestedBy: req.user!.id, requestKey: idempotencyKey(req.headers['idempotency-key']) });
      if (!result.repeated && result.sheets === 0) throw badRequest(result.awaiting > 0 ? m.noAccount : m.nothingToPay, result.awaiting > 0 ? 'noAccount' : 'nothingToPay');
      return { success: true as const, message: m.markedForPayment };
    },
  );

  r.delete(
    '/api/admin/repayment/sheet/:id',
    { schema: { tags: ['repayments'], params: ZSheetIdParams, body: ZMarkUnprocessedBody, response: { 200: ZRepaymentSuccess } } },
    async (req) => {
      const result = await deps.sheets.markUnprocessed(req.user!.id, req.params.id, { type: req.body.type, date: req.body.date ?? null, markForPayment: req.body.markForPayment });
      return { success: true as const, message: result.message };
    },
  );

  r.post(
    '/api/admin/repayments/statements',
    { schema: { tags: ['repayments'], consumes: ['multipart/form-data'], response: { 200: ZStatementUploadResponse } } },
    async (req) => {
      const progress = await deps.uploads.start(req.user!.id, req.headers[UPLOAD_ID_HEADER]);
      try {
        const { message, result } = await streamOneFile(req, b, (file, name, rest) => deps.money.uploadStatement(req.user!.id, file, name, { rest, progress }));
        return { success: true as const, message, result };
      } finally {
        await progress.end();
      }
    },
  );

  r.get('/api/admin/repayments/reconciliation', { schema: { tags: ['repayments'], querystring: ZReconciliationQuery, response: { 200: ZReconciliationList } } }, async (req) => ({
    success: true as const,
    ...(await deps.money.flags(req.query)),
  }));

  r.post(
    '/api/admin/repayments/reconciliation/:flagId/resolve',
    { schema: { tags: ['repayments'], params: ZFlagParams, body: ZResolveFlagBody, response: { 200: ZRepaymentSuccess } } },
    async (req) => ({ success: true as const, ...(await deps.money.resolveFlag(req.user!.id, req.params.flagId, req.body.note)) }),
  );

  r.get('/api/admin/repayments/payout-runs', { schema: { tags: ['repayments'], querystring: ZPayoutRunQuery, response: { 200: ZPayoutRunList } } }, async (req) => ({
    success: true as const,
    ...(await deps.money.payoutRuns(req.query)),
  }));

  r.get('/api/admin/repayments/payout-runs/:runId/file', { schema: { tags: ['repayments'], params: ZPayoutRunParams } }, async (req, reply) => {
    const { xml, fileName } = await deps.money.payoutFile(req.params.runId);
    return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(xml);
  });
};

/** The client's call (an admin acting for the client too): the account of repayments awaiting a fix. */
export const awaitingAccountRoutes = (sheets: SheetActions) => async (app: FastifyInstance) => {
  authenticatedScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/user/repayment/change-order-repayment',
    { schema: { tags: ['repayments'], body: ZChangeOrderRepaymentBody, response: { 200: ZRepaymentSuccess } } },
    async (req) => {
      const { client } = acting(req);
      const result = await sheets.changeAccount(client.id, req.body);
      return { success: true as const, message: result.message };
    },
  );
};
