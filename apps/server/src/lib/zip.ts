import yauzl from 'yauzl';
import yazl from 'yazl';

/** A ZIP archive made of a few named files (yazl), as one buffer. */
export function zipOf(files: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data, 'utf8'), f.name, { mtime: new Date(0) });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

export class ZipReadError extends Error {}

/** Caps on what a received archive may unpack to (a ZIP bomb is refused before it is inflated). */
export type ZipLimits = { maxEntries: number; maxTotalBytes: number };
export const ZIP_LIMITS: ZipLimits = { maxEntries: 20, maxTotalBytes: 50 * 1024 * 1024 };

/**
 * The files of a received archive by name (yauzl): the declared sizes are checked against the caps
 * before any inflating, and yauzl checks each file's real size against its declaration while
 * inflating; directories are skipped; a name with a path ('../x') is refused.
 */
export function readZip(buffer: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(new ZipReadError(`not a zip: ${err?.message ?? 'empty'}`));
      const files = new Map<string, Buffer>();
      let declared = 0;
      let count = 0;
      const fail = (why: string) => {
        zip.close();
        reject(new ZipReadError(why));
      };
      zip.on('error', (e: Error) => fail(`bad zip: ${e.message}`));
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        count += 1;
        declared += entry.uncompressedSize;
        if (count > limits.maxEntries) return fail('too many files');
        if (declared > limits.maxTotalBytes) return fail('unpacks too large');
        if (entry.fileName.includes('/') || entry.fileName.includes('\\') || entry.fileName.includes('..')) return fail(`a file in a folder: ${entry.fileName}`);
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(`unreadable file: ${e?.message ?? entry.fileName}`);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', (se: Error) => fail(`unreadable file: ${se.message}`));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
