import type ExcelJS from 'exceljs';
import { excel } from './exceljs.js';

type CellValue = ExcelJS.CellValue;

/** A cell as text: numbers as written, date cells as YYYY-MM-DD, rich text and formulas by their text and result. */
function textOf(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return textOf(value.result as CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/**
 * The first worksheet of an .xlsx file held whole in memory, read through the zip's central
 * directory (exceljs' workbook loader), row by row as text, blank rows left out. The one way an
 * upload's .xlsx is read (customers import, couriers' reports; a bounded upload held whole): exceljs'
 * streaming reader reads the entries in their stored order and, for a workbook whose xl/workbook.xml
 * comes last (exceljs writes it so), may reach a worksheet before the workbook and throw
 * (exceljs/exceljs#3064): a good file refused now and then, so uploads never go through it.
 * Throws when the bytes are not such a workbook.
 */
export async function xlsxRows(file: Buffer): Promise<string[][]> {
  const workbook = new (excel().Workbook)();
  // exceljs types the argument as an old Buffer type; the bytes are what it reads.
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = textOf(cell.value);
    });
    const values = Array.from(cells, (c) => c ?? '');
    if (values.some((c) => c.trim() !== '')) rows.push(values);
  });
  return rows;
}

/** Whether the bytes start like a zip (an .xlsx is one). */
export const looksLikeZip = (buf: Buffer) => buf.length > 4 && buf.readUInt32LE(0) === 0x04034b50;
