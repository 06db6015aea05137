import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from '@fast-csv/parse';
import { REPAYMENT_REPORT_MAX_BYTES, REPAYMENT_REPORT_MESSAGES as t } from '@colete/contract';
import { linesOfRecords, REPORT_COLUMNS, type CodReportLine, type CodReportShape } from '../../integrations/couriers/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { looksLikeZip, xlsxRows } from '../../lib/xlsx-read.js';
import type { FileStream } from './upload-file.js';

/** An Excel serial day (days since 1899-12-30) to YYYY-MM-DD, for date cells of an .xlsx. */
const serialDay = (v: string) => (/^\d{5}(\.\d+)?$/.test(v) ? new Date(Math.round((Number(v) - 25569) * 86_400_000)).toISOString().slice(0, 10) : v);

/** The first bytes of a stream (at least `size` unless it ends first) and the stream again from its start. */
async function peek(file: FileStream, until: (head: Buffer) => boolean): Promise<{ head: Buffer; all: AsyncGenerator<Buffer> }> {
  const it = file[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let head = Buffer.alloc(0);
  while (!until(head)) {
    const n = await it.next();
    if (n.done) break;
    taken.push(n.value);
    head = Buffer.concat([head, n.value]);
  }
  async function* all() {
    yield* taken;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  }
  return { head, all: all() };
}

/** The whole file (its first chunks already read) in memory, refused with 413 past the report's size limit. */
async function whole(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const taken: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (bytes > REPAYMENT_REPORT_MAX_BYTES) throw new AppError(413, t.tooLarge, 'fileTooLarge', { file: t.tooLarge });
    taken.push(chunk);
  }
  return Buffer.concat(taken, bytes);
}

/**
 * A report file's rows: an .xlsx (a zip) held whole (at most the 5 MB limit) and read through the
 * zip's central directory by exceljs' workbook loader (lib/xlsx-read.ts; its streaming reader reads
 * the entries in their stored order and may reach a worksheet before xl/workbook.xml and throw:
 * exceljs/exceljs#3064), else CSV as it arrives by fast-csv's reader, with ';' between fields when
 * the header has more of them than ',' (spreadsheets set to Romanian save CSV so, with ',' as the
 * decimal sign). Blank rows are left out. A file that is neither (a broken workbook, a NUL in the
 * text) throws `notReport`.
 */
async function* rowsOf(file: FileStream, notReport: () => AppError): AsyncGenerator<string[]> {
  const { head, all } = await peek(file, (h) => h.length >= 4096 || h.includes(0x0a));
  if (looksLikeZip(head)) {
    // The upload's own errors (413 past the limit, a broken body) stand; only the workbook's are 'not a report'.
    const bytes = await whole(all);
    let rows: string[][];
    try {
      rows = await xlsxRows(bytes);
    } catch {
      throw notReport();
    }
    yield* rows;
    return;
  }
  // A BOM before the header is fast-csv's to drop; it counts as neither delimiter here.
  const first = head.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  const csv = parse<string[], string[]>({ delimiter, ignoreEmpty: true });
  const text = async function* () {
    for await (const chunk of all) {
      if (chunk.includes(0)) throw notReport();
      yield chunk;
    }
  };
  const done = pipeline(Readable.from(text()), csv);
  done.catch(() => undefined); // its failure is read from the rows' stream below
  // Blank rows (only delimiters and spaces) are fast-csv's to drop (ignoreEmpty): every row here has a value.
  for await (const row of csv as AsyncIterable<string[]>) yield row;
  await done;
}

/**
 * A courier's report file (CSV as it arrives, XLSX held whole) read in its shape: the header must name
 * the shape's columns and every row must have a valid AWB, amount and transfer day; otherwise a
 * 400 says what is wrong, in Romanian (a bad row by its line number, where the reading stops:
 * nothing of the file is taken in). `onRow` counts the rows read.
 */
export async function parseReportFile(file: FileStream, shape: CodReportShape, courierName: string, onRow?: (rows: number) => void): Promise<CodReportLine[]> {
  const columns = REPORT_COLUMNS[shape];
  const notReport = () => {
    const message = t.notReport(t.reportColumns(courierName, columns.join(', ')));
    return badRequest(message, 'notReport', { file: message });
  };
  const dateColumns = shape === 'fan' ? ['transferDate'] : ['RepaymentDate', 'DeductionDate'];
  const lines: CodReportLine[] = [];
  let names: string[] | null = null;
  for await (const row of rowsOf(file, notReport)) {
    if (!names) {
      names = row.map((h) => h.trim());
      if (!columns.every((c) => names!.includes(c))) throw notReport();
      continue;
    }
    const record = Object.fromEntries(names.map((h, i) => [h, dateColumns.includes(h) ? serialDay((row[i] ?? '').trim()) : (row[i] ?? '').trim()]));
    const [line] = linesOfRecords(shape, [record]);
    if (!line) throw badRequest(t.badLine(lines.length + 2), 'badReportLine', { file: t.badLine(lines.length + 2) });
    lines.push(line);
    if (lines.length % 1000 === 0) onRow?.(lines.length);
  }
  if (!names) throw notReport();
  if (lines.length === 0) throw badRequest(t.empty, 'emptyReport', { file: t.empty });
  onRow?.(lines.length);
  return lines;
}
