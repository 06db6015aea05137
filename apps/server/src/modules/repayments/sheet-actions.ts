import { REPAYMENT_SHEET_MESSAGES as m, messages } from '@colete/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { repaymentSheets } from '../../db/schema/repayment-payouts.js';
import { repaymentSheetItems, repayments, repaymentsAwaiting } from '../../db/schema/repayments.js';
import { updateAccountBank } from '../auth/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { bankNameOf } from './payouts.js';

/**
 * What admins and clients do to sheets and awaiting repayments (issue 15):
 * - mark a paid sheet unprocessed (DELETE admin/repayment/sheet/{id}): type 1 the bank refused the
 *   transfer, type 2 the money came back on a date (not before the sheet's). The money is the
 *   platform's again: the sheet's repayments go back to received and its items are released.
 *   markForPayment: paid by the next run; otherwise they wait for the account to be fixed.
 * - change the account of awaiting repayments (change-order-repayment): they are paid to it by the
 *   next run; keepValue also makes it the client's repayment account.
 */

export function sheetActions(deps: { database: Database; platformIban: string }) {
  const { database } = deps;
  return {
    async markUnprocessed(adminId: number, sheetId: number, body: { type: 1 | 2; date?: string | null; markForPayment: boolean }) {
      return database.db.transaction(async (tx) => {
        const [sheet] = await tx.select().from(repaymentSheets).where(eq(repaymentSheets.id, sheetId)).for('update').limit(1);
        if (!sheet) throw notFound();
        if (sheet.status !== 'paid') throw badRequest(m.alreadyUnprocessed, 'alreadyUnprocessed');
        if (body.type === 2 && body.date! < sheet.sheetDate) throw badRequest(m.dateBeforeSheet, 'dateBeforeSheet', { date: m.dateBeforeSheet });
        await tx
          .update(repaymentSheets)
          .set({ status: 'unprocessed', unprocessedType: body.type, returnedOn: body.type === 2 ? body.date! : null, markForPayment: body.markForPayment, unprocessedAt: sql`now()`, unprocessedBy: adminId })
          .where(eq(repaymentSheets.id, sheetId));
        const released = await tx
          .update(repaymentSheetItems)
          .set({ releasedAt: sql`now()` })
          .where(and(eq(repaymentSheetItems.sheetId, sheetId), isNull(repaymentSheetItems.releasedAt)))
          .returning({ id: repaymentSheetItems.repaymentId });
        const ids = released.map((r) => r.id);
        if (ids.length > 0) {
          await tx
            .update(repayments)
            .set({ status: 'received', sheetId: null, paidAt: null, updatedAt: sql`now()` })
            .where(and(inArray(repayments.id, ids), eq(repayments.sheetId, sheetId)));
          if (!body.markForPayment) {
            await tx
              .insert(repaymentsAwaiting)
              .values(ids.map((id) => ({ repaymentId: id, userId: sheet.userId, reason: body.type === 1 ? ('bank_error' as const) : ('money_returned' as const), bankAccount: sheet.bankAccount, bankAccountOwner: sheet.bankAccountOwner })))
              .onConflictDoUpdate({
                target: repaymentsAwaiting.repaymentId,
                set: { reason: sql`excluded.reason`, bankAccount: sql`excluded.bank_account`, bankAccountOwner: sql`excluded.bank_account_owner`, since: sql`now()`, resolvedAt: null },
              });
          }
        }
        return { message: body.markForPayment ? m.markedForPayment : m.marked, repayments: ids.length };
      });
    },

    async changeAccount(clientId: number, body: { data: number[]; bankAccount: string; bankName: string; keepValue: boolean }) {
      if (body.bankAccount === deps.platformIban) throw badRequest(messages.settings.ibanProvider, 'providerIban', { bankAccount: messages.settings.ibanProvider });
      const ids = [...new Set(body.data)];
      return database.db.transaction(async (tx) => {
        const mine = await tx
          .select({ id: repayments.id, open: sql<boolean>`${repaymentsAwaiting.repaymentId} is not null and ${repaymentsAwaiting.resolvedAt} is null` })
          .from(repayments)
          .leftJoin(repaymentsAwaiting, eq(repaymentsAwaiting.repaymentId, repayments.id))
          .where(and(inArray(repayments.id, ids), eq(repayments.userId, clientId)))
          .for('update', { of: repayments });
        // Another client's repayment answers as a missing one.
        if (mine.length !== ids.length) throw notFound();
        if (mine.some((r) => !r.open)) throw badRequest(m.notAwaiting, 'notAwaiting');
        const bankName = bankNameOf(body.bankAccount);
        await tx
          .update(repayments)
          .set({ bankAccount: body.bankAccount, bankAccountOwner: body.bankName, bankName, updatedAt: sql`now()` })
          .where(inArray(repayments.id, ids));
        await tx.update(repaymentsAwaiting).set({ resolvedAt: sql`now()` }).where(and(inArray(repaymentsAwaiting.repaymentId, ids), isNull(repaymentsAwaiting.resolvedAt)));
        if (body.keepValue) {
          await updateAccountBank(tx, clientId, { bankAccount: body.bankAccount, bankAccountHolder: body.bankName, bankName });
        }
        return { message: m.done, repayments: ids.length };
      });
    },
  };
}
export type SheetActions = ReturnType<typeof sheetActions>;
