import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ledgerDailyTotals } from '../../db/schema/ledger-totals.js';

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * What the prepaid balance paid for shipments per Bucharest month since `fromDay` (the dashboard's
 * spending chart, issue 27): charges less their refunds and reversals, positive. From the per-day
 * sums the triggers keep (ledger_daily_totals' key: user, day), a few rows a day whatever the movements.
 */
export async function shipmentSpendingPerMonth(ex: Executor, userId: number, fromDay: string): Promise<{ month: string; amount: number }[]> {
  const res = await ex.execute(sql`
    select to_char(day, 'YYYY-MM') as "month", (-sum(amount_bani))::bigint as "amount"
    from ${ledgerDailyTotals}
    where user_id = ${userId} and day >= ${fromDay}::date and kind in ('charge', 'refund', 'reversal')
    group by 1 order by 1`);
  return rowsOf<{ month: string; amount: string | number }>(res).map((r) => ({ month: r.month, amount: Number(r.amount) }));
}
