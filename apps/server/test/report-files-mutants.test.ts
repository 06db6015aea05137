import { REPAYMENT_REPORT_MAX_BYTES, REPAYMENT_REPORT_MESSAGES as t } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { excel } from '../src/lib/exceljs.js';
import { parseReportFile } from '../src/modules/repayments/report-files.js';
import { entriesOf, worksheetBeforeWorkbook } from './support/xlsx.js';

/*
 * A courier's report file read as it arrives (report-files.ts), called directly: the delimiter the
 * header shows, a BOM, blank lines, a header split across chunks, a NUL, the line number of a bad
 * row, progress by the thousand, and an .xlsx whose transfer days are plain serial numbers. Each
 * case is one a one-character change of the reader would get wrong (issue 24, mutation testing).
 */

const FAN = 'awbNumber,amountCollected,transferDate,reimbursementAwbNumber';
/** The file as the stream of chunks an upload gives, cut every `size` bytes. */
async function* chunks(data: string | Buffer, size = 64 * 1024) {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  for (let k = 0; k < bytes.length; k += size) yield bytes.subarray(k, k + size);
}
const read = (data: string | Buffer, size?: number, onRow?: (n: number) => void) => parseReportFile(chunks(data, size), 'fan', 'FAN Courier', onRow);
const notReport = t.notReport(t.reportColumns('FAN Courier', 'awbNumber, amountCollected, transferDate, reimbursementAwbNumber'));

describe('a CSV report', () => {
  it('reads each line as AWB, bani, transfer day and reference', async () => {
    expect(await read(`${FAN}\n2300000001,150.5,2026-11-20,R1\n2300000002,75,20.11.2026,R2\n`)).toEqual([
      { awb: '2300000001', amountBani: 15050, transferDate: '2026-11-20', reference: 'R1' },
      { awb: '2300000002', amountBani: 7500, transferDate: '2026-11-20', reference: 'R2' },
    ]);
  });

  it("takes ';' when the header has more of them than ',', and ',' on a tie", async () => {
    const semi = 'awbNumber;amountCollected;transferDate;reimbursementAwbNumber\n2300000001;150,50;2026-11-20;R1\n';
    expect(await read(semi)).toEqual([{ awb: '2300000001', amountBani: 15050, transferDate: '2026-11-20', reference: 'R1' }]);
    // One ';' and one ',' in the header: ',' separates, so the first column's name is 'awbNumber;x'.
    await expect(read('awbNumber;x,amountCollected\n1;2,3\n')).rejects.toMatchObject({ statusCode: 400, message: notReport });
  });

  it('on a tie of delimiters in the header takes \',\' (a header of four of each)', async () => {
    const header = 'nota;a;b;c;d,awbNumber,amountCollected,transferDate,reimbursementAwbNumber';
    expect(await read(`${header}\nx,2300000001,1,2026-11-20,R1\n`)).toEqual([{ awb: '2300000001', amountBani: 100, transferDate: '2026-11-20', reference: 'R1' }]);
  });

  it('counts the delimiters of the header line only, not of the rows after it', async () => {
    const semi = 'awbNumber;amountCollected;transferDate;reimbursementAwbNumber\n2300000001;150,50;2026-11-20;R,1,2,3\n2300000002;1,25;2026-11-20;R,4,5,6\n';
    expect(await read(semi)).toEqual([
      { awb: '2300000001', amountBani: 15050, transferDate: '2026-11-20', reference: 'R,1,2,3' },
      { awb: '2300000002', amountBani: 125, transferDate: '2026-11-20', reference: 'R,4,5,6' },
    ]);
  });

  it('a row of one field is a bad row, not a blank one; a row without its last field has an empty reference', async () => {
    await expect(read(`${FAN}\n2300000001,1,2026-11-20,R1\nx\n`)).rejects.toMatchObject({ message: t.badLine(3) });
    expect(await read(`${FAN}\n2300000001,1,2026-11-20\n`)).toEqual([{ awb: '2300000001', amountBani: 100, transferDate: '2026-11-20', reference: '' }]);
  });

  it('reads a header cut across chunks (the delimiter is found on the whole first line)', async () => {
    const semi = 'awbNumber;amountCollected;transferDate;reimbursementAwbNumber\n2300000001;150.50;2026-11-20;R1\n';
    expect(await read(semi, 5)).toEqual([{ awb: '2300000001', amountBani: 15050, transferDate: '2026-11-20', reference: 'R1' }]);
    expect(await read(`${FAN}\r\n2300000001,1,2026-11-20,R1\r\n`, 3)).toHaveLength(1);
  });

  it('drops a BOM before the header, only there', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${FAN}\n2300000001,1,2026-11-20,R1\n`)]);
    expect(await read(bom)).toEqual([{ awb: '2300000001', amountBani: 100, transferDate: '2026-11-20', reference: 'R1' }]);
    expect(await read(bom, 2)).toHaveLength(1);
  });

  it('finds the delimiter on the header line alone, also when the rows after it have many more of the other one', async () => {
    const semi = 'awbNumber;amountCollected;transferDate;reimbursementAwbNumber\n2300000001;1;2026-11-20;R,1,2,3,4,5,6,7,8\n';
    expect(await read(semi)).toEqual([{ awb: '2300000001', amountBani: 100, transferDate: '2026-11-20', reference: 'R,1,2,3,4,5,6,7,8' }]);
  });

  it('trims the header\'s names and every field, a transfer day given as a serial number too', async () => {
    const header = ' awbNumber , amountCollected ,transferDate, reimbursementAwbNumber ';
    expect(await read(`${header}\n 2300000001 , 1 , 46346 , R1 \n`)).toEqual([{ awb: '2300000001', amountBani: 100, transferDate: '2026-11-20', reference: 'R1' }]);
  });

  it('a row without its AWB is a bad row, not a blank one', async () => {
    await expect(read(`${FAN}\n,1,2026-11-20,R1\n`)).rejects.toMatchObject({ statusCode: 400, code: 'badReportLine', message: t.badLine(2) });
  });

  it('leaves blank lines out', async () => {
    expect(await read(`${FAN}\n\n2300000001,1,2026-11-20,R1\n\n\n2300000002,2,2026-11-21,R2\n\n`)).toHaveLength(2);
  });

  it('says which row is bad by its line in the file (the header is line 1)', async () => {
    await expect(read(`${FAN}\n2300000001,1,2026-11-20,R1\n2300000002,abc,2026-11-20,R2\n`)).rejects.toMatchObject({ statusCode: 400, message: t.badLine(3), code: 'badReportLine', errors: { file: t.badLine(3) } });
    await expect(read(`${FAN}\n2300000002,1,2026-02-30,R2\n`)).rejects.toMatchObject({ message: t.badLine(2) });
  });

  it('refuses a file without the columns, an empty one, one with only its header, and one with a NUL', async () => {
    await expect(read('awb,amount\n1,2\n')).rejects.toMatchObject({ statusCode: 400, message: notReport, code: 'notReport', errors: { file: notReport } });
    await expect(read('')).rejects.toMatchObject({ message: notReport });
    await expect(read(`${FAN}\n`)).rejects.toMatchObject({ statusCode: 400, message: t.empty, code: 'emptyReport', errors: { file: t.empty } });
    await expect(read(Buffer.concat([Buffer.from(`${FAN}\n2300000001,1,2026-11-20,R1\n`), Buffer.from([0]), Buffer.from('x\n')]))).rejects.toMatchObject({ message: notReport });
  });

  it('counts the rows read by the thousand, then the total', async () => {
    const body = Array.from({ length: 2500 }, (_, i) => `${2300000000 + i},1,2026-11-20,R${i}`).join('\n');
    const seen: number[] = [];
    expect(await read(`${FAN}\n${body}\n`, 4096, (n) => seen.push(n))).toHaveLength(2500);
    expect(seen).toEqual([1000, 2000, 2500]);
    // Without a counter, a thousand rows read are read all the same.
    expect(await read(`${FAN}\n${body}\n`, 4096)).toHaveLength(2500);
  });
});

describe('an .xlsx report', () => {
  async function workbook(rows: (string | number | Date)[][]) {
    const wb = new (excel().Workbook)();
    const ws = wb.addWorksheet('Raport');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('reads transfer days written as plain serial numbers, and as date cells; other numbers stay as they are', async () => {
    const file = await workbook([
      FAN.split(','),
      ['2300000001', 150.5, 46346, 'R1'],
      ['2300000002', 12345, 46346.75, 'R2'],
      ['2300000003', 1, new Date(Date.UTC(2026, 10, 21)), 'R3'],
    ]);
    expect(await read(file)).toEqual([
      { awb: '2300000001', amountBani: 15050, transferDate: '2026-11-20', reference: 'R1' },
      { awb: '2300000002', amountBani: 1234500, transferDate: '2026-11-20', reference: 'R2' },
      { awb: '2300000003', amountBani: 100, transferDate: '2026-11-21', reference: 'R3' },
    ]);
  });

  it('reads a Cargus report whose deduction day is a serial number', async () => {
    const file = await workbook([
      ['BarCode', 'RepaymentValue', 'RepaymentDate', 'DeductionDate', 'DeductionId'],
      ['1234567890', 99.9, 46345, 46346, 77],
    ]);
    expect(await parseReportFile(chunks(file), 'cargus', 'Cargus')).toEqual([{ awb: '1234567890', amountBani: 9990, transferDate: '2026-11-20', reference: '77' }]);
  });

  it('a transfer day that is not a five-digit serial is not read as one', async () => {
    for (const day of ['146346', '46346abc']) {
      const file = await workbook([FAN.split(','), ['2300000001', 1, day, 'R1']]);
      await expect(read(file), day).rejects.toMatchObject({ statusCode: 400, message: t.badLine(2) });
    }
  });

  it('reads a workbook whose worksheet is stored before xl/workbook.xml (exceljs/exceljs#3064), in chunks of any size', async () => {
    const file = await worksheetBeforeWorkbook(await workbook([FAN.split(','), ['2300000001', 150.5, 46346, 'R1'], ['2300000002', 2, 46347, 'R2']]));
    const names = await entriesOf(file);
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/workbook.xml'));
    expect(names.indexOf('xl/sharedStrings.xml')).toBeLessThan(names.indexOf('xl/worksheets/sheet1.xml'));
    const lines = [
      { awb: '2300000001', amountBani: 15050, transferDate: '2026-11-20', reference: 'R1' },
      { awb: '2300000002', amountBani: 200, transferDate: '2026-11-21', reference: 'R2' },
    ];
    expect(await read(file)).toEqual(lines);
    expect(await read(file, 7)).toEqual(lines);
  });

  it('a workbook over the size limit is refused with 413, also when its first bytes are a zip', async () => {
    const file = await workbook([FAN.split(','), ['2300000001', 1, 46346, 'R1']]);
    const big = Buffer.concat([file, Buffer.alloc(REPAYMENT_REPORT_MAX_BYTES + 1 - file.length)]);
    await expect(read(big)).rejects.toMatchObject({ statusCode: 413, code: 'fileTooLarge', message: t.tooLarge });
    // At the limit it is read (the zeros after the zip's end left out).
    expect(await read(big.subarray(0, REPAYMENT_REPORT_MAX_BYTES))).toEqual([{ awb: '2300000001', amountBani: 100, transferDate: '2026-11-20', reference: 'R1' }]);
  });

  it('a broken workbook is not a report', async () => {
    const file = await workbook([FAN.split(','), ['2300000001', 1, 46346, 'R1']]);
    await expect(read(Buffer.concat([file.subarray(0, 200), Buffer.alloc(300, 7)]))).rejects.toMatchObject({ statusCode: 400, message: notReport });
  });
});
