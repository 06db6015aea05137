import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { courierSimAwbs } from '../../db/schema/courier-sim.js';
import { baniToRon } from '../../lib/money.js';
import { bucharestDateKey, bucharestDayStart, nextDay } from '../../lib/dates.js';
import { COD_REPORTS, COURIER_SIM_PREFIX, FAN_PER_PAGE, simCourierApiKey } from './cod-reports.js';
import { journeyEvents } from './simulator-tracking.js';
import { DEFAULT_MINUTES_PER_STEP } from './simulator-tracking.js';

/**
 * The simulated couriers pay the cash they collected in one transfer a day: what was delivered
 * on a Bucharest day is transferred the next day, and that day's report lists it (FAN's or
 * Cargus's shape, served at their paths under /sim/couriers/{courier}/, to the holder of the courier API key).
 *
 * A few discrepancies, made on purpose and deterministically from a hash of the AWB (1 in 25
 * each): a wrong amount (5 lei less, or more when the amount is small), a mistyped AWB (its
 * first character replaced by '9': an AWB nobody knows, and the real one never reported), and a
 * delivered cash on delivery left out of every report.
 */

export type CodDiscrepancy = 'wrong_amount' | 'mistyped_awb' | 'never_reported' | null;
export const DISCREPANCY_SHARE = 25;
const WRONG_BY_BANI = 500;

export function discrepancyOf(awb: string): CodDiscrepancy {
  const n = createHash('sha256').update(`cod-report:${awb}`).digest().readUInt32BE(0) % DISCREPANCY_SHARE;
  return n === 0 ? 'wrong_amount' : n === 1 ? 'mistyped_awb' : n === 2 ? 'never_reported' : null;
}

export const mistyped = (awb: string) => `9${awb.slice(1)}`;
const previousDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

type Stored = { codBani?: number | null; from: { city: string }; to: { city: string; contactName?: string }; point: { name: string; city: string } | null; content?: string };

export type SimCodLine = { awb: string; amountBani: number; deliveredAt: Date; transferDate: string; reference: string; awbDate: Date; recipient: string; city: string; content: string };

/** The lines of a courier's transfer on `date` (YYYY-MM-DD): the cash on delivery it collected the day before. */
export async function simulatedTransfer(database: Database, courierId: string, date: string, minutesPerStep = DEFAULT_MINUTES_PER_STEP): Promise<SimCodLine[]> {
  const delivered = previousDay(date);
  // A journey ends within 9 steps of the AWB: a week back covers the slowest clock.
  const since = new Date(bucharestDayStart(delivered).getTime() - Math.max(7, (9 * minutesPerStep) / 1440 + 1) * 86_400_000);
  const rows = await database.db
    .select()
    .from(courierSimAwbs)
    .where(and(eq(courierSimAwbs.courierId, courierId), isNull(courierSimAwbs.cancelledAt), gte(courierSimAwbs.createdAt, since), lt(courierSimAwbs.createdAt, bucharestDayStart(nextDay(delivered)))));
  const lines: SimCodLine[] = [];
  for (const row of rows) {
    const stored = row.request as unknown as Stored;
    if (!stored.codBani || stored.codBani <= 0) continue;
    const events = journeyEvents({ awb: row.awb, createdAt: row.createdAt, cancelledAt: null, fromCity: stored.from.city, toCity: stored.to.city, point: stored.point }, minutesPerStep);
    const end = events.find((e) => e.status === 'delivered');
    if (!end || bucharestDateKey(end.at) !== delivered) continue;
    const odd = discrepancyOf(row.awb);
    if (odd === 'never_reported') continue;
    const amountBani = odd === 'wrong_amount' ? (stored.codBani > WRONG_BY_BANI ? stored.codBani - WRONG_BY_BANI : stored.codBani + WRONG_BY_BANI) : stored.codBani;
    lines.push({
      awb: odd === 'mistyped_awb' ? mistyped(row.awb) : row.awb,
      amountBani,
      deliveredAt: end.at,
      transferDate: date,
      reference: `${courierId.toUpperCase()}-${date.replace(/-/g, '')}`,
      awbDate: row.createdAt,
      recipient: stored.to.contactName ?? '',
      city: stored.to.city,
      content: stored.content ?? '',
    });
  }
  return lines.sort((a, b) => a.awb.localeCompare(b.awb));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const lei = (bani: number) => Number(baniToRon(bani));

/**
 * The couriers' report endpoints, as their APIs answer them, to the holder of the courier's API key
 * (a bearer token: this deployment's simulated key, 401 without it).
 */
export function courierReportSimulatorRoutes(deps: { database: Database; key: Buffer; minutesPerStep?: number }) {
  return async (app: FastifyInstance) => {
    const shapeOf = (courierId: string) => COD_REPORTS[courierId];
    const authorised = (courierId: string, header: string | undefined) => {
      const given = Buffer.from(header ?? '');
      const expected = Buffer.from(`Bearer ${simCourierApiKey(deps.key, courierId)}`);
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    app.addHook('onRequest', async (req, reply) => {
      const m = new RegExp(`^${COURIER_SIM_PREFIX}/([^/]+)/(?:reports/bank-transfers|CashAccount/)`).exec(req.url);
      if (m && !authorised(decodeURIComponent(m[1]!), req.headers.authorization)) return reply.status(401).send({ message: 'Unauthorized' });
    });

    app.get<{ Params: { courier: string }; Querystring: Record<string, string | undefined> }>(
      `${COURIER_SIM_PREFIX}/:courier/reports/bank-transfers`,
      { schema: { tags: ['courier-simulator'] } },
      async (req, reply) => {
        const report = shapeOf(req.params.courier);
        if (!report?.api || report.shape !== 'fan') return reply.status(404).send({ status: 'error', message: 'Not found' });
        const date = req.query.date ?? '';
        if (!DAY.test(date)) return reply.status(422).send({ status: 'error', message: 'The date field must be a valid date (Y-m-d).' });
        const page = Math.max(1, Number(req.query.page) || 1);
        const perPage = Math.min(FAN_PER_PAGE, Math.max(1, Number(req.query.perPage) || FAN_PER_PAGE));
        const lines = await simulatedTransfer(deps.database, req.params.courier, date, deps.minutesPerStep);
        const data = lines.slice((page - 1) * perPage, page * perPage).map((l) => ({
          info: {
            awbNumber: l.awb,
            awbDate: bucharestDateKey(l.awbDate),
            returnAwbNumber: null,
            reimbursementAwbNumber: l.reference,
            amountCollected: lei(l.amountBani),
            content: l.content,
            transferDate: l.transferDate,
            transactionType: 'bank',
            transactionDate: l.transferDate,
          },
          recipient: { name: l.recipient, contactPerson: l.recipient, address: { locality: l.city } },
          sender: {},
        }));
        return { status: 'success', data, total: lines.length, perPage, currentPage: page };
      },
    );

    app.get<{ Params: { courier: string }; Querystring: Record<string, string | undefined> }>(
      `${COURIER_SIM_PREFIX}/:courier/CashAccount/GetByDeductionDate`,
      { schema: { tags: ['courier-simulator'] } },
      async (req, reply) => {
        const report = shapeOf(req.params.courier);
        if (!report?.api || report.shape !== 'cargus') return reply.status(404).send({ message: 'Resource not found' });
        const date = req.query.DeductionDate ?? '';
        if (!DAY.test(date)) return reply.status(400).send({ message: 'DeductionDate is not valid' });
        const lines = await simulatedTransfer(deps.database, req.params.courier, date, deps.minutesPerStep);
        return lines.map((l) => ({
          BarCode: l.awb,
          RepaymentValue: lei(l.amountBani),
          RepaymentDate: l.deliveredAt.toISOString(),
          DeductionDate: `${l.transferDate}T00:00:00`,
          DeductionId: l.reference,
        }));
      },
    );
  };
}
