import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { zipOf } from '../../src/lib/zip.js';

/** An .xlsx of one sheet as a spreadsheet saves it (text as shared strings, numbers as numbers), written by exceljs. */
export async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Raport');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A zip's files (folders left out) by name, in their stored order. */
function partsOf(file: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const parts = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(parts));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(entry.fileName));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            parts.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The zip's file names in their stored order. */
export const entriesOf = async (file: Buffer) => [...(await partsOf(file)).keys()];

/**
 * The same workbook zipped again with its first worksheet stored before xl/workbook.xml and after
 * the parts exceljs' streaming reader waits for (the workbook's relationships, shared strings and
 * styles), xl/workbook.xml last: the order in which that reader always reaches the worksheet before
 * the workbook and throws (exceljs/exceljs#3064; exceljs' own files store xl/workbook.xml last too,
 * where the reader's race makes the refusal intermittent).
 */
export async function worksheetBeforeWorkbook(file: Buffer): Promise<Buffer> {
  const parts = await partsOf(file);
  const first = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/worksheets/sheet1.xml'];
  for (const name of [...first, 'xl/workbook.xml']) if (!parts.has(name)) throw new Error(`the workbook has no ${name}`);
  const order = [...first, ...[...parts.keys()].filter((n) => !first.includes(n) && n !== 'xl/workbook.xml'), 'xl/workbook.xml'];
  return zipOf(order.map((name) => ({ name, data: parts.get(name)! })));
}
