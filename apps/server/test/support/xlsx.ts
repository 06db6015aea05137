import ExcelJS from 'exceljs';

/** An .xlsx of one sheet as a spreadsheet saves it (text as shared strings, numbers as numbers), written by exceljs. */
export async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Raport');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
