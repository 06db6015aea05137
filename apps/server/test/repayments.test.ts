import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierReportLines, courierReports, domainEvents, eventDeliveries, repayments, shipments } from '../src/db/schema.js';
import { baniOf, dayOf } from '../src/integrations/couriers/cod-reports.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { reconcileReport } from '../src/modules/repayments/index.js';
import { createTestApp, type TestContext } from './helper.js';
import { shipmentsFor } from './support/repayments.js';

/*
 * Repayments (issue 15): every shipment with cash on delivery gets exactly one repayment, moved by
 * the shipment's lifecycle events (delivered; refused, returned and cancelled cancel it).
 */

let ctx: TestContext;
let s: ReturnType<typeof shipmentsFor>;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  s = shipmentsFor(ctx);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const repaymentOf = async (shipmentId: number) => db().select().from(repayments).where(eq(repayments.shipmentId, shipmentId));

describe('the repayment walk', () => {
  it('a cash-on-delivery shipment gets one repayment in bani, delivered with its delivery; none without cash on delivery', async () => {
    const c = await s.client();
    const cod = await s.activated(c, 149.9);
    const plain = await s.activated(c, null);
    await deliverLifecycleEvents(ctx.database);
    const [made] = await repaymentOf(cod.id);
    expect(made).toMatchObject({ userId: c.id, awb: cod.awb, courierId: 'rapidcarpati', amountBani: 14_990, status: 'awaiting_delivery', deliveredAt: null });
    expect(await repaymentOf(plain.id)).toHaveLength(0);

    await s.later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    const [row] = await db().select().from(shipments).where(eq(shipments.id, cod.id));
    const [after] = await repaymentOf(cod.id);
    if (row!.status === 'delivered') expect(after).toMatchObject({ status: 'delivered', amountBani: 14_990 });
    else expect(after).toMatchObject({ status: 'cancelled', cancelReason: row!.status });
    expect(after!.deliveredAt === null).toBe(row!.status !== 'delivered');
  });

  it('a cancelled shipment cancels its repayment', async () => {
    const c = await s.client();
    const cod = await s.activated(c, 80);
    await s.service().cancel(c, cod.uniqueId);
    await deliverLifecycleEvents(ctx.database);
    expect(await repaymentOf(cod.id)).toMatchObject([{ status: 'cancelled', cancelReason: 'cancelled', amountBani: 8000 }]);
  });

  it('events delivered again change nothing (one repayment, same state)', async () => {
    const c = await s.client();
    const cod = await s.activated(c, 55.5);
    await s.later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    const before = await repaymentOf(cod.id);
    // As if every delivery were lost: the events pending again, the repayments' receipts gone.
    await db().delete(eventDeliveries).where(eq(eventDeliveries.listener, 'repayments.cash-on-delivery'));
    await db().update(domainEvents).set({ deliveredAt: null });
    await deliverLifecycleEvents(ctx.database);
    const again = await repaymentOf(cod.id);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: before[0]!.id, status: before[0]!.status, amountBani: 5550 });
  });
});

describe('reports taken in', () => {
  it('one report reconciled twice at once is taken in once', async () => {
    const c = await s.client();
    const cod = await s.activated(c, 42);
    await s.later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    const lines = [{ awb: cod.awb!, amountBani: 4200, transferDate: '2026-12-03', reference: 'RC-1' }];
    const from = { source: 'api' as const, courierId: 'rapidcarpati', date: '2026-12-03' };
    const results = await Promise.all([reconcileReport(ctx.database, from, lines), reconcileReport(ctx.database, from, lines)]);
    expect(results.map((r) => r.imported).sort()).toEqual([false, true]);
    const [report] = await db().select().from(courierReports).where(eq(courierReports.key, '2026-12-03'));
    expect(await db().select().from(courierReportLines).where(eq(courierReportLines.reportId, report!.id))).toHaveLength(1);
  });

  it('amounts and days as the couriers write them', () => {
    expect([baniOf(249.9), baniOf('249,90'), baniOf(' 75.25 '), baniOf('75.250000000000001'), baniOf(0.29)]).toEqual([24_990, 24_990, 7525, 7525, 29]);
    expect([baniOf('-5'), baniOf('0'), baniOf('1.005'), baniOf('zece'), baniOf(null)]).toEqual([null, null, null, null, null]);
    expect([dayOf('2026-12-01'), dayOf('2026-12-01T00:00:00'), dayOf('01.12.2026'), dayOf('2026-13-01'), dayOf('ieri')]).toEqual(['2026-12-01', '2026-12-01', '2026-12-01', null, null]);
  });
});
