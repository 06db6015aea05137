import { REPAYMENT_REPORT_MESSAGES as t, USER_TYPE } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconciliationFlags, repayments } from '../src/db/schema.js';
import { simulatedCourierNetwork } from '../src/integrations/couriers/simulator.js';
import { discrepancyOf, mistyped } from '../src/integrations/couriers/simulator-cod-reports.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { buildServices } from '../src/services.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { REPAYMENT_REPORTS_QUEUE } from '../src/jobs/repayment-reports.js';
import { bucharestDateKey } from '../src/lib/dates.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { COURIER_SIM_PREFIX, simCourierApiKey } from '../src/integrations/couriers/index.js';
import { as, createTestApp, createUser, type TestContext } from './helper.js';
import { runJob } from './jobs-helper.js';
import { multipartFile, shipmentsFor } from './support/repayments.js';
import { worksheetBeforeWorkbook, xlsxOf } from './support/xlsx.js';

/*
 * The couriers' cash-on-delivery reports (issue 15): the job reads each day's report from the
 * simulated couriers' APIs once and reconciles it per AWB; an admin uploads a file-only courier's report.
 */

let ctx: TestContext;
let jobs: Jobs;
let s: ReturnType<typeof shipmentsFor>;
const FUTURE = () => new Date(Date.now() + 10 * 86_400_000);
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  s = shipmentsFor(ctx);
  // The jobs run ten days ahead (the couriers have reported by then): services with that clock.
  jobs = await startJobs(ctx.app, { services: buildServices({ ...ctx.config, now: FUTURE }, ctx.database, ctx.app.log, ctx.app) });
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
});

const db = () => ctx.database.db;
const network = () => simulatedCourierNetwork(ctx.database);
const finalStatus = async (awb: string) => (await network().track(awb, FUTURE())).at(-1)!.status;
const flagsOf = (awb: string) => db().select().from(reconciliationFlags).where(eq(reconciliationFlags.awb, awb));
const repaymentOf = async (awb: string) => (await db().select().from(repayments).where(eq(repayments.awb, awb)))[0]!;

describe('the simulated couriers’ report APIs', () => {
  it('answer only the holder of the courier’s API key (401 without it or with another courier’s)', async () => {
    const url = `${COURIER_SIM_PREFIX}/rapidcarpati/reports/bank-transfers?date=2026-11-20`;
    const bearer = (courier: string) => ({ authorization: `Bearer ${simCourierApiKey(ctx.config.tokenEncryptionKey, courier)}` });
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer('dunarea') })).statusCode).toBe(401);
    const ok = await ctx.app.inject({ method: 'GET', url, headers: bearer('rapidcarpati') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'success', currentPage: 1 });
    const cargus = `${COURIER_SIM_PREFIX}/dunarea/CashAccount/GetByDeductionDate?DeductionDate=2026-11-20`;
    expect((await ctx.app.inject({ method: 'GET', url: cargus })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: cargus, headers: bearer('dunarea') })).statusCode).toBe(200);
  });
});

describe('the report import job', () => {
  it('matches each reported line, flags the deliberate discrepancies, and a second run does nothing', async () => {
    const c = await s.client();
    // Shipments until each deliberate discrepancy has a delivered representative.
    const found = new Map<string, string>();
    const normal: string[] = [];
    for (let i = 0; i < 300 && (found.size < 3 || normal.length < 2); i++) {
      const row = await s.activated(c, 149.9);
      if ((await finalStatus(row.awb!)) !== 'delivered') continue;
      const odd = discrepancyOf(row.awb!);
      if (odd && !found.has(odd)) found.set(odd, row.awb!);
      if (!odd) normal.push(row.awb!);
    }
    const cargus = await s.activated(c, 99.99, 'dunarea');
    expect(found.size).toBe(3);
    await s.later().trackOpen();
    await deliverLifecycleEvents(ctx.database);

    const job = await runJob(jobs.boss, REPAYMENT_REPORTS_QUEUE, 60_000);
    expect(job.state).toBe('completed');
    expect((job.output as { reports: number }).reports).toBeGreaterThan(0);

    for (const awb of normal) {
      const r = await repaymentOf(awb);
      expect(r.status).toBe('sent_by_courier');
      // Transferred the day after its delivery (Bucharest).
      expect(r.sentByCourierOn).toBe(bucharestDateKey(new Date(r.deliveredAt!.getTime() + 86_400_000)));
      expect(await flagsOf(awb)).toHaveLength(0);
    }
    if ((await finalStatus(cargus.awb!)) === 'delivered' && !discrepancyOf(cargus.awb!)) expect((await repaymentOf(cargus.awb!)).status).toBe('sent_by_courier');

    const wrong = found.get('wrong_amount')!;
    expect(await flagsOf(wrong)).toMatchObject([{ kind: 'amount_mismatch', expectedBani: 14_990, reportedBani: 14_490 }]);
    const typo = found.get('mistyped_awb')!;
    expect(await flagsOf(mistyped(typo))).toMatchObject([{ kind: 'unknown_awb', repaymentId: null, reportedBani: 14_990 }]);
    // The real AWB was never reported: flagged after REPAYMENT_NOT_REPORTED_DAYS (the clock is ten days on).
    expect(await flagsOf(typo)).toMatchObject([{ kind: 'not_reported', expectedBani: 14_990 }]);
    expect(await flagsOf(found.get('never_reported')!)).toMatchObject([{ kind: 'not_reported' }]);
    expect((await repaymentOf(found.get('never_reported')!)).status).toBe('delivered');

    const flags = (await db().select().from(reconciliationFlags)).length;
    const again = await runJob(jobs.boss, REPAYMENT_REPORTS_QUEUE, 60_000);
    expect(again.output).toMatchObject({ reports: 0, lines: 0, notReported: 0, failed: 0 });
    expect(await db().select().from(reconciliationFlags)).toHaveLength(flags);
  }, 240_000);
});

describe('uploading a courier’s report file', () => {
  const url = '/api/admin/repayments/reports/colet24';

  it('admins only; a file that is not the courier’s report is refused in Romanian; a wrong amount is flagged, once per file', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const client = await createUser(ctx);
    const c = await s.client();
    let row = await s.activated(c, 120, 'colet24');
    for (let i = 0; i < 20 && (await finalStatus(row.awb!)) !== 'delivered'; i++) row = await s.activated(c, 120, 'colet24');
    await s.later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    expect((await repaymentOf(row.awb!)).status).toBe('delivered');

    const csv = `awbNumber;amountCollected;transferDate;reimbursementAwbNumber\n${row.awb};110,00;2026-12-01;C24-TR-1\n`;
    expect((await as(ctx, client, { method: 'POST', url, ...multipartFile('raport.csv', csv) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url, ...multipartFile('raport.csv', csv) })).statusCode).toBe(401);

    const bad = await as(ctx, admin, { method: 'POST', url, ...multipartFile('raport.csv', 'AWB,Suma\n123,10\n') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(t.notReport(t.reportColumns('Colet24', 'awbNumber, amountCollected, transferDate, reimbursementAwbNumber')));
    const badLine = await as(ctx, admin, { method: 'POST', url, ...multipartFile('raport.csv', 'awbNumber,amountCollected,transferDate,reimbursementAwbNumber\nX1,zece,2026-12-01,R\n') });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().message).toBe(t.badLine(2));
    expect((await as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/reports/necunoscut', ...multipartFile('r.csv', csv) })).json().message).toBe(t.unknownCourier);

    const ok = await as(ctx, admin, { method: 'POST', url, ...multipartFile('raport.csv', csv) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: t.imported, result: { imported: true, lines: 1, matched: 0, flagged: { amount_mismatch: 1 } } });
    expect(await flagsOf(row.awb!)).toMatchObject([{ kind: 'amount_mismatch', expectedBani: 12_000, reportedBani: 11_000 }]);
    expect(await repaymentOf(row.awb!)).toMatchObject({ status: 'sent_by_courier', sentByCourierOn: '2026-12-01' });

    const same = await as(ctx, admin, { method: 'POST', url, ...multipartFile('raport-copie.csv', csv) });
    expect(same.json()).toMatchObject({ message: t.alreadyImported, result: { imported: false } });
    expect(await db().select().from(reconciliationFlags).where(and(eq(reconciliationFlags.awb, row.awb!)))).toHaveLength(1);
  }, 120_000);

  it('an .xlsx in Cargus’s shape (dates as Excel serial days) is read and matched; a broken one is refused', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const c = await s.client();
    let row = await s.activated(c, 75.25, 'postaverde');
    for (let i = 0; i < 20 && (await finalStatus(row.awb!)) !== 'delivered'; i++) row = await s.activated(c, 75.25, 'postaverde');
    await s.later().trackOpen();
    await deliverLifecycleEvents(ctx.database);
    const url = '/api/admin/repayments/reports/postaverde';
    // 46357 is 2026-12-01 as a spreadsheet counts days.
    const file = await xlsxOf([
      ['BarCode', 'RepaymentValue', 'RepaymentDate', 'DeductionDate', 'DeductionId'],
      [row.awb!, 75.25, 46356, 46357, 'PV-7'],
      ['NECUNOSCUT-1', 10, 46356, 46357, 'PV-7'],
    ]);
    const ok = await as(ctx, admin, { method: 'POST', url, ...multipartFile('raport.xlsx', file) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ imported: true, lines: 2, matched: 1, flagged: { unknown_awb: 1 } });
    expect(await repaymentOf(row.awb!)).toMatchObject({ status: 'sent_by_courier', sentByCourierOn: '2026-12-01' });
    expect(await flagsOf('NECUNOSCUT-1')).toMatchObject([{ kind: 'unknown_awb', courierId: 'postaverde', reportedBani: 1000 }]);

    const broken = await as(ctx, admin, { method: 'POST', url, ...multipartFile('raport.xlsx', file.subarray(0, 200)) });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(t.notReport(t.reportColumns('Posta Verde', 'BarCode, RepaymentValue, RepaymentDate, DeductionDate')));
  }, 120_000);

  it('an .xlsx whose worksheet is stored before xl/workbook.xml is read, not refused (exceljs/exceljs#3064)', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const file = await worksheetBeforeWorkbook(await xlsxOf([
      ['BarCode', 'RepaymentValue', 'RepaymentDate', 'DeductionDate', 'DeductionId'],
      ['NECUNOSCUT-3064', 12.5, 46356, 46357, 'PV-3064'],
    ]));
    const res = await as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/reports/postaverde', ...multipartFile('raport.xlsx', file) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ imported: true, lines: 1, matched: 0, flagged: { unknown_awb: 1 } });
    expect(await flagsOf('NECUNOSCUT-3064')).toMatchObject([{ kind: 'unknown_awb', courierId: 'postaverde', reportedBani: 1250 }]);
  }, 120_000);
});
