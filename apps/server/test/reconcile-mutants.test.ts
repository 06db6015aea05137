import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { courierReportLines, courierReports, reconciliationFlags, repayments, shipments } from '../src/db/schema.js';
import { DEFAULT_NOT_REPORTED_DAYS, flagNotReported, reconcileReport, type ReportLine } from '../src/modules/repayments/index.js';
import { openTestDatabase } from './helper.js';
import { insertClient } from './support/clients.js';

/**
 * The reconciliation of the couriers' reports at the edges its mutants showed untested (npm run
 * mutate): exact bani both ways, each outcome's flag with its amounts, two couriers with the same
 * AWB, the report's key, and the day a delivered cash on delivery becomes "not reported".
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const db = () => database.db;
const party = { contactName: 'Ana', contactPhone: '0722000000', addressCity: 'Cluj-Napoca' } as never;

const newClient = () => insertClient(db());

type Status = (typeof repayments.$inferInsert)['status'];
/** A repayment of a shipment of the client's, on the courier's AWB. */
async function repayment(userId: number, awb: string, amountBani: number, opts: { courierId?: string; status?: Status; deliveredAt?: Date | null } = {}) {
  const courierId = opts.courierId ?? 'rapidcarpati';
  const [ship] = await db()
    .insert(shipments)
    .values({ uniqueId: `REC${randomUUID().slice(0, 12)}`, userId, status: 'created', sender: party, recipient: party, packages: [], content: 'Test', paymentType: 'prepaid', options: { codBani: amountBani, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false }, courierId, awb })
    .returning();
  const [row] = await db()
    .insert(repayments)
    .values({ shipmentId: ship!.id, userId, courierId, awb, amountBani, status: opts.status ?? 'delivered', orderedAt: new Date('2026-11-01T10:00:00Z'), deliveredAt: opts.deliveredAt ?? null })
    .returning();
  return row!;
}

const awb = () => `R${randomUUID().replace(/-/g, '').slice(0, 14)}`;
const line = (a: string, amountBani: number, reference: string | null = `REF${randomUUID().slice(0, 8)}`): ReportLine => ({ awb: a, amountBani, transferDate: '2026-11-18', reference });
const upload = (courierId = 'rapidcarpati') => ({ source: 'upload' as const, courierId, sha256: randomUUID(), fileName: 'raport.csv', uploadedBy: null });
const repaymentOf = async (id: number) => (await db().select().from(repayments).where(eq(repayments.id, id)))[0]!;
const flagsOf = (a: string) => db().select().from(reconciliationFlags).where(eq(reconciliationFlags.awb, a)).orderBy(reconciliationFlags.id);

describe('reconciling a report line by line', () => {
  it('matches exact bani only: one ban more or less is a mismatch flagged with both amounts, and still sent', async () => {
    const u = await newClient();
    const [exact, more, less, waiting] = [awb(), awb(), awb(), awb()];
    const rExact = await repayment(u, exact, 687_00);
    const rMore = await repayment(u, more, 687_00);
    const rLess = await repayment(u, less, 687_00);
    const rWaiting = await repayment(u, waiting, 12_34, { status: 'awaiting_delivery' });
    const result = await reconcileReport(database, upload(), [line(exact, 687_00), line(more, 687_01), line(less, 686_99), line(waiting, 12_34)]);
    expect(result).toEqual({ imported: true, lines: 4, matched: 2, known: 0, flagged: { amount_mismatch: 2 } });
    for (const r of [rExact, rMore, rLess, rWaiting]) {
      const now = await repaymentOf(r.id);
      expect(now).toMatchObject({ status: 'sent_by_courier', sentByCourierOn: '2026-11-18', reportLineId: expect.any(Number) });
      const [saved] = await db().select().from(courierReportLines).where(eq(courierReportLines.id, now.reportLineId!));
      expect(saved).toMatchObject({ awb: r.awb, repaymentId: r.id, transferDate: '2026-11-18' });
    }
    expect(await flagsOf(exact)).toEqual([]);
    expect(await flagsOf(more)).toMatchObject([{ kind: 'amount_mismatch', courierId: 'rapidcarpati', repaymentId: rMore.id, expectedBani: 687_00, reportedBani: 687_01, reportLineId: expect.any(Number) }]);
    expect(await flagsOf(less)).toMatchObject([{ kind: 'amount_mismatch', expectedBani: 687_00, reportedBani: 686_99 }]);
    const lines = await db().select().from(courierReportLines).where(inArray(courierReportLines.awb, [exact, more]));
    expect(lines.map((l) => [l.awb, l.amountBani, l.outcome]).sort()).toEqual([
      [exact, 687_00, 'matched'],
      [more, 687_01, 'amount_mismatch'],
    ].sort());
  });

  it('flags an unknown AWB, a cancelled one and one already reported, and leaves them as they were', async () => {
    const u = await newClient();
    const [unknown, cancelled, sent, received] = [awb(), awb(), awb(), awb()];
    const rCancelled = await repayment(u, cancelled, 5_00, { status: 'cancelled' });
    const rSent = await repayment(u, sent, 6_00, { status: 'sent_by_courier' });
    const rReceived = await repayment(u, received, 7_00, { status: 'received' });
    const result = await reconcileReport(database, upload(), [line(unknown, 1_00), line(cancelled, 5_00), line(sent, 6_00), line(received, 7_00)]);
    expect(result).toEqual({ imported: true, lines: 4, matched: 0, known: 0, flagged: { unknown_awb: 1, cancelled: 1, duplicate: 2 } });
    expect(await flagsOf(unknown)).toMatchObject([{ kind: 'unknown_awb', repaymentId: null, expectedBani: null, reportedBani: 1_00 }]);
    expect(await flagsOf(cancelled)).toMatchObject([{ kind: 'cancelled', repaymentId: rCancelled.id, expectedBani: 5_00, reportedBani: 5_00 }]);
    expect(await flagsOf(sent)).toMatchObject([{ kind: 'duplicate', repaymentId: rSent.id }]);
    expect((await repaymentOf(rCancelled.id)).status).toBe('cancelled');
    expect(await repaymentOf(rSent.id)).toMatchObject({ status: 'sent_by_courier', reportLineId: null, sentByCourierOn: null });
    expect(await repaymentOf(rReceived.id)).toMatchObject({ status: 'received', reportLineId: null });
  });

  it('one courier\'s report settles only its own AWB, not another courier\'s of the same number', async () => {
    const u = await newClient();
    const shared = awb();
    const mine = await repayment(u, shared, 40_00, { courierId: 'rapidcarpati' });
    const theirs = await repayment(u, shared, 40_00, { courierId: 'dunarea' });
    expect(await reconcileReport(database, upload('dunarea'), [line(shared, 40_00)])).toMatchObject({ matched: 1 });
    expect((await repaymentOf(theirs.id)).status).toBe('sent_by_courier');
    expect((await repaymentOf(mine.id)).status).toBe('delivered');
    // A courier with no such AWB flags it as unknown under its own name.
    expect(await reconcileReport(database, upload('sprint'), [line(shared, 40_00)])).toMatchObject({ matched: 0, flagged: { unknown_awb: 1 } });
    expect((await flagsOf(shared)).map((f) => [f.kind, f.courierId])).toEqual([['unknown_awb', 'sprint']]);
  });

  it('keys a day\'s report by its day and an upload by its hash; the same key again does nothing', async () => {
    const u = await newClient();
    const a = awb();
    await repayment(u, a, 9_99);
    const uploader = await newClient();
    const file = { source: 'upload' as const, courierId: 'rapidcarpati', sha256: randomUUID(), fileName: 'mai.xlsx', uploadedBy: uploader };
    const day = { source: 'api' as const, courierId: 'dunarea', date: '2026-11-17' };
    expect(await reconcileReport(database, file, [line(a, 9_99)])).toEqual({ imported: true, lines: 1, matched: 1, known: 0, flagged: {} });
    expect(await reconcileReport(database, file, [line(a, 9_99)])).toEqual({ imported: false, lines: 1, matched: 0, known: 0, flagged: {} });
    expect(await reconcileReport(database, day, [])).toEqual({ imported: true, lines: 0, matched: 0, known: 0, flagged: {} });
    expect(await reconcileReport(database, day, [line(awb(), 1)])).toEqual({ imported: false, lines: 1, matched: 0, known: 0, flagged: {} });
    const rows = await db().select().from(courierReports).where(inArray(courierReports.key, [file.sha256, day.date]));
    expect(rows.map((r) => [r.courierId, r.source, r.key, r.reportDate, r.fileName, r.uploadedBy, r.lineCount]).sort()).toEqual(
      [
        ['rapidcarpati', 'upload', file.sha256, null, 'mai.xlsx', uploader, 1],
        ['dunarea', 'api', '2026-11-17', '2026-11-17', null, null, 0],
      ].sort(),
    );
  });
});

describe('delivered cash on delivery no report mentioned', () => {
  it('is flagged once, only after the whole number of days, only while delivered', async () => {
    const u = await newClient();
    const now = new Date('2026-11-20T10:00:00Z');
    const day = 86_400_000;
    const [due, exactly, recent, sent, custom] = [awb(), awb(), awb(), awb(), awb()];
    const rDue = await repayment(u, due, 3_00, { deliveredAt: new Date(now.getTime() - DEFAULT_NOT_REPORTED_DAYS * day - 1) });
    await repayment(u, exactly, 4_00, { deliveredAt: new Date(now.getTime() - DEFAULT_NOT_REPORTED_DAYS * day) });
    await repayment(u, recent, 5_00, { deliveredAt: new Date(now.getTime() - day) });
    await repayment(u, sent, 6_00, { status: 'sent_by_courier', deliveredAt: new Date(now.getTime() - 30 * day) });
    expect(DEFAULT_NOT_REPORTED_DAYS).toBe(5);
    // Other tests' repayments are delivered long before: count only this test's AWBs.
    await flagNotReported(db(), now);
    const flagged = async (a: string) => (await flagsOf(a)).filter((f) => f.kind === 'not_reported');
    expect(await flagged(due)).toMatchObject([{ kind: 'not_reported', repaymentId: rDue.id, courierId: 'rapidcarpati', expectedBani: 3_00, reportedBani: null }]);
    expect(await flagged(exactly)).toEqual([]);
    expect(await flagged(recent)).toEqual([]);
    expect(await flagged(sent)).toEqual([]);
    expect(await flagNotReported(db(), now)).toBe(0);
    // Fewer days asked: the five days' one and the two days' one are due now, the one day's is not yet.
    await repayment(u, custom, 7_00, { deliveredAt: new Date(now.getTime() - 2 * day) });
    expect(await flagNotReported(db(), now, 1)).toBe(2);
    expect(await flagged(exactly)).toHaveLength(1);
    expect(await flagged(custom)).toHaveLength(1);
    expect(await flagged(recent)).toEqual([]);
    // A year earlier nothing had been delivered yet.
    expect(await flagNotReported(db(), new Date(now.getTime() - 365 * day), 1)).toBe(0);
  });
});
