import { INVOICE_ANNEX_COLUMNS, splitGross } from '@colete/contract';
import { excel } from '../../lib/exceljs.js';
import { PassThrough, type Readable } from 'node:stream';
import type { Executor } from '../../db/client.js';
import { vatPercentAt } from '../../lib/vat.js';
import { XLSX_DAY_FORMAT, xlsxDay } from '../../lib/xlsx-dates.js';
import { annexRows, type AnnexRow } from './invoice-documents-queries.js';

const BATCH = 1_000;

/** One annex line: a credit note's shipment with negative prices, each split at its supply's VAT rate; the day a date cell. */
export function annexLine(r: AnnexRow) {
  const sign = r.credited ? -1 : 1;
  const { netBani } = splitGross(r.amountBani, vatPercentAt(r.chargedAt));
  const grams = r.packages.reduce((s, p) => s + p.weightGrams, 0);
  return [
    xlsxDay(r.activatedAt ?? r.chargedAt),
    r.awb ?? '',
    [r.recipient.contactName, r.recipient.addressCity].filter(Boolean).join(', '),
    r.serviceName ?? '',
    grams / 1000,
    (sign * netBani) / 100,
    (sign * r.amountBani) / 100,
  ];
}

/**
 * The annex of an invoice (or credit note) as an xlsx stream: a header row and one row per shipment
 * the document covers, read from the database in keyset batches and written with exceljs's
 * streaming writer (each row committed as it is written), so a month of shipments never sits in
 * memory whole.
 */
export function annexStream(db: Executor, invoice: { id: number; fullNumber: string }): Readable {
  const out = new PassThrough();
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(`Anexa ${invoice.fullNumber}`.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = INVOICE_ANNEX_COLUMNS.map((header, i) => ({
    header,
    width: [12, 16, 36, 28, 14, 18, 18][i],
    style: i >= 5 ? { numFmt: '#,##0.00' } : i === 4 ? { numFmt: '0.000' } : i === 0 ? { numFmt: XLSX_DAY_FORMAT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    let after = 0;
    for (;;) {
      const rows = await annexRows(db, invoice.id, after, BATCH);
      for (const r of rows) sheet.addRow(annexLine(r)).commit();
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.chargeId;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
