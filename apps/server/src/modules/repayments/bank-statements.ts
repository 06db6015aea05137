import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { bankStatementLines, bankStatements, courierReportLines, courierReports, reconciliationFlags, repayments } from '../../db/schema.js';
import type { ParsedStatement, StatementEntry } from '../../integrations/bank/index.js';
import { COD_REPORTS } from '../../integrations/couriers/index.js';

/**
 * "Received by the platform" (issue 15): the platform account's statement (camt.053) taken in
 * once per (account, statement id), each credit matched to a courier's report by its reference
 * (the report lines' transfer reference) and amount (their sum). A match moves the report's
 * repayments the courier sent to received, with the booking day. A credit whose reference no
 * report has (yet) is flagged unknown_transfer, one whose amount differs transfer_mismatch; a
 * report taken in later matches the waiting credits again (matchWaitingTransfers).
 */

export type StatementSource = { source: 'api' | 'upload'; sha256: string; fileName: string | null; uploadedBy: number | null };
export type StatementResult = { imported: boolean; entries: number; matched: number; received: number; flagged: number };

export const sha256Of = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export async function importStatement(database: Database, statement: ParsedStatement, from: StatementSource): Promise<StatementResult> {
  return database.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(bankStatements)
      .values({
        source: from.source,
        accountIban: statement.iban,
        statementId: statement.statementId,
        statementDate: statement.date,
        openingBani: statement.openingBani,
        closingBani: statement.closingBani,
        fileName: from.fileName,
        sha256: from.sha256,
        uploadedBy: from.uploadedBy,
        entryCount: statement.entries.length,
      })
      .onConflictDoNothing()
      .returning({ id: bankStatements.id });
    const result: StatementResult = { imported: !!saved, entries: statement.entries.length, matched: 0, received: 0, flagged: 0 };
    if (!saved) return result;
    for (const entry of statement.entries) {
      const outcome = await takeEntry(tx, saved.id, entry);
      if (outcome.matched) result.matched += 1;
      result.received += outcome.received;
      if (outcome.flagged) result.flagged += 1;
    }
    return result;
  });
}

/** The courier a reference belongs to, from its report lines, or its prefix ('RAPIDCARPATI-20261123'). */
const courierOfReference = (reference: string) => {
  const prefix = reference.split('-')[0]!.toLowerCase();
  return COD_REPORTS[prefix] ? prefix : 'necunoscut';
};

async function takeEntry(tx: Executor, statementId: number, entry: StatementEntry) {
  const [line] = await tx
    .insert(bankStatementLines)
    .values({
      statementId,
      entryRef: entry.entryRef,
      amountBani: entry.amountBani,
      direction: entry.direction,
      bookingDate: entry.bookingDate,
      valueDate: entry.valueDate,
      reference: entry.reference,
      debtorName: entry.debtorName,
      outcome: entry.direction === 'DBIT' ? 'debit' : 'unknown_reference',
    })
    .returning();
  if (entry.direction === 'DBIT' || !line) return { matched: false, received: 0, flagged: false };
  return matchLine(tx, line);
}

type LineRow = typeof bankStatementLines.$inferSelect;

/** Matches one credit to its report (by reference, then amount); flags it otherwise (once per line). */
async function matchLine(tx: Executor, line: LineRow): Promise<{ matched: boolean; received: number; flagged: boolean }> {
  const reference = line.reference;
  const report = reference
    ? await tx
        .select({ courierId: courierReports.courierId, sum: sql<string>`coalesce(sum(${courierReportLines.amountBani}), 0)`, count: sql<number>`count(*)::int` })
        .from(courierReportLines)
        .innerJoin(courierReports, eq(courierReports.id, courierReportLines.reportId))
        .where(eq(courierReportLines.transferReference, reference))
        .groupBy(courierReports.courierId)
    : [];
  const known = report[0];
  const earlier = reference
    ? await tx
        .select({ id: bankStatementLines.id })
        .from(bankStatementLines)
        .where(and(eq(bankStatementLines.reference, reference), eq(bankStatementLines.outcome, 'matched')))
        .limit(1)
    : [];
  const reportedBani = known ? Number(known.sum) : null;
  const outcome = !known ? 'unknown_reference' : earlier.length > 0 ? 'duplicate' : reportedBani === line.amountBani ? 'matched' : 'amount_mismatch';
  const courierId = known?.courierId ?? courierOfReference(reference ?? '');
  await tx.update(bankStatementLines).set({ outcome, courierId, reportedBani }).where(eq(bankStatementLines.id, line.id));
  if (outcome === 'matched') {
    const moved = await tx
      .update(repayments)
      .set({ status: 'received', receivedOn: line.bookingDate, receivedLineId: line.id, updatedAt: sql`now()` })
      .where(
        and(
          eq(repayments.status, 'sent_by_courier'),
          inArray(
            repayments.reportLineId,
            tx.select({ id: courierReportLines.id }).from(courierReportLines).where(eq(courierReportLines.transferReference, reference!)),
          ),
        ),
      )
      .returning({ id: repayments.id });
    return { matched: true, received: moved.length, flagged: false };
  }
  const kind = outcome === 'unknown_reference' ? 'unknown_transfer' : outcome === 'duplicate' ? 'duplicate' : 'transfer_mismatch';
  await tx.insert(reconciliationFlags).values({ kind, courierId, awb: reference ?? line.entryRef ?? '-', bankLineId: line.id, expectedBani: reportedBani, reportedBani: line.amountBani });
  return { matched: false, received: 0, flagged: true };
}

/** A note the platform writes itself when a later report settles a transfer flagged unknown. */
export const AUTO_RESOLVED_NOTE = 'Potrivit automat cu raportul curierului importat ulterior.';

/**
 * The credits still waiting for their report (unknown_reference) whose reference a report now
 * has: matched again; their unknown_transfer flag is closed with a note when they match.
 */
export async function matchWaitingTransfers(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const waiting = await tx
      .select()
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.outcome, 'unknown_reference'),
          inArray(bankStatementLines.reference, tx.selectDistinct({ r: sql<string>`${courierReportLines.transferReference}` }).from(courierReportLines)),
        ),
      )
      .for('update', { skipLocked: true });
    let received = 0;
    for (const line of waiting) {
      await tx
        .update(reconciliationFlags)
        .set({ resolvedAt: sql`now()`, note: AUTO_RESOLVED_NOTE })
        .where(and(eq(reconciliationFlags.bankLineId, line.id), eq(reconciliationFlags.kind, 'unknown_transfer'), isNull(reconciliationFlags.resolvedAt)));
      received += (await matchLine(tx, line)).received;
    }
    return received;
  });
}
