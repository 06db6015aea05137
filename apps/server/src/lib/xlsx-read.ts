import type ExcelJS from 'exceljs';
import { excel } from './exceljs.js';

/**
 * The first worksheet of an .xlsx file as rows of text, read with exceljs: numbers as written,
 * date cells as YYYY-MM-DD, rich text and formulas by their text and result. Throws when the bytes
 * are not such a workbook.
 */

type CellValue = ExcelJS.CellValue;

function textOf(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return textOf(value.result as CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

export async function readXlsxRows(buf: Buffer): Promise<string[][]> {
  const book = new (excel().Workbook)();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = textOf(cell.value);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** Whether the bytes start like a zip (an .xlsx is one). */
export const looksLikeZip = (buf: Buffer) => buf.length > 4 && buf.readUInt32LE(0) === 0x04034b50;
