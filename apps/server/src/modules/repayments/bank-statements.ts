import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { bankStatementLines, bankStatements } from '../../db/schema/repayment-payouts.js';
import { courierReportLines, courierReports, reconciliationFlags } from '../../db/schema/repayments.js';
import type { ParsedStatement, StatementEntry } from '../../integrations/bank/index.js';
import { COD_REPORTS } from '../../integrations/couriers/index.js';
import { batchesOf } from './reconcile.js';

/**
 * "Received by the platform" (issue 15): the platform account's statement (camt.053) taken in
 * once per (account, statement id), each credit matched to a courier's report by its reference
 * (the report lines' transfer reference) and amount (their sum). A match moves the report's
 * repayments the courier sent to received, with the booking day. A credit whose reference no
 * report has (yet) is flagged unknown_transfer, one whose amount differs transfer_mismatch; a
 * report taken in later matches the waiting credits again (matchWaitingTransfers).
 */

export type StatementSource = { source: 'api' | 'upload'; sha256: string; fileName: string | null; uploadedBy: number | null };
/** `known`: bookings taken in before (by another statement or file): not matched or flagged again. */
export type StatementResult = { imported: boolean; entries: number; matched: number; received: number; flagged: number; known: number };

/** Entries in the order of their booking keys: two statements bringing the same bookings wait on each other's keys in one order (no deadlock). */
const byBookingKey = (entries: readonly StatementEntry[]) =>
  [...entries].sort((a, b) => (a.bookingKey ?? '\uffff').localeCompare(b.bookingKey ?? '\uffff'));

export const sha256Of = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export async function importStatement(database: Database, statement: ParsedStatement, from: StatementSource, onProgress?: (entriesWritten: number) => void): Promise<StatementResult> {
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
    const result: StatementResult = { imported: !!saved, entries: statement.entries.length, matched: 0, received: 0, flagged: 0, known: 0 };
    if (!saved) return result;
    let written = 0;
    for await (const batch of batchesOf(byBookingKey(statement.entries))) {
      await takeEntries(tx, saved.id, statement.iban, batch, result);
      written += batch.length;
      onProgress?.(written);
    }
    return result;
  });
}

/** The courier a reference belongs to, from its report lines, or its prefix ('RAPIDCARPATI-20261123'). */
const courierOfReference = (reference: string) => {
  const prefix = reference.split('-')[0]!.toLowerCase();
  return COD_REPORTS[prefix] ? prefix : 'necunoscut';
};

/**
 * A batch of bookings (in booking key order): their lines are inserted under their booking keys
 * first, so a booking taken in before (committed, or being taken in by a statement imported at the
 * same time, which this insert waits for) adds nothing: it is 'known', neither matched nor flagged
 * again. The new credits are then matched (matchLines).
 */
async function takeEntries(tx: Executor, statementId: number, accountIban: string, batch: readonly StatementEntry[], result: StatementResult) {
  const references = await referencesIn(tx, batch);
  const saved = await tx
    .insert(bankStatementLines)
    .values(
      batch.map((entry, i) => ({
        statementId,
        accountIban,
        bookingKey: entry.bookingKey ?? null,
        entryRef: entry.entryRef,
        amountBani: entry.amountBani,
        direction: entry.direction,
        bookingDate: entry.bookingDate,
        valueDate: entry.valueDate,
        reference: references[i]!,
        debtorName: entry.debtorName,
        outcome: entry.direction === 'DBIT' ? ('debit' as const) : ('unknown_reference' as const),
      })),
    )
    .onConflictDoNothing()
    .returning();
  // A line is found back by its booking key, or (without one) by its entry's reference in the statement, unique there.
  const keyOf = (bookingKey: string | null, entryRef: string | null) => (bookingKey !== null ? `k:${bookingKey}` : `e:${entryRef}`);
  const lines = new Map(saved.map((l) => [keyOf(l.bookingKey, l.entryRef), l]));
  const credits: LineRow[] = [];
  for (const entry of batch) {
    const key = keyOf(entry.bookingKey ?? null, entry.entryRef);
    const line = lines.get(key);
    if (!line) {
      result.known += 1;
      continue;
    }
    lines.delete(key);
    if (entry.direction === 'CRDT') credits.push(line);
  }
  const outcome = await matchLines(tx, credits);
  result.matched += outcome.matched;
  result.received += outcome.received;
  result.flagged += outcome.flagged;
}

/**
 * Each entry's reference: the first of its candidates (EndToEndId, the payment text, its words) a
 * courier report has, else the reader's guess (a word like 'RAPIDCARPATI-20261115'), by which a
 * report taken in later still finds it. One query for the batch.
 */
async function referencesIn(tx: Executor, entries: readonly StatementEntry[]): Promise<(string | null)[]> {
  const asked = [...new Set(entries.flatMap((e) => (e.direction === 'DBIT' ? [] : (e.candidates ?? []))))];
  const found = new Set<string | null>();
  if (asked.length > 0) {
    const known = await tx
      .selectDistinct({ reference: courierReportLines.transferReference })
      .from(courierReportLines)
      .where(inArray(courierReportLines.transferReference, asked));
    for (const k of known) found.add(k.reference);
  }
  return entries.map((e) => (e.direction === 'DBIT' ? e.reference : ((e.candidates ?? []).find((c) => found.has(c)) ?? e.reference)));
}

type LineRow = typeof bankStatementLines.$inferSelect;

/**
 * Matches credits to their reports (by reference, then amount), in their order; flags the others
 * (once per line). Their references are locked first, in one order: two bookings of one reference
 * (a transfer booked twice) matched at the same time go one after the other, so the second sees
 * the first matched; within the batch, a reference matched by an earlier line makes a duplicate.
 */
async function matchLines(tx: Executor, lines: readonly LineRow[]): Promise<{ matched: number; received: number; flagged: number }> {
  const outcome = { matched: 0, received: 0, flagged: 0 };
  if (lines.length === 0) return outcome;
  const references = [...new Set(lines.map((l) => l.reference).filter((r): r is string => r !== null))].sort();
  const reports = new Map<string, { courierId: string; sum: number }>();
  const matchedBefore = new Set<string>();
  if (references.length > 0) {
    const json = JSON.stringify(references);
    await tx.execute(
      sql`select count(pg_advisory_xact_lock(hashtext('bank-reference:' || r))) from (select r from jsonb_array_elements_text(${json}::jsonb) as r order by r) as o`,
    );
    const sums = await tx
      .select({ reference: courierReportLines.transferReference, courierId: courierReports.courierId, sum: sql<string>`coalesce(sum(${courierReportLines.amountBani}), 0)` })
      .from(courierReportLines)
      .innerJoin(courierReports, eq(courierReports.id, courierReportLines.reportId))
      .where(inArray(courierReportLines.transferReference, references))
      .groupBy(courierReportLines.transferReference, courierReports.courierId);
    for (const s of sums) if (s.reference !== null && !reports.has(s.reference)) reports.set(s.reference, { courierId: s.courierId, sum: Number(s.sum) });
    const earlier = await tx
      .selectDistinct({ reference: bankStatementLines.reference })
      .from(bankStatementLines)
      .where(and(inArray(bankStatementLines.reference, references), eq(bankStatementLines.outcome, 'matched')));
    for (const e of earlier) if (e.reference !== null) matchedBefore.add(e.reference);
  }
  const sets: { id: number; outcome: string; courier_id: string; reported_bani: number | null }[] = [];
  const received: { reference: string; line_id: number; day: string }[] = [];
  const flags: (typeof reconciliationFlags.$inferInsert)[] = [];
  for (const line of lines) {
    const reference = line.reference;
    const known = reference !== null ? reports.get(reference) : undefined;
    const reportedBani = known ? known.sum : null;
    const result = !known ? 'unknown_reference' : matchedBefore.has(reference!) ? 'duplicate' : reportedBani === line.amountBani ? 'matched' : 'amount_mismatch';
    const courierId = known?.courierId ?? courierOfReference(reference ?? '');
    sets.push({ id: line.id, outcome: result, courier_id: courierId, reported_bani: reportedBani });
    if (result === 'matched') {
      matchedBefore.add(reference!);
      received.push({ reference: reference!, line_id: line.id, day: line.bookingDate });
      outcome.matched += 1;
      continue;
    }
    const kind = result === 'unknown_reference' ? 'unknown_transfer' : result === 'duplicate' ? 'duplicate' : 'transfer_mismatch';
    flags.push({ kind, courierId, awb: reference ?? line.entryRef ?? '-', bankLineId: line.id, expectedBani: reportedBani, reportedBani: line.amountBani });
    outcome.flagged += 1;
  }
  await tx.execute(sql`update bank_statement_lines l set outcome = v.outcome, courier_id = v.courier_id, reported_bani = v.reported_bani
    from jsonb_to_recordset(${JSON.stringify(sets)}::jsonb) as v(id bigint, outcome text, courier_id text, reported_bani bigint)
    where l.id = v.id`);
  if (received.length > 0) {
    // The report's repayments the courier sent: received on the booking's day, by this line.
    const moved = await tx.execute(sql`update repayments r set status = 'received', received_on = v.day, received_line_id = v.line_id, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(received)}::jsonb) as v(reference text, line_id bigint, day date), courier_report_lines c
      where c.transfer_reference = v.reference and r.report_line_id = c.id and r.status = 'sent_by_courier'
      returning r.id`);
    outcome.received = rowsOf(moved).length;
  }
  if (flags.length > 0) await tx.insert(reconciliationFlags).values(flags);
  return outcome;
}

/** The rows of a raw statement, whichever driver answered (node-postgres: `rows`; PGlite: `rows` too, or an array). */
const rowsOf = (res: unknown): unknown[] => (Array.isArray(res) ? res : ((res as { rows?: unknown[] }).rows ?? []));

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
    if (waiting.length === 0) return 0;
    await tx
      .update(reconciliationFlags)
      .set({ resolvedAt: sql`now()`, note: AUTO_RESOLVED_NOTE })
      .where(and(inArray(reconciliationFlags.bankLineId, waiting.map((l) => l.id)), eq(reconciliationFlags.kind, 'unknown_transfer'), isNull(reconciliationFlags.resolvedAt)));
    let received = 0;
    for await (const batch of batchesOf(waiting)) received += (await matchLines(tx, batch)).received;
    return received;
  });
}
