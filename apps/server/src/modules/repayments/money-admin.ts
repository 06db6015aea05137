import { BANK_STATEMENT_MESSAGES as b, RECONCILIATION_MESSAGES as r, type ReconciliationKind } from '@colete/contract';
import { and, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bankStatements, payoutRuns } from '../../db/schema/repayment-payouts.js';
import { reconciliationFlags } from '../../db/schema/repayments.js';
import { Camt053Error, parseCamt053, readCamt053, type BankStatementsClient } from '../../integrations/bank/index.js';
import { COD_REPORTS } from '../../integrations/couriers/index.js';
import { accountContacts } from '../auth/index.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { importStatement, matchWaitingTransfers, sha256Of, type StatementResult } from './bank-statements.js';
import type { UploadOptions } from './repayments-service.js';
import { hashing, type FileStream } from './upload-file.js';

/**
 * The admins' side of the repayments' money (issue 15): the bank statements (the job's daily ones
 * from the bank's API, an admin's uploaded camt.053), the reconciliation flags (listed, resolved
 * with a note) and the payout runs' pain.001 files.
 */

export const STATEMENT_LOOKBACK_DAYS = 14;
const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

export type MoneyAdminDeps = {
  database: Database;
  platformIban: string;
  /** The bank's statements API (the simulator's, in process, by default); null: none is read. */
  bank: BankStatementsClient | null;
  courierName?: (id: string) => string;
  now?: () => Date;
};

export function moneyAdmin(deps: MoneyAdminDeps) {
  const { database } = deps;
  const clock = deps.now ?? (() => new Date());
  const nameOf = deps.courierName ?? ((id: string) => id);

  /** Reads a camt.053 (its text, or an upload's stream of bytes) and takes each statement of the platform's account in, in batches. */
  async function takeIn(
    xml: string | FileStream,
    from: { source: 'api' | 'upload'; fileName: string | null; uploadedBy: number | null },
    opts: UploadOptions = {},
  ) {
    let statements;
    let sha256: string;
    try {
      if (typeof xml === 'string') {
        statements = parseCamt053(xml);
        sha256 = sha256Of(xml);
      } else {
        const hashed = hashing(xml);
        statements = await readCamt053(hashed.stream, (n) => opts.progress?.read(n));
        await hashed.finish();
        sha256 = hashed.digest();
      }
    } catch (err) {
      if (err instanceof Camt053Error) throw badRequest(b.notCamt, 'notCamt', { file: b.notCamt });
      throw err;
    }
    await opts.rest?.();
    // The platform's collecting account, in lei: a statement of another account or currency is not its.
    if (statements.some((s) => s.iban !== deps.platformIban || s.currency !== 'RON')) throw badRequest(b.otherAccount, 'otherAccount', { file: b.otherAccount });
    const total: StatementResult & { setAside: number } = { imported: false, entries: 0, matched: 0, received: 0, flagged: 0, known: 0, setAside: 0 };
    const count = statements.reduce((a, s) => a + s.entries.length, 0);
    opts.progress?.total(count);
    let written = 0;
    for (const s of statements) {
      const res = await importStatement(database, s, { source: from.source, sha256, fileName: from.fileName, uploadedBy: from.uploadedBy }, (n) => opts.progress?.wrote(written + n));
      written += s.entries.length;
      total.imported ||= res.imported;
      total.entries += res.entries;
      total.matched += res.matched;
      total.received += res.received;
      total.flagged += res.flagged;
      total.known += res.known;
      total.setAside += s.setAside.length;
    }
    return total;
  }

  return {
    /** The job's work: each day (up to yesterday) whose statement was not taken in yet, read from the bank and matched. */
    async importDueStatements(opts: { now?: Date } = {}) {
      const summary = { statements: 0, entries: 0, received: 0, flagged: 0, failed: 0, rematched: 0 };
      // Reports taken in since: the credits waiting for them are matched first.
      summary.rematched = await matchWaitingTransfers(database);
      if (!deps.bank) return summary;
      const today = bucharestDateKey(opts.now ?? clock());
      const first = dayBefore(today, STATEMENT_LOOKBACK_DAYS);
      const done = new Set(
        (
          await database.db
            .select({ day: bankStatements.statementDate })
            .from(bankStatements)
            .where(and(eq(bankStatements.accountIban, deps.platformIban), eq(bankStatements.source, 'api'), gte(bankStatements.statementDate, first)))
        ).map((x) => x.day),
      );
      for (let n = STATEMENT_LOOKBACK_DAYS; n >= 1; n--) {
        const day = dayBefore(today, n);
        if (done.has(day)) continue;
        try {
          const res = await takeIn(await deps.bank.dayStatement(day), { source: 'api', fileName: null, uploadedBy: null });
          if (res.imported) summary.statements += 1;
          summary.entries += res.entries;
          summary.received += res.received;
          summary.flagged += res.flagged;
        } catch {
          // The bank's API down or an unreadable answer: that day is read by a later run.
          summary.failed += 1;
          break;
        }
      }
      return summary;
    },

    /** An admin's camt.053 file: checked (XML, camt.053.001.02, the platform's account) and taken in once. */
    async uploadStatement(adminId: number, file: FileStream, fileName: string | null, opts: UploadOptions = {}) {
      const result = await takeIn(file, { source: 'upload', fileName, uploadedBy: adminId }, opts);
      const message = result.imported ? b.imported : b.alreadyImported;
      return { message: result.setAside > 0 ? `${message} ${b.setAside(result.setAside)}` : message, result };
    },

    /** After a courier report was taken in: the credits that waited for it. */
    matchWaitingTransfers: () => matchWaitingTransfers(database),

    async flags(q: { courier?: string; kind?: ReconciliationKind; state: 'open' | 'resolved'; page: number; limit: number }) {
      const where = and(
        q.state === 'open' ? isNull(reconciliationFlags.resolvedAt) : isNotNull(reconciliationFlags.resolvedAt),
        q.courier ? eq(reconciliationFlags.courierId, q.courier) : undefined,
        q.kind ? eq(reconciliationFlags.kind, q.kind) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        database.db
          .select({ f: reconciliationFlags })
          .from(reconciliationFlags)
          .where(where)
          .orderBy(desc(reconciliationFlags.createdAt), desc(reconciliationFlags.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        database.db.select({ n: count() }).from(reconciliationFlags).where(where),
      ]);
      // The resolvers' names: one query for the page (the accounts are the auth module's).
      const resolvers = await accountContacts(database.db, rows.flatMap(({ f }) => (f.resolvedBy ? [f.resolvedBy] : [])));
      return {
        list: rows.map(({ f }) => ({
          id: f.id,
          kind: f.kind,
          courierId: f.courierId,
          courierName: nameOf(f.courierId),
          awb: f.awb,
          expectedBani: f.expectedBani,
          reportedBani: f.reportedBani,
          createdAt: f.createdAt.toISOString(),
          resolvedAt: f.resolvedAt?.toISOString() ?? null,
          resolvedBy: (f.resolvedBy ? resolvers.get(f.resolvedBy)?.name : undefined) ?? null,
          note: f.note,
        })),
        count: total?.n ?? 0,
        couriers: Object.keys(COD_REPORTS).map((id) => ({ id, name: nameOf(id) })),
      };
    },

    /** Closes an open flag with the admin's note (once: a resolved one answers 409). */
    async resolveFlag(adminId: number, flagId: number, note: string) {
      const [done] = await database.db
        .update(reconciliationFlags)
        .set({ resolvedAt: sql`now()`, resolvedBy: adminId, note })
        .where(and(eq(reconciliationFlags.id, flagId), isNull(reconciliationFlags.resolvedAt)))
        .returning({ id: reconciliationFlags.id });
      if (done) return { message: r.resolvedOk };
      const [exists] = await database.db.select({ id: reconciliationFlags.id }).from(reconciliationFlags).where(eq(reconciliationFlags.id, flagId)).limit(1);
      if (!exists) throw notFound();
      throw conflict(r.alreadyResolved, 'alreadyResolved');
    },

    async payoutRuns(q: { page: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        database.db.select().from(payoutRuns).orderBy(desc(payoutRuns.id)).limit(q.limit).offset((q.page - 1) * q.limit),
        database.db.select({ n: count() }).from(payoutRuns),
      ]);
      return {
        list: rows.map((x) => ({ id: x.id, kind: x.kind, messageId: x.messageId, startedAt: x.startedAt.toISOString(), sheetCount: x.sheetCount, totalBani: x.totalBani, hasFile: !!x.painXml })),
        count: total?.n ?? 0,
      };
    },

    async payoutFile(runId: number) {
      const [run] = await database.db.select({ xml: payoutRuns.painXml, messageId: payoutRuns.messageId }).from(payoutRuns).where(eq(payoutRuns.id, runId)).limit(1);
      if (!run?.xml) throw notFound();
      return { xml: run.xml, fileName: `${run.messageId}.xml` };
    },
  };
}
export type MoneyAdmin = ReturnType<typeof moneyAdmin>;
