import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import { bucharestDateKey } from './dates.js';

/**
 * exceljs, loaded on the first export or upload that needs it: it takes about half a second to
 * load, which every server start and every test file importing the app would otherwise pay.
 */
let loaded: typeof ExcelJS | undefined;
export const excel = (): typeof ExcelJS => (loaded ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJS);

/** The number format of a date cell: the Romanian day as the screens write it (issue 24: dates are date cells, not text). */
export const XLSX_DAY_FORMAT = 'dd.mm.yyyy';

/**
 * A date cell's value: the Bucharest calendar day of an instant, or a 'YYYY-MM-DD' day, as that
 * day's UTC midnight (exceljs writes a Date as its UTC serial day, so the cell shows that day);
 * null stays an empty cell.
 */
export function xlsxDay(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const day = typeof value === 'string' ? value.slice(0, 10) : bucharestDateKey(value);
  return new Date(`${day}T00:00:00Z`);
}
