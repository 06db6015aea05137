import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { courierReportLines, courierReports, reconciliationFlags, repayments, type ReconciliationFlagKind } from '../../db/schema/repayments.js';

/** One line of a courier's report, whatever its shape: the AWB, the amount and the transfer's day. */
export type ReportLine = { awb: string; amountBani: number; transferDate: string; reference: string | null };

/** Which report: a day's report from the courier's API, or an uploaded file (keyed by its hash). */
export type ReportSource =
  | { source: 'api'; courierId: string; date: string }
  | { source: 'upload'; courierId: string; sha256: string; fileName: string | null; uploadedBy: number | null };

export type ReconcileResult = {
  /** false: nothing new was taken in (this report, or every line of it, was seen before). */
  imported: boolean;
  lines: number;
  matched: number;
  /** Lines taken in before (by this or another report or file): not counted again. */
  known: number;
  flagged: Partial<Record<ReconciliationFlagKind, number>>;
};

/** Days after the delivery after which a delivered cash on delivery no report mentioned is flagged (REPAYMENT_NOT_REPORTED_DAYS). */
export const DEFAULT_NOT_REPORTED_DAYS = 5;

/** A report line's identity with its courier and AWB (issue 24): the transfer's reference, or its day when the courier gives none. */
export const lineKeyOf = (line: Pick<ReportLine, 'reference' | 'transferDate'>) => (line.reference !== null ? `ref:${line.reference}` : `day:${line.transferDate}`);

/** Rows written per multi-row statement when a report or a statement is taken in (issue 24: 60,000 lines in one upload). */
export const IMPORT_BATCH_ROWS = 500;

/** Groups a stream of items in arrays of `size` (the last one shorter). */
export async function* batchesOf<T>(items: Iterable<T> | AsyncIterable<T>, size = IMPORT_BATCH_ROWS): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Takes one courier report in and reconciles it per AWB, in one transaction, written in batches
 * of IMPORT_BATCH_ROWS lines: the report's key (courier, source, day or file hash) is inserted
 * first, so a report already taken in does nothing (also when two runs race: the second waits on
 * the key and finds it). Each line is known by its courier, AWB and transfer reference (the
 * lines' unique key), whatever file brought it: a line seen before is skipped (counted as known),
 * so the same report saved with other bytes counts nothing twice. A new line is matched to its
 * repayment (-> sent by the courier, with the transfer's day); a different amount, an AWB we do
 * not know, a second transfer of one AWB or the report of a cancelled one is flagged for the admins.
 */
export async function reconcileReport(database: Database, from: ReportSource, lines: readonly ReportLine[], onProgress?: (linesWritten: number) => void): Promise<ReconcileResult> {
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
    const result: ReconcileResult = { imported: false, lines: lines.length, matched: 0, known: 0, flagged: {} };
    if (!report) return result;
    let written = 0;
    for await (const batch of batchesOf(lines)) {
      await reconcileBatch(tx, from.courierId, report.id, batch, result);
      written += batch.length;
      onProgress?.(written);
    }
    // A day's report from the API is taken in (its day is done) even when empty or all known.
    result.imported = from.source === 'api' || lines.length === 0 || result.known < lines.length;
    return result;
  });
}

/**
 * One batch of a report's lines, in the file's order: the lines' keys first (a line seen before,
 * committed or being taken in by a racing upload, which this insert waits for, inserts nothing
 * and is not counted again), then their repayments locked, then the outcomes, each line seeing
 * the ones before it (a second transfer of one AWB is a duplicate), written in three statements.
 */
async function reconcileBatch(tx: Executor, courierId: string, reportId: number, batch: readonly ReportLine[], result: ReconcileResult) {
  const saved = await tx
    .insert(courierReportLines)
    .values(
      batch.map((line) => ({
        reportId,
        courierId,
        awb: line.awb,
        lineKey: lineKeyOf(line),
        amountBani: line.amountBani,
        transferDate: line.transferDate,
        transferReference: line.reference,
        outcome: 'unknown_awb' as const,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: courierReportLines.id, awb: courierReportLines.awb, lineKey: courierReportLines.lineKey });
  const ids = new Map(saved.map((s) => [`${s.awb}\n${s.lineKey}`, s.id]));
  const fresh: { line: ReportLine; id: number }[] = [];
  for (const line of batch) {
    const key = `${line.awb}\n${lineKeyOf(line)}`;
    const id = ids.get(key);
    if (id === undefined) {
      result.known += 1;
      continue;
    }
    ids.delete(key); // the same line twice in one file: the second is known
    fresh.push({ line, id });
  }
  if (fresh.length === 0) return;
  const found = await tx
    .select({ id: repayments.id, awb: repayments.awb, status: repayments.status, amountBani: repayments.amountBani })
    .from(repayments)
    .where(and(eq(repayments.courierId, courierId), inArray(repayments.awb, [...new Set(fresh.map((f) => f.line.awb))])))
    .orderBy(repayments.id)
    .for('update');
  const byAwb = new Map(found.map((r) => [r.awb, { ...r }]));
  const lineSets: { id: number; repaymentId: number | null; outcome: string }[] = [];
  const sent: { id: number; day: string; lineId: number }[] = [];
  const flags: (typeof reconciliationFlags.$inferInsert)[] = [];
  for (const { line, id } of fresh) {
    const repayment = byAwb.get(line.awb);
    let outcome: ReconciliationFlagKind | 'matched';
    if (!repayment) outcome = 'unknown_awb';
    else if (repayment.status === 'cancelled') outcome = 'cancelled';
    else if (repayment.status !== 'awaiting_delivery' && repayment.status !== 'delivered') outcome = 'duplicate';
    else outcome = repayment.amountBani === line.amountBani ? 'matched' : 'amount_mismatch';
    if (repayment) lineSets.push({ id, repaymentId: repayment.id, outcome });
    if (repayment && (outcome === 'matched' || outcome === 'amount_mismatch')) {
      // The courier transferred it (a different amount too: what it sent is the admins' question, the flag says so).
      sent.push({ id: repayment.id, day: line.transferDate, lineId: id });
      repayment.status = 'sent_by_courier';
    }
    if (outcome === 'matched') {
      result.matched += 1;
      continue;
    }
    result.flagged[outcome] = (result.flagged[outcome] ?? 0) + 1;
    flags.push({ kind: outcome, courierId, awb: line.awb, repaymentId: repayment?.id ?? null, reportLineId: id, expectedBani: repayment?.amountBani ?? null, reportedBani: line.amountBani });
  }
  if (lineSets.length > 0) {
    await tx.execute(sql`update courier_report_lines l set repayment_id = v.repayment_id, outcome = v.outcome
      from jsonb_to_recordset(${JSON.stringify(lineSets.map((x) => ({ id: x.id, repayment_id: x.repaymentId, outcome: x.outcome })))}::jsonb) as v(id bigint, repayment_id integer, outcome text)
      where l.id = v.id`);
  }
  if (sent.length > 0) {
    await tx.execute(sql`update repayments r set status = 'sent_by_courier', sent_by_courier_on = v.day, report_line_id = v.line_id, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(sent.map((x) => ({ id: x.id, day: x.day, line_id: x.lineId })))}::jsonb) as v(id integer, day date, line_id bigint)
      where r.id = v.id`);
  }
  if (flags.length > 0) await tx.insert(reconciliationFlags).values(flags);
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
