import multipart from '@fastify/multipart';
import {
  CUSTOMER_IMPORT_MAX_BYTES,
  messages,
  ZCustomerIdParams,
  ZCustomerImportPreviewResponse,
  ZCustomerImportRequest,
  ZCustomerImportResponse,
  ZCustomerInput,
  ZCustomerInvoicesResponse,
  ZCustomerListRequest,
  ZCustomerListResponse,
  ZCustomerResponse,
  ZCustomerShipmentsQuery,
  ZCustomerShipmentsResponse,
  ZSuccessResponse,
} from '@colete/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/errors.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { CustomersService } from './customers-service.js';

const m = messages.customers;

/** The one `file` part of an import, at most CUSTOMER_IMPORT_MAX_BYTES; a second file or a bigger one is refused. */
async function readImportUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(m.importNoFile, 'notMultipart', { file: m.importNoFile });
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (file || part.fieldname !== 'file') throw badRequest(m.importOneFile, 'tooManyFiles', { file: m.importOneFile });
      file = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, m.importTooLarge, 'fileTooLarge', { file: m.importTooLarge });
    if (code === 'FST_FILES_LIMIT') throw badRequest(m.importOneFile, 'tooManyFiles', { file: m.importOneFile });
    if (err instanceof AppError) throw err;
    throw badRequest(m.importNoFile, 'invalidUpload', { file: m.importNoFile });
  }
  if (!file || file.length === 0) throw badRequest(m.importNoFile, 'noFile', { file: m.importNoFile });
  return file;
}

/** The customer book ('Lista clienti', spec 002 sections 2.8 and 7; issue 27), always the acting client's. */
export const customersRoutes = (service: CustomersService) => async (app: FastifyInstance) => {
  authenticatedScope(app);
  await app.register(multipart, { limits: { fileSize: CUSTOMER_IMPORT_MAX_BYTES, files: 2, fields: 5, parts: 8, headerPairs: 50 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const client = (req: FastifyRequest) => acting(req).client.id;

  r.post('/api/user/customer/list', { schema: { tags, body: ZCustomerListRequest, response: { 200: ZCustomerListResponse } } }, async (req) => ({
    success: true as const,
    ...(await service.list(client(req), req.body)),
  }));

  r.post('/api/user/customer', { schema: { tags, body: ZCustomerInput, response: { 200: ZCustomerResponse } } }, async (req) => ({
    success: true as const,
    message: m.saved,
    customer: await service.create(client(req), req.body),
  }));

  r.get('/api/user/customer/:id', { schema: { tags, params: ZCustomerIdParams, response: { 200: ZCustomerResponse } } }, async (req) => ({
    success: true as const,
    customer: await service.get(client(req), req.params.id),
  }));

  r.put('/api/user/customer/:id', { schema: { tags, params: ZCustomerIdParams, body: ZCustomerInput, response: { 200: ZCustomerResponse } } }, async (req) => ({
    success: true as const,
    message: m.updated,
    customer: await service.update(client(req), req.params.id, req.body),
  }));

  r.delete('/api/user/customer/:id', { schema: { tags, params: ZCustomerIdParams, response: { 200: ZSuccessResponse } } }, async (req) => {
    await service.remove(client(req), req.params.id);
    return { success: true as const, message: m.deleted };
  });

  r.get(
    '/api/user/customer/:id/shipments',
    { schema: { tags, params: ZCustomerIdParams, querystring: ZCustomerShipmentsQuery, response: { 200: ZCustomerShipmentsResponse } } },
    async (req) => ({ success: true as const, ...(await service.shipments(client(req), req.params.id, req.query)) }),
  );

  r.get('/api/user/customer/:id/invoices', { schema: { tags, params: ZCustomerIdParams, response: { 200: ZCustomerInvoicesResponse } } }, async (req) => ({
    success: true as const,
    list: await service.invoices(client(req), req.params.id),
  }));

  r.post(
    '/api/user/customer/import/preview',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZCustomerImportPreviewResponse } } },
    async (req) => ({ success: true as const, ...(await service.importPreview(client(req), await readImportUpload(req))) }),
  );

  r.post('/api/user/customer/import', { schema: { tags, body: ZCustomerImportRequest, response: { 200: ZCustomerImportResponse } } }, async (req) => ({
    success: true as const,
    ...(await service.importRows(client(req), req.body.rows)),
  }));
};
