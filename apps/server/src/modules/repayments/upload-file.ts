import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';

export type UploadTexts = { noFile: string; oneFile: string; tooLarge: string };

/** The one file of a multipart body (field 'file'), within the scope's size limit; the texts are the caller's. */
export async function readOneFile(req: FastifyRequest, t: UploadTexts): Promise<{ file: Buffer; name: string | null }> {
  if (!req.isMultipart()) throw badRequest(t.noFile, 'notMultipart', { file: t.noFile });
  let found: { file: Buffer; name: string | null } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (found || part.fieldname !== 'file') throw badRequest(t.oneFile, 'tooManyFiles', { file: t.oneFile });
      found = { file: await part.toBuffer(), name: part.filename || null };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, t.tooLarge, 'fileTooLarge', { file: t.tooLarge });
    if (code === 'FST_FILES_LIMIT') throw badRequest(t.oneFile, 'tooManyFiles', { file: t.oneFile });
    if (err instanceof AppError) throw err;
    throw badRequest(t.noFile, 'invalidUpload', { file: t.noFile });
  }
  if (!found || found.file.length === 0) throw badRequest(t.noFile, 'noFile', { file: t.noFile });
  return found;
}
