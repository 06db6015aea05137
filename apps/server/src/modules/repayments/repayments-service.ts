import { REPAYMENT_REPORT_MESSAGES as t } from '@colete/contract';
import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { courierReports } from '../../db/schema/repayments.js';
import { COD_REPORTS, type codReportsClient } from '../../integrations/couriers/index.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { badRequest } from '../../lib/errors.js';
import { DEFAULT_NOT_REPORTED_DAYS, flagNotReported, reconcileReport, type ReconcileResult } from './reconcile.js';
import { parseReportFile } from './report-files.js';
import { matchWaitingTransfers } from './bank-statements.js';
import { hashing, type FileStream } from './upload-file.js';
import type { UploadTracker } from './upload-progress.js';

/** An upload's options: `rest` checks the body after the file (one file only), `progress` is told the rows read and written. */
export type UploadOptions = { rest?: () => Promise<void>; progress?: UploadTracker };

/** How many days back the job looks for reports it has not taken in (a day missed while the server was down is read later). */
export const REPORT_LOOKBACK_DAYS = 14;

export type RepaymentsDeps = {
  database: Database;
  /** The couriers' report APIs (the simulator's, in process, by default); null: none is read. */
  reports: ReturnType<typeof codReportsClient> | null;
  /** Delivered and still unreported after this many days: flagged (REPAYMENT_NOT_REPORTED_DAYS). */
  notReportedDays?: number;
  courierName?: (courierId: string) => string;
  now?: () => Date;
};

const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

export function repaymentsService(deps: RepaymentsDeps) {
  const { database } = deps;
  const clock = deps.now ?? (() => new Date());
  const nameOf = deps.courierName ?? ((id: string) => id);

  return {
    /**
     * The job's work: every day's report (up to yesterday, Bucharest) of each courier with a
     * report API that was not taken in yet, each reconciled once; then the not-reported check.
     */
    async importDueReports(opts: { now?: Date } = {}) {
      const now = opts.now ?? clock();
      const today = bucharestDateKey(now);
      const first = dayBefore(today, REPORT_LOOKBACK_DAYS);
      const summary = { reports: 0, lines: 0, matched: 0, flagged: 0, failed: 0, notReported: 0 };
      for (const [courierId, report] of Object.entries(COD_REPORTS)) {
        if (!report.api || !deps.reports) continue;
        const done = new Set(
          (
            await database.db
              .select({ day: courierReports.reportDate })
              .from(courierReports)
              .where(and(eq(courierReports.courierId, courierId), eq(courierReports.source, 'api'), gte(courierReports.reportDate, first)))
          ).map((r) => r.day),
        );
        for (let n = REPORT_LOOKBACK_DAYS; n >= 1; n--) {
          const day = dayBefore(today, n);
          if (done.has(day)) continue;
          try {
            const lines = await deps.reports.dayReport(courierId, day);
            const result = await reconcileReport(database, { source: 'api', courierId, date: day }, lines);
            if (result.imported) add(summary, result);
          } catch {
            // A courier's API down: its day is read by a later run (it is not recorded as taken in).
            summary.failed += 1;
            break;
          }
        }
      }
      summary.notReported = await flagNotReported(database.db, now, deps.notReportedDays ?? DEFAULT_NOT_REPORTED_DAYS);
      return summary;
    },

    /** A courier's report file uploaded by an admin: parsed in the courier's shape and reconciled once per file. */
    async uploadReport(adminId: number, courierId: string, file: FileStream, fileName: string | null, opts: UploadOptions = {}): Promise<ReconcileResult> {
      const report = COD_REPORTS[courierId];
      if (!report) throw badRequest(t.unknownCourier, 'unknownCourier', { courier: t.unknownCourier });
      // Read as it arrives, checked whole (a bad line refuses the file before anything is written), then written in batches.
      const hashed = hashing(file);
      const lines = await parseReportFile(hashed.stream, report.shape, nameOf(courierId), (n) => opts.progress?.read(n));
      await hashed.finish();
      await opts.rest?.();
      opts.progress?.total(lines.length);
      const sha256 = hashed.digest();
      const result = await reconcileReport(database, { source: 'upload', courierId, sha256, fileName, uploadedBy: adminId }, lines, (n) => opts.progress?.wrote(n));
      // The bank credits that waited for this report's references.
      if (result.imported) await matchWaitingTransfers(database);
      return result;
    },
  };
}

function add(summary: { reports: number; lines: number; matched: number; flagged: number }, r: ReconcileResult) {
  summary.reports += 1;
  summary.lines += r.lines;
  summary.matched += r.matched;
  summary.flagged += Object.values(r.flagged).reduce((a, b) => a + (b ?? 0), 0);
}

export type RepaymentsService = ReturnType<typeof repaymentsService>;
