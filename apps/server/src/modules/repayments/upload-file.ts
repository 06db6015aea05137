import { createHash } from 'node:crypto';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';

export type UploadTexts = { noFile: string; oneFile: string; tooLarge: string };

/** An upload's file as it arrives, chunk by chunk. */
export type FileStream = AsyncIterable<Buffer>;

/**
 * The one file of a multipart body (field 'file'), handed to `consume` as a stream while it
 * arrives (issue 24: large uploads are not held whole). The stream throws at its end when the file
 * was over the scope's size limit (413) or empty (400); `rest` reads the body after the file and
 * throws when it holds a second file: the consumer calls it before it commits anything. The texts
 * are the caller's.
 */
export async function streamOneFile<T>(
  req: FastifyRequest,
  t: UploadTexts,
  consume: (file: FileStream, name: string | null, rest: () => Promise<void>) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw badRequest(t.noFile, 'notMultipart', { file: t.noFile });
  const parts = req.parts()[Symbol.asyncIterator]();
  const next = async (): Promise<Multipart | null> => {
    try {
      const n = await parts.next();
      return n.done ? null : n.value;
    } catch (err) {
      throw uploadError(err, t);
    }
  };
  for (let part = await next(); part; part = await next()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') throw badRequest(t.oneFile, 'tooManyFiles', { file: t.oneFile });
    const file: MultipartFile = part;
    const rest = async () => {
      for (let more = await next(); more; more = await next()) if (more.type === 'file') throw badRequest(t.oneFile, 'tooManyFiles', { file: t.oneFile });
    };
    const chunks = (file.file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    try {
      return await consume(chunksOf(file, chunks, t), file.filename || null, rest);
    } catch (err) {
      // A file refused before its end: the rest of it is read and dropped (the answer goes out), and one over the size limit is said so first.
      try {
        while (!(await chunks.next()).done);
      } catch {
        // the body broke off: the refusal stands
      }
      if (file.file.truncated) throw new AppError(413, t.tooLarge, 'fileTooLarge', { file: t.tooLarge });
      throw err;
    }
  }
  throw badRequest(t.noFile, 'noFile', { file: t.noFile });
}

/** The file's chunks; read by next() only, so a reader that stops early leaves the rest to be drained. */
async function* chunksOf(part: MultipartFile, chunks: AsyncIterator<Buffer>, t: UploadTexts): AsyncGenerator<Buffer> {
  let bytes = 0;
  for (;;) {
    let n: IteratorResult<Buffer>;
    try {
      n = await chunks.next();
    } catch (err) {
      throw uploadError(err, t);
    }
    if (n.done) break;
    bytes += n.value.length;
    yield n.value;
  }
  if (part.file.truncated) throw new AppError(413, t.tooLarge, 'fileTooLarge', { file: t.tooLarge });
  if (bytes === 0) throw badRequest(t.noFile, 'noFile', { file: t.noFile });
}

function uploadError(err: unknown, t: UploadTexts): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, t.tooLarge, 'fileTooLarge', { file: t.tooLarge });
  if (code === 'FST_FILES_LIMIT') return badRequest(t.oneFile, 'tooManyFiles', { file: t.oneFile });
  return badRequest(t.noFile, 'invalidUpload', { file: t.noFile });
}

/**
 * The stream with its SHA-256 taken as it passes; `finish` reads what its reader left unread (a
 * workbook's last bytes) so `digest` is the whole file's.
 */
export function hashing(file: FileStream) {
  const hash = createHash('sha256');
  const it = file[Symbol.asyncIterator]();
  const step = async () => {
    const n = await it.next();
    if (!n.done) hash.update(n.value);
    return n;
  };
  // No return(): a reader that stops early leaves the rest for finish().
  const stream: FileStream = { [Symbol.asyncIterator]: () => ({ next: step }) };
  return {
    stream,
    async finish() {
      while (!(await step()).done);
    },
    digest: () => hash.digest('hex'),
  };
}
