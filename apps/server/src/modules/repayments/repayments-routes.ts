import multipart from '@fastify/multipart';
import {
  REPAYMENT_REPORT_MAX_BYTES,
  REPAYMENT_REPORT_MESSAGES as t,
  UPLOAD_ID_HEADER,
  ZRepaymentReportParams,
  ZRepaymentReportUploadResponse,
  ZUploadProgressParams,
  ZUploadProgressResponse,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope } from '../../plugins/acting.js';
import type { RepaymentsService } from './repayments-service.js';
import { notFound } from '../../lib/errors.js';
import { streamOneFile } from './upload-file.js';
import type { UploadProgressStore } from './upload-progress.js';

/** The admins' repayment calls (issue 15): a courier's report file taken in; how far an upload has come (issue 24). */
export const repaymentsAdminRoutes = (service: RepaymentsService, uploads: UploadProgressStore) => async (app: FastifyInstance) => {
  adminScope(app);
  await app.register(multipart, { limits: { fileSize: REPAYMENT_REPORT_MAX_BYTES, files: 2, fields: 5, parts: 8, headerPairs: 50 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/repayments/reports/:courier',
    { schema: { tags: ['repayments'], consumes: ['multipart/form-data'], params: ZRepaymentReportParams, response: { 200: ZRepaymentReportUploadResponse } } },
    async (req) => {
      const progress = await uploads.start(req.user!.id, req.headers[UPLOAD_ID_HEADER]);
      try {
        const result = await streamOneFile(req, t, (file, name, rest) => service.uploadReport(req.user!.id, req.params.courier, file, name, { rest, progress }));
        return { success: true as const, message: result.imported ? t.imported : t.alreadyImported, result: { ...result, flagged: result.flagged as Record<string, number> } };
      } finally {
        await progress.end();
      }
    },
  );

  r.get(
    '/api/admin/uploads/:uploadId/progress',
    { schema: { tags: ['repayments'], params: ZUploadProgressParams, response: { 200: ZUploadProgressResponse } } },
    async (req) => {
      const progress = await uploads.get(req.user!.id, req.params.uploadId);
      if (!progress) throw notFound();
      return { success: true as const, progress };
    },
  );
};
