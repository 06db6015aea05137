import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The couriers' cash-on-delivery reports (../shared/docs/integrations.md): what a courier says it
 * transferred on a day, in its own shape, read over HTTP and normalised to one line per AWB.
 * - FAN Courier's shape: `GET reports/bank-transfers?clientId&date&page&perPage` ->
 *   {status, data:[{info:{awbNumber, amountCollected, transferDate, reimbursementAwbNumber, ...}}], total, perPage, currentPage};
 * - Cargus's shape: `GET CashAccount/GetByDeductionDate?DeductionDate` ->
 *   [{BarCode, RepaymentValue, RepaymentDate, DeductionDate, DeductionId}].
 * Amounts are lei with decimals in both: they become integer bani here.
 */

export type CodReportShape = 'fan' | 'cargus';
/** One transferred cash on delivery: its AWB, amount, the transfer's day (YYYY-MM-DD) and reference. */
export type CodReportLine = { awb: string; amountBani: number; transferDate: string; reference: string | null };

/**
 * Each simulated courier's report: its shape, and whether its API serves it (the others send
 * their report only as a file, uploaded by an admin).
 */
export const COD_REPORTS: Record<string, { shape: CodReportShape; api: boolean }> = {
  rapidcarpati: { shape: 'fan', api: true },
  dunarea: { shape: 'cargus', api: true },
  colet24: { shape: 'fan', api: false },
  postaverde: { shape: 'cargus', api: false },
};

/** The simulator's courier APIs live under this prefix, one folder per courier. */
export const COURIER_SIM_PREFIX = '/sim/couriers';
export const FAN_PER_PAGE = 100;
/** The simulated couriers' API key of this deployment (a real courier issues the platform its own): derived from the token key. */
export const simCourierApiKey = (key: Buffer, courierId: string) => createHmac('sha256', key).update(`courier-sim api key ${courierId}`).digest('hex');

export type FetchLike = (url: string, init?: { headers?: Record<string, string> }) => Promise<Response>;

/** Calls answered by this very server's simulator routes, in process (the real protocol, no network). */
export function injectFetch(host: FastifyInstance): FetchLike {
  return async (url, init) => {
    const u = new URL(url);
    const res = await host.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: init?.headers });
    return new Response(res.rawPayload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  };
}

/** A day's date from the couriers' forms: 'YYYY-MM-DD', an ISO date-time, or 'dd.mm.yyyy'. */
export function dayOf(value: string): string | null {
  const v = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  const ro = /^(\d{2})[./](\d{2})[./](\d{4})/.exec(v);
  const day = iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : ro ? `${ro[3]}-${ro[2]}-${ro[1]}` : null;
  // A real calendar day only: '2026-02-30' is no day (JavaScript would read it as 2 March, PostgreSQL refuse it).
  const at = day ? new Date(`${day}T00:00:00Z`) : null;
  return day && at && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day ? day : null;
}

/** An amount in lei as the couriers write it (a number, '249.90' or '249,90') to bani; null when it is not a positive one. */
export function baniOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(/\s/g, '').replace(',', '.') : '';
  if (!/^\d{1,9}(\.\d+)?$/.test(text)) return null;
  // A spreadsheet may store 75.25 as 75.250000000000001: whole bani within a millionth count as such.
  const lei = Number(text);
  const bani = Math.round(lei * 100);
  return bani > 0 && Math.abs(lei * 100 - bani) < 1e-6 ? bani : null;
}

export class CodReportError extends Error {}

/** An AWB as a report writes it: 1 to 40 letters, digits or dashes. */
const awbOf = (value: unknown) => (typeof value === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(value.trim()) ? value.trim() : null);

const fanLine = (info: Record<string, unknown>): CodReportLine | null => {
  const amountBani = baniOf(info.amountCollected);
  const transferDate = typeof info.transferDate === 'string' ? dayOf(info.transferDate) : null;
  const awb = awbOf(info.awbNumber);
  if (!awb || amountBani === null || !transferDate) return null;
  return { awb, amountBani, transferDate, reference: typeof info.reimbursementAwbNumber === 'string' ? info.reimbursementAwbNumber : null };
};
const cargusLine = (row: Record<string, unknown>): CodReportLine | null => {
  const amountBani = baniOf(row.RepaymentValue);
  const transferDate = typeof row.DeductionDate === 'string' ? dayOf(row.DeductionDate) : null;
  const awb = awbOf(row.BarCode);
  if (!awb || amountBani === null || !transferDate) return null;
  return { awb, amountBani, transferDate, reference: row.DeductionId == null ? null : String(row.DeductionId) };
};

/** Reads the day's report of a courier whose API serves one, page by page; a malformed answer throws. */
export function codReportsClient(opts: { fetch: FetchLike; baseUrl: (courierId: string) => string; apiKey: (courierId: string) => string }) {
  async function getJson(url: string, courierId: string) {
    const res = await opts.fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${opts.apiKey(courierId)}` } });
    if (!res.ok) throw new CodReportError(`${url}: HTTP ${res.status}`);
    return (await res.json()) as unknown;
  }
  const valid = (lines: (CodReportLine | null)[], url: string) => {
    if (lines.some((l) => l === null)) throw new CodReportError(`${url}: a line without its AWB, amount or transfer date`);
    return lines as CodReportLine[];
  };
  return {
    async dayReport(courierId: string, date: string): Promise<CodReportLine[]> {
      const report = COD_REPORTS[courierId];
      if (!report?.api) throw new CodReportError(`${courierId} has no report API`);
      const base = opts.baseUrl(courierId);
      if (report.shape === 'cargus') {
        const url = `${base}/CashAccount/GetByDeductionDate?DeductionDate=${date}`;
        const body = await getJson(url, courierId);
        if (!Array.isArray(body)) throw new CodReportError(`${url}: not a list`);
        return valid(body.map((r) => cargusLine(r as Record<string, unknown>)), url);
      }
      const lines: CodReportLine[] = [];
      for (let page = 1; ; page++) {
        const url = `${base}/reports/bank-transfers?date=${date}&page=${page}&perPage=${FAN_PER_PAGE}`;
        const body = (await getJson(url, courierId)) as { status?: string; data?: { info?: Record<string, unknown> }[]; total?: number };
        if (body.status !== 'success' || !Array.isArray(body.data)) throw new CodReportError(`${url}: not a report`);
        lines.push(...valid(body.data.map((d) => fanLine(d.info ?? {})), url));
        if (body.data.length === 0 || page * FAN_PER_PAGE >= (body.total ?? 0)) return lines;
      }
    },
  };
}

/** The report's lines from a file's rows (keyed by the header line), in the courier's shape; null when a row is not one. */
export function linesOfRecords(shape: CodReportShape, records: Record<string, string>[]): (CodReportLine | null)[] {
  return records.map((r) => (shape === 'fan' ? fanLine(r) : cargusLine(r)));
}

/** The columns a file of each shape must have. */
export const REPORT_COLUMNS: Record<CodReportShape, string[]> = {
  fan: ['awbNumber', 'amountCollected', 'transferDate', 'reimbursementAwbNumber'],
  cargus: ['BarCode', 'RepaymentValue', 'RepaymentDate', 'DeductionDate'],
};
