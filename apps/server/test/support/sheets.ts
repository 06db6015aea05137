import { payoutRuns, repaymentSheets } from '../../src/db/schema.js';
import type { TestContext, TestUser } from '../helper.js';
import { IBAN_A } from './repayment-money.js';

/** A past payout of a client (a sheet paid on `day`, no repayments): the schedule's "last payment". */
export async function insertPaidSheet(ctx: TestContext, u: Pick<TestUser, 'id'>, day: string) {
  const [run] = await ctx.database.db.insert(payoutRuns).values({ kind: 'scheduled', messageId: `PAST-${u.id}-${day}-${Math.random()}` }).returning();
  const [sheet] = await ctx.database.db.insert(repaymentSheets).values({
    userId: u.id,
    runId: run!.id,
    sheetDate: day,
    bankAccount: IBAN_A,
    bankAccountOwner: 'Ion Popescu',
    bankName: 'Banca Transilvania',
    amountBani: 100,
    repaymentsAmountBani: 100,
    endToEndId: `PAST-${run!.id}`,
  }).returning({ id: repaymentSheets.id });
  return { sheetId: sheet!.id, runId: run!.id };
}
