import { randomBytes } from 'node:crypto';
import { BANKS_BY_CODE, isValidBankHolder, isValidRomanianIban, normalizeIban } from '@colete/contract';
import { and, eq, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { payoutRuns, repaymentSheets } from '../../db/schema/repayment-payouts.js';
import { repaymentSheetItems, repayments, repaymentsAwaiting } from '../../db/schema/repayments.js';
import { buildPain001 } from '../../integrations/bank/index.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { accountsByIds, findUserById } from '../auth/index.js';
import { payoutDecision } from './payout-schedule.js';

/**
 * The payout (issue 15): sheets (payout batches) of received repayments, per client and bank
 * account, and one pain.001 file per run with a credit transfer per sheet.
 *
 * A sheet claims its rows in one transaction: the client's received, unpaid, not awaiting rows
 * locked FOR UPDATE SKIP LOCKED (a row another worker holds is left to it), then re-checked by the
 * update (status still received, no sheet); the partial unique index on the live sheet items is
 * the last word (a repayment is in one live sheet at most). The sheet's amount is the sum of the
 * rows it claimed. A client without a valid account (or a repayment whose own account is invalid)
 * is not paid: its rows wait in repayments_awaiting until the account is fixed.
 */

export type PayoutDeps = { database: Database; platformIban: string; platformName: string; now?: () => Date };
export type PayoutRequest = { kind: 'scheduled' } | { kind: 'pay_now'; clientId: number; requestedBy: number; requestKey?: string | null };
export type PayoutResult = { runId: number | null; sheets: number; repayments: number; totalBani: number; awaiting: number; repeated?: boolean };

export const bankNameOf = (iban: string) => BANKS_BY_CODE[normalizeIban(iban).slice(4, 8)] ?? 'Banca';
const newMessageId = (today: string) => `CO-${today.replace(/-/g, '')}-${randomBytes(6).toString('hex')}`;

/** Received (by `today`), not in a sheet, not waiting for an account fix. */
const payable = (today: string, userId?: number) =>
  and(
    eq(repayments.status, 'received'),
    lte(repayments.receivedOn, today),
    isNull(repayments.sheetId),
    userId === undefined ? undefined : eq(repayments.userId, userId),
    sql`not exists (select 1 from ${repaymentsAwaiting} where ${repaymentsAwaiting.repaymentId} = ${repayments.id} and ${repaymentsAwaiting.resolvedAt} is null)`,
  );

export function payoutService(deps: PayoutDeps) {
  const { database } = deps;
  const serviceClock = deps.now ?? (() => new Date());

  /** The clients due today by their settings (the scheduled run), with what they have received. */
  async function dueClients(today: string): Promise<number[]> {
    const rows = await database.db
      .select({ userId: repayments.userId, sum: sql<string>`sum(${repayments.amountBani})`, oldest: sql<string>`min(${repayments.receivedOn})` })
      .from(repayments)
      .where(payable(today))
      .groupBy(repayments.userId);
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.userId);
    const accounts = await accountsByIds(database.db, ids);
    const last = await database.db
      .select({ userId: repaymentSheets.userId, day: max(repaymentSheets.sheetDate) })
      .from(repaymentSheets)
      .where(and(inArray(repaymentSheets.userId, ids), eq(repaymentSheets.status, 'paid')))
      .groupBy(repaymentSheets.userId);
    const pending = await database.db
      .selectDistinct({ userId: repayments.userId })
      .from(repayments)
      .where(and(inArray(repayments.userId, ids), inArray(repayments.status, ['delivered', 'sent_by_courier'])));
    const pendingSet = new Set(pending.map((p) => p.userId));
    const lastOf = new Map(last.map((l) => [l.userId, l.day]));
    return rows
      .filter((r) => {
        const s = accounts.get(r.userId);
        return payoutDecision(
          { interval: s?.repaymentSendInterval ?? null, minAmountLei: s?.repaymentSendMinAmount ?? null, waitPending: s?.repaymentWaitPending ?? null },
          { today, lastPaidOn: lastOf.get(r.userId) ?? null, oldestReceivedOn: r.oldest, receivedBani: Number(r.sum), hasPending: pendingSet.has(r.userId) },
        ).pay;
      })
      .map((r) => r.userId);
  }

  /** One client's sheets, each in its own transaction (claimed rows, the sheet, its items, the rows paid). */
  async function payClient(runId: number, clientId: number, today: string, result: PayoutResult, clock: () => Date) {
    await database.db.transaction(async (tx) => {
      const client = await findUserById(tx, clientId);
      if (!client) return;
      const rows = await tx
        .select({ id: repayments.id, amountBani: repayments.amountBani, bankAccount: repayments.bankAccount, owner: repayments.bankAccountOwner })
        .from(repayments)
        .where(payable(today, clientId))
        .orderBy(repayments.id)
        .for('update', { skipLocked: true });
      const groups = new Map<string, { account: string; owner: string; ids: number[]; sum: number }>();
      const invalid: { id: number; account: string | null; owner: string | null }[] = [];
      for (const r of rows) {
        const account = r.bankAccount ? normalizeIban(r.bankAccount) : client.bankAccount ? normalizeIban(client.bankAccount) : null;
        const owner = (r.bankAccount ? r.owner : client.bankAccountHolder)?.trim() ?? null;
        if (!account || !owner || !isValidRomanianIban(account) || account === deps.platformIban || !isValidBankHolder(owner)) {
          invalid.push({ id: r.id, account, owner });
          continue;
        }
        const key = `${account}|${owner}`;
        const g = groups.get(key) ?? { account, owner, ids: [], sum: 0 };
        g.ids.push(r.id);
        g.sum += r.amountBani;
        groups.set(key, g);
      }
      if (invalid.length > 0) {
        await tx
          .insert(repaymentsAwaiting)
          .values(invalid.map((i) => ({ repaymentId: i.id, userId: clientId, reason: i.account ? ('invalid_account' as const) : ('no_account' as const), bankAccount: i.account, bankAccountOwner: i.owner })))
          .onConflictDoUpdate({
            target: repaymentsAwaiting.repaymentId,
            set: { reason: sql`excluded.reason`, bankAccount: sql`excluded.bank_account`, bankAccountOwner: sql`excluded.bank_account_owner`, since: sql`now()`, resolvedAt: null },
          });
        result.awaiting += invalid.length;
      }
      let n = 0;
      for (const g of groups.values()) {
        n += 1;
        const [sheet] = await tx
          .insert(repaymentSheets)
          .values({
            userId: clientId,
            runId,
            sheetDate: today,
            bankAccount: g.account,
            bankAccountOwner: g.owner,
            bankName: bankNameOf(g.account),
            amountBani: g.sum,
            repaymentsAmountBani: g.sum,
            endToEndId: `CO-R${runId}-U${clientId}-${n}`,
            paidAt: clock(),
          })
          .returning({ id: repaymentSheets.id });
        await tx.insert(repaymentSheetItems).values(g.ids.map((id) => ({ sheetId: sheet!.id, repaymentId: id, amountBani: rows.find((r) => r.id === id)!.amountBani })));
        const paid = await tx
          .update(repayments)
          .set({ status: 'paid', sheetId: sheet!.id, paidAt: clock(), updatedAt: sql`now()` })
          .where(and(inArray(repayments.id, g.ids), eq(repayments.status, 'received'), isNull(repayments.sheetId)))
          .returning({ id: repayments.id });
        // The rows were locked by this transaction: anything else is a bug, and nothing of it is kept.
        if (paid.length !== g.ids.length) throw new Error(`sheet of client ${clientId}: ${paid.length} of ${g.ids.length} repayments claimed`);
        result.sheets += 1;
        result.repayments += g.ids.length;
        result.totalBani += g.sum;
      }
    });
  }

  /** The run's pain.001 (a credit transfer per sheet) and totals, written on the run. */
  async function closeRun(runId: number, messageId: string, today: string, clock: () => Date) {
    const sheets = await database.db.select().from(repaymentSheets).where(eq(repaymentSheets.runId, runId)).orderBy(repaymentSheets.id);
    const total = sheets.reduce((a, s) => a + s.amountBani, 0);
    const painXml =
      sheets.length === 0
        ? null
        : buildPain001({
            messageId,
            createdAt: clock(),
            executionDate: today,
            debtorName: deps.platformName,
            debtorIban: deps.platformIban,
            transfers: sheets.map((s) => ({ endToEndId: s.endToEndId, amountBani: s.amountBani, creditorName: s.bankAccountOwner, creditorIban: s.bankAccount, remittance: `Rambursuri Colete Online, borderou ${s.id}` })),
          });
    await database.db.update(payoutRuns).set({ sheetCount: sheets.length, totalBani: total, painXml, finishedAt: clock() }).where(eq(payoutRuns.id, runId));
  }

  return {
    /** A run now, or dated `at` (the demo's past payouts, each on its own day). */
    async run(req: PayoutRequest, at?: Date): Promise<PayoutResult> {
      const clock = at ? () => at : serviceClock;
      const today = bucharestDateKey(clock());
      const result: PayoutResult = { runId: null, sheets: 0, repayments: 0, totalBani: 0, awaiting: 0 };
      const clients = req.kind === 'pay_now' ? [req.clientId] : await dueClients(today);
      if (clients.length === 0 && req.kind === 'scheduled') return result;
      const messageId = newMessageId(today);
      const requestKey = req.kind === 'pay_now' && req.requestKey ? `${req.clientId}:${req.requestKey}` : null;
      const [run] = await database.db
        .insert(payoutRuns)
        .values({ startedAt: clock(), kind: req.kind, clientId: req.kind === 'pay_now' ? req.clientId : null, requestedBy: req.kind === 'pay_now' ? req.requestedBy : null, requestKey, messageId })
        .onConflictDoNothing()
        .returning({ id: payoutRuns.id });
      if (!run) {
        // The same "pay now" again (its key): answered as it was, nothing paid again.
        const [done] = await database.db.select().from(payoutRuns).where(eq(payoutRuns.requestKey, requestKey!)).limit(1);
        return { runId: done?.id ?? null, sheets: done?.sheetCount ?? 0, repayments: 0, totalBani: done?.totalBani ?? 0, awaiting: 0, repeated: true };
      }
      result.runId = run.id;
      for (const clientId of clients) await payClient(run.id, clientId, today, result, clock);
      await closeRun(run.id, messageId, today, clock);
      // A run that paid nothing (a scheduled one with no sheet, a refused "pay now") leaves no run behind: every run listed has its file.
      if (result.sheets === 0) {
        await database.db.delete(payoutRuns).where(eq(payoutRuns.id, run.id));
        result.runId = null;
      }
      return result;
    },
  };
}
export type PayoutService = ReturnType<typeof payoutService>;
