import { BALANCE_EXPORT_COLUMNS, balanceMessages as T, type TInvoiceBalanceAmounts, type TInvoiceBalanceTransaction } from '@colete/contract';
import { excel, XLSX_DAY_FORMAT, xlsxDay } from '../../lib/exceljs.js';
import { PassThrough, type Readable } from 'node:stream';
import type { InvoiceStatementRow, StatementKey } from './balance-queries.js';

const BATCH = 1_000;
const lei = (bani: number) => bani / 100;

export type StatementBatch = (after: StatementKey | undefined, limit: number) => Promise<{ row: InvoiceStatementRow; tx: TInvoiceBalanceTransaction }[]>;

/**
 * 'Export situatie': what the invoices view shows, as an xlsx stream. A header row, the
 * previous-period line, one row per document of the period (read in keyset batches of 1,000 on
 * (date, type, key), each row committed as written by exceljs's streaming writer) and the totals.
 * Amounts are numbers in lei with two decimals (a spreadsheet sums them).
 */
export function statementStream(batch: StatementBatch, totals: TInvoiceBalanceAmounts): Readable {
  const out = new PassThrough();
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(T.exportSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BALANCE_EXPORT_COLUMNS.map((header, i) => ({ header, width: [12, 40, 16, 20, 16, 16, 18][i], style: i >= 3 ? { numFmt: '#,##0.00' } : i === 0 ? { numFmt: XLSX_DAY_FORMAT } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const line = (label: string, inv: number, pay: number, diff: number, pre: number) => {
    const row = sheet.addRow(['', label, '', lei(inv), lei(pay), lei(diff), lei(pre)]);
    row.font = { bold: true };
    row.commit();
  };
  (async () => {
    line(T.previousLine, totals.previousInvoices, totals.previousPayments, totals.previousDifference, totals.previousPrePay);
    let after: StatementKey | undefined;
    for (;;) {
      const rows = await batch(after, BATCH);
      for (const { row, tx } of rows) {
        sheet
          .addRow([xlsxDay(row.at), tx.description, tx.invoice?.invoiceNumber ?? '', lei(tx.invoiceAmount), lei(tx.paymentAmount), lei(tx.difference), lei(tx.prePayAmount)])
          .commit();
      }
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1]!.row;
      after = { at: last.at, type: last.type, key: last.key };
    }
    line(T.totalLine, totals.totalInvoices, totals.totalPayments, totals.totalDifference, totals.totalPrePay);
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
