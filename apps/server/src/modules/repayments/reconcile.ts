import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { courierReportLines, courierReports, reconciliationFlags, repayments, type ReconciliationFlagKind } from '../../db/schema.js';

/** One line of a courier's report, whatever its shape: the AWB, the amount and the transfer's day. */
export type ReportLine = { awb: string; amountBani: number; transferDate: string; reference: string | null };

/** Which report: a day's report from the courier's API, or an uploaded file (keyed by its hash). */
export type ReportSource =
  | { source: 'api'; courierId: string; date: string }
  | { source: 'upload'; courierId: string; sha256: string; fileName: string | null; uploadedBy: number | null };

export type ReconcileResult = {
  /** false: this report was already taken in (nothing was done again). */
  imported: boolean;
  lines: number;
  matched: number;
  flagged: Partial<Record<ReconciliationFlagKind, number>>;
};

/** Days after the delivery after which a delivered cash on delivery no report mentioned is flagged (REPAYMENT_NOT_REPORTED_DAYS). */
export const DEFAULT_NOT_REPORTED_DAYS = 5;

/**
 * Takes one courier report in and reconciles it per AWB, in one transaction: the report's key
 * (courier, source, day or file hash) is inserted first, so a report already taken in does
 * nothing (also when two runs race: the second waits on the key and finds it). Each line is
 * matched to its repayment (-> sent by the courier, with the transfer's day); a different
 * amount, an AWB we do not know, a second report of one AWB or the report of a cancelled one
 * is flagged for the admins.
 */
export async function reconcileReport(database: Database, from: ReportSource, lines: readonly ReportLine[]): Promise<ReconcileResult> {
  return database.db.transaction(async (tx) => {
    const [report] = await tx
      .insert(courierReports)
      .values({
        courierId: from.courierId,
        source: from.source,
        key: from.source === 'api' ? from.date : from.sha256,
        reportDate: from.source === 'api' ? from.date : null,
        fileName: from.source === 'upload' ? from.fileName : null,
        uploadedBy: from.source === 'upload' ? from.uploadedBy : null,
        lineCount: lines.length,
      })
      .onConflictDoNothing()
      .returning({ id: courierReports.id });
    const result: ReconcileResult = { imported: !!report, lines: lines.length, matched: 0, flagged: {} };
    if (!report) return result;
    for (const line of lines) {
      const kind = await reconcileLine(tx, from.courierId, report.id, line);
      if (kind === null) result.matched += 1;
      else result.flagged[kind] = (result.flagged[kind] ?? 0) + 1;
    }
    return result;
  });
}

async function reconcileLine(tx: Executor, courierId: string, reportId: number, line: ReportLine): Promise<ReconciliationFlagKind | null> {
  const [repayment] = await tx
    .select()
    .from(repayments)
    .where(and(eq(repayments.courierId, courierId), eq(repayments.awb, line.awb)))
    .for('update')
    .limit(1);
  let outcome: ReconciliationFlagKind | 'matched';
  if (!repayment) outcome = 'unknown_awb';
  else if (repayment.status === 'cancelled') outcome = 'cancelled';
  else if (repayment.status !== 'awaiting_delivery' && repayment.status !== 'delivered') outcome = 'duplicate';
  else outcome = repayment.amountBani === line.amountBani ? 'matched' : 'amount_mismatch';

  const [saved] = await tx
    .insert(courierReportLines)
    .values({
      reportId,
      awb: line.awb,
      amountBani: line.amountBani,
      transferDate: line.transferDate,
      transferReference: line.reference,
      repaymentId: repayment?.id ?? null,
      outcome,
    })
    .returning({ id: courierReportLines.id });
  if (repayment && (outcome === 'matched' || outcome === 'amount_mismatch')) {
    // The courier transferred it (a different amount too: what it sent is the admins' question, the flag says so).
    await tx
      .update(repayments)
      .set({ status: 'sent_by_courier', sentByCourierOn: line.transferDate, reportLineId: saved!.id, updatedAt: sql`now()` })
      .where(eq(repayments.id, repayment.id));
  }
  if (outcome === 'matched') return null;
  await tx.insert(reconciliationFlags).values({
    kind: outcome,
    courierId,
    awb: line.awb,
    repaymentId: repayment?.id ?? null,
    reportLineId: saved!.id,
    expectedBani: repayment?.amountBani ?? null,
    reportedBani: line.amountBani,
  });
  return outcome;
}

/**
 * Flags each delivered cash on delivery that no report mentioned `days` after its delivery (once
 * per repayment: the partial unique index). Answers how many were flagged now.
 */
export async function flagNotReported(db: Executor, now: Date, days = DEFAULT_NOT_REPORTED_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const due = await db
    .select({ id: repayments.id, courierId: repayments.courierId, awb: repayments.awb, amountBani: repayments.amountBani })
    .from(repayments)
    .where(and(eq(repayments.status, 'delivered'), lt(repayments.deliveredAt, before)));
  if (due.length === 0) return 0;
  const added = await db
    .insert(reconciliationFlags)
    .values(due.map((r) => ({ kind: 'not_reported' as const, courierId: r.courierId, awb: r.awb, repaymentId: r.id, expectedBani: r.amountBani })))
    .onConflictDoNothing({ target: reconciliationFlags.repaymentId, where: sql`${reconciliationFlags.kind} = 'not_reported'` })
    .returning({ id: reconciliationFlags.id });
  return added.length;
}
