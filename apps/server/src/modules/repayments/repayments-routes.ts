import multipart from '@fastify/multipart';
import { REPAYMENT_REPORT_MAX_BYTES, REPAYMENT_REPORT_MESSAGES as t, ZRepaymentReportParams, ZRepaymentReportUploadResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope } from '../../plugins/acting.js';
import type { RepaymentsService } from './repayments-service.js';
import { readOneFile } from './upload-file.js';

/** The admins' repayment calls (issue 15): a courier's report file taken in. */
export const repaymentsAdminRoutes = (service: RepaymentsService) => async (app: FastifyInstance) => {
  adminScope(app);
  await app.register(multipart, { limits: { fileSize: REPAYMENT_REPORT_MAX_BYTES, files: 2, fields: 5, parts: 8, headerPairs: 50 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/repayments/reports/:courier',
    { schema: { tags: ['repayments'], consumes: ['multipart/form-data'], params: ZRepaymentReportParams, response: { 200: ZRepaymentReportUploadResponse } } },
    async (req) => {
      const { file, name } = await readOneFile(req, t);
      const result = await service.uploadReport(req.user!.id, req.params.courier, file, name);
      return { success: true as const, message: result.imported ? t.imported : t.alreadyImported, result: { ...result, flagged: result.flagged as Record<string, number> } };
    },
  );
};
