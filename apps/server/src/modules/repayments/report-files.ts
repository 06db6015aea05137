import { REPAYMENT_REPORT_MESSAGES as t } from '@colete/contract';
import { linesOfRecords, REPORT_COLUMNS, type CodReportLine, type CodReportShape } from '../../integrations/couriers/index.js';
import { parseCsv } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { looksLikeZip, readXlsxRows } from '../../lib/xlsx-read.js';

/** An Excel serial day (days since 1899-12-30) to YYYY-MM-DD, for date cells of an .xlsx. */
const serialDay = (v: string) => (/^\d{5}(\.\d+)?$/.test(v) ? new Date(Math.round((Number(v) - 25569) * 86_400_000)).toISOString().slice(0, 10) : v);

async function rowsOf(file: Buffer): Promise<string[][]> {
  if (looksLikeZip(file)) {
    try {
      return await readXlsxRows(file);
    } catch {
      return [];
    }
  }
  let text = file.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) return [];
  // Spreadsheets set to Romanian save CSV with ';' between fields (and ',' as the decimal sign).
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  if ((first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0)) text = swapDelimiter(text);
  return parseCsv(text);
}

/** ';'-separated text as ','-separated (quoting fields that hold a comma). */
function swapDelimiter(text: string): string {
  const mark = '\u0001';
  return parseCsv(text.replaceAll(',', mark).replaceAll(';', ','))
    .map((r) => r.map((f) => (f.includes(mark) ? `"${f.replaceAll(mark, ',').replace(/"/g, '""')}"` : f)).join(','))
    .join('\n');
}

/**
 * A courier's report file (CSV or XLSX) read in its shape: the header must name the shape's
 * columns and every row must have a valid AWB, amount and transfer day; otherwise a 400 says
 * what is wrong, in Romanian.
 */
export async function parseReportFile(file: Buffer, shape: CodReportShape, courierName: string): Promise<CodReportLine[]> {
  const [header, ...rows] = await rowsOf(file);
  const columns = REPORT_COLUMNS[shape];
  const names = (header ?? []).map((h) => h.trim());
  if (!columns.every((c) => names.includes(c))) {
    const message = t.notReport(t.reportColumns(courierName, columns.join(', ')));
    throw badRequest(message, 'notReport', { file: message });
  }
  if (rows.length === 0) throw badRequest(t.empty, 'emptyReport', { file: t.empty });
  const dateColumns = shape === 'fan' ? ['transferDate'] : ['RepaymentDate', 'DeductionDate'];
  const records = rows.map((r) => Object.fromEntries(names.map((h, i) => [h, dateColumns.includes(h) ? serialDay((r[i] ?? '').trim()) : (r[i] ?? '').trim()])));
  const lines = linesOfRecords(shape, records);
  const bad = lines.findIndex((l) => l === null);
  if (bad >= 0) throw badRequest(t.badLine(bad + 2), 'badReportLine', { file: t.badLine(bad + 2) });
  return lines as CodReportLine[];
}
