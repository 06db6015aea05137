import { bucharestParts } from './dates.js';

/** How a spreadsheet shows a day: the platform's dd.mm.yyyy. */
export const XLSX_DAY_FORMAT = 'dd.mm.yyyy';

/**
 * An instant as a spreadsheet date cell of its Bucharest calendar day. Spreadsheets have no time
 * zones and exceljs writes a Date by its UTC value, so the day is given as midnight UTC: Excel and
 * LibreOffice then show that day, sort by it and compute with it (a text '27.11.2026' does neither).
 */
export function xlsxDay(at: Date): Date {
  const { year, month, day } = bucharestParts(at);
  return new Date(Date.UTC(year, month - 1, day));
}
