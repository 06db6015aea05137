import { randomUUID } from 'node:crypto';
import { BANK_STATEMENT_MESSAGES as b, REPAYMENT_REPORT_MESSAGES as t, USER_TYPE } from '@colete/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRepaymentRow } from '../src/db/seed-repayment-rows.js';
import { bankStatementLines, bankStatements, courierReportLines, courierReports, reconciliationFlags, repayments } from '../src/db/schema.js';
import { IMPORT_BATCH_ROWS } from '../src/modules/repayments/reconcile.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { camt, newAwb, sentByCourier } from './support/repayment-money.js';
import { multipartFile } from './support/repayments.js';

/*
 * Issue 24, "Bank files as banks write them": large uploads are read as a stream and written in
 * batches of IMPORT_BATCH_ROWS rows, with the page told how far they are. At the batches' edges
 * (exactly one batch, one batch and one row) every exactly-once rule holds: a second transfer of
 * an AWB in the next batch is still a duplicate, a transfer booked twice across two batches is
 * matched once. A bad row in the middle of a big file refuses it whole: nothing is written.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const HEAD = 'awbNumber,amountCollected,transferDate,reimbursementAwbNumber';
const upload = (url: string, name: string, body: string, uploadId?: string) => {
  const form = multipartFile(name, body);
  return as(ctx, admin, { method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...(uploadId ? { 'x-upload-id': uploadId } : {}) } });
};
const uploadReport = (body: string, uploadId?: string) => upload('/api/admin/repayments/reports/colet24', 'raport.csv', body, uploadId);
const uploadStatement = (xml: string, uploadId?: string) => upload('/api/admin/repayments/statements', 'extras.xml', xml, uploadId);
const progressOf = (u: TestUser, uploadId: string) => as(ctx, u, { method: 'GET', url: `/api/admin/uploads/${uploadId}/progress` });

async function deliveredMany(c: TestUser, n: number, amountBani = 1_000) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push(await insertRepaymentRow(db(), { userId: c.id, courierId: 'colet24', awb: newAwb(), amountBani, status: 'delivered', orderedAt: new Date('2026-11-15T10:00:00Z'), deliveredAt: new Date('2026-11-17T10:00:00Z') }));
  }
  return rows;
}

describe('a courier report at the batches’ edges', () => {
  for (const n of [IMPORT_BATCH_ROWS, IMPORT_BATCH_ROWS + 1]) {
    it(`${n} lines: each matched once, the last (a second transfer of the first AWB) a duplicate, the same lines again known; the page sees the rows`, async () => {
      const c = await createUser(ctx);
      const rows = await deliveredMany(c, n - 1);
      const ref = `C24-${randomUUID().slice(0, 8)}`;
      // The last line is the first AWB's second transfer: with one batch more it is in the next batch.
      const lines = [...rows.map((r) => `${r.awb},10.00,2026-11-18,${ref}`), `${rows[0]!.awb},10.00,2026-11-19,${ref}-2`];
      const csv = `${HEAD}\n${lines.join('\n')}\n`;
      const uploadId = randomUUID();

      const res = await uploadReport(csv, uploadId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: t.imported, result: { imported: true, lines: n, matched: n - 1, known: 0, flagged: { duplicate: 1 } } });
      const awbs = rows.map((r) => r.awb);
      expect(await db().$count(courierReportLines, inArray(courierReportLines.awb, awbs))).toBe(n);
      const statuses = await db().select({ status: repayments.status, on: repayments.sentByCourierOn }).from(repayments).where(inArray(repayments.awb, awbs));
      expect(new Set(statuses.map((s) => `${s.status} ${s.on}`))).toEqual(new Set(['sent_by_courier 2026-11-18']));
      expect((await db().select().from(reconciliationFlags).where(eq(reconciliationFlags.awb, rows[0]!.awb))).map((f) => f.kind)).toEqual(['duplicate']);

      // How far it came, for the admin who uploaded it only.
      expect((await progressOf(admin, uploadId)).json()).toEqual({ success: true, progress: { rowsRead: n, rowsTotal: n, rowsWritten: n, done: true } });
      const other = await createUser(ctx, { userType: USER_TYPE.admin });
      expect((await progressOf(other, uploadId)).statusCode).toBe(404);

      // The same report saved again (CRLF): every line known, nothing counted.
      const again = await uploadReport(`${csv.replaceAll('\n', '\r\n')}`);
      expect(again.json()).toMatchObject({ message: t.alreadyImported, result: { imported: false, lines: n, matched: 0, known: n, flagged: {} } });
      expect(await db().$count(courierReportLines, inArray(courierReportLines.awb, awbs))).toBe(n);
    });
  }
});

describe('a bank statement at the batches’ edges', () => {
  for (const n of [IMPORT_BATCH_ROWS, IMPORT_BATCH_ROWS + 1]) {
    it(`${n} entries: the transfer booked twice (first and last written) is matched once, its repayments received once`, async () => {
      const c = await createUser(ctx);
      const ref = `RAPIDCARPATI-${randomUUID().slice(0, 8)}`;
      const sent = await sentByCourier(ctx, c, [2_500, 4_000], ref);
      const id = `S-${randomUUID().slice(0, 6)}`;
      // Entries are written in their booking keys' order ('ntry:S-x-1' first, 'ntry:S-x-99' last): the two bookings of `ref` are the first and the last written.
      const entries = Array.from({ length: n }, (_, i) => ({ amountBani: 100 + i, reference: `NECUNOSCUT-${id}-${i}` as string | null }));
      entries[0] = { amountBani: 6_500, reference: ref };
      entries[98] = { amountBani: 6_500, reference: ref };
      const xml = camt(ctx.config.platformIban, id, entries);
      const uploadId = randomUUID();

      const res = await uploadStatement(xml, uploadId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: b.imported, result: { imported: true, entries: n, matched: 1, received: 2, flagged: n - 1, known: 0 } });
      const [statement] = await db().select().from(bankStatements).where(eq(bankStatements.statementId, id));
      const outcomes = await db().select({ entryRef: bankStatementLines.entryRef, outcome: bankStatementLines.outcome }).from(bankStatementLines).where(eq(bankStatementLines.statementId, statement!.id));
      expect(outcomes).toHaveLength(n);
      expect(outcomes.filter((o) => o.outcome !== 'unknown_reference').sort((a, z) => a.entryRef!.localeCompare(z.entryRef!))).toEqual([
        { entryRef: `${id}-1`, outcome: 'matched' },
        { entryRef: `${id}-99`, outcome: 'duplicate' },
      ]);
      const moved = await db().select({ status: repayments.status, line: repayments.receivedLineId }).from(repayments).where(inArray(repayments.id, sent.map((s) => s.id)));
      expect(new Set(moved.map((m) => m.status))).toEqual(new Set(['received']));
      expect((await progressOf(admin, uploadId)).json().progress).toEqual({ rowsRead: n, rowsTotal: n, rowsWritten: n, done: true });

      // The same file again: nothing new.
      const again = await uploadStatement(xml);
      expect(again.json()).toMatchObject({ message: b.alreadyImported, result: { imported: false, matched: 0, received: 0, flagged: 0 } });
    });
  }
});

describe('a bad row in the middle of a big file', () => {
  it('a report of 3,000 lines with a bad line 1,501 answers 400 with its number; nothing is written', async () => {
    const c = await createUser(ctx);
    const rows = await deliveredMany(c, 20);
    const lines = Array.from({ length: 3_000 }, (_, i) => `${rows[i % 20]!.awb},10.00,2026-11-18,R-${i}-${randomUUID().slice(0, 4)}`);
    lines[1_499] = `${rows[0]!.awb},10.0O,2026-11-18,R-bad`;
    const reports = await db().$count(courierReports);
    const res = await uploadReport(`${HEAD}\n${lines.join('\n')}\n`);
    expect([res.statusCode, res.json().message]).toEqual([400, t.badLine(1_501)]);
    const awbs = rows.map((r) => r.awb);
    expect(await db().$count(courierReportLines, inArray(courierReportLines.awb, awbs))).toBe(0);
    expect(await db().$count(reconciliationFlags, inArray(reconciliationFlags.awb, awbs))).toBe(0);
    expect(await db().$count(courierReports)).toBe(reports);
    expect(new Set((await db().select({ s: repayments.status }).from(repayments).where(inArray(repayments.awb, awbs))).map((r) => r.s))).toEqual(new Set(['delivered']));
  });

  it('a statement of 2,000 entries with an entry without an amount in the middle answers 400; nothing is written', async () => {
    const id = `S-${randomUUID().slice(0, 6)}`;
    const xml = camt(ctx.config.platformIban, id, Array.from({ length: 2_000 }, (_, i) => ({ amountBani: 100 + i, reference: `R-${id}-${i}` })));
    const broken = xml.replace(`<Amt Ccy="RON">${(1_100 / 100).toFixed(2)}</Amt>`, '<Amt Ccy="RON">11,00</Amt>');
    expect(broken).not.toBe(xml);
    const res = await uploadStatement(broken);
    expect([res.statusCode, res.json().message]).toEqual([400, b.notCamt]);
    expect(await db().$count(bankStatements, eq(bankStatements.statementId, id))).toBe(0);
  });
});
