import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoiceDailyTotals } from '../../db/schema/invoice-totals.js';

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * What a postpaid client was invoiced for its shipments per Bucharest month since `fromDay` (the
 * dashboard's spending chart, issue 27): shipment invoices less their credit notes, from the
 * per-day sums the triggers keep (invoice_daily_totals' key: user, day).
 */
export async function invoicedShipmentsPerMonth(ex: Executor, userId: number, fromDay: string): Promise<{ month: string; amount: number }[]> {
  const res = await ex.execute(sql`
    select to_char(day, 'YYYY-MM') as "month", sum(total_bani)::bigint as "amount"
    from ${invoiceDailyTotals}
    where user_id = ${userId} and day >= ${fromDay}::date and kind in ('orders', 'credit_note')
    group by 1 order by 1`);
  return rowsOf<{ month: string; amount: string | number }>(res).map((r) => ({ month: r.month, amount: Number(r.amount) }));
}
