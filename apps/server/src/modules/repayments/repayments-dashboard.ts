import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { repaymentDailyTotals } from '../../db/schema/repayment-totals.js';
import { reconciliationFlags, repayments } from '../../db/schema/repayments.js';
import { PLATFORM_TIME_ZONE } from '../../lib/dates.js';
import { FILTER_STATUSES, lastPayment } from './repayments-list-queries.js';
import { nextPaymentOf } from './repayments-list.js';
import type { AccountRow } from '../auth/index.js';

/*
 * The dashboard's reads of the cash on delivery (issue 27): the client's money at the couriers and
 * at the platform over its whole history (the per-day sums, repayment_daily_totals), the next
 * payment as the repayments list tells it, the collected and paid amounts per day (migration 0070's
 * indexes), and the platform's money due to its clients and open reconciliation flags.
 */

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const d = repaymentDailyTotals;
const r = repayments;
const statusList = (statuses: readonly string[]) => sql.join(statuses.map((s) => sql`${s}`), sql`, `);

type Client = AccountRow;
type Sum = { count: number; amount: number };

/** The money on its way to the client: at the couriers (delivered, sent) and at the platform (received), and the next payment's day. */
export async function repaymentsSummary(ex: Executor, client: Client, now: Date): Promise<{ nextPayDate: string | null; atUs: Sum; atCourier: Sum }> {
  const [res, last] = await Promise.all([
    ex.execute(sql`
      select
        coalesce(sum(${d.repayments}) filter (where ${d.status} in (${statusList(FILTER_STATUSES.atCourier)})), 0)::int as "courierCount",
        coalesce(sum(${d.amountBani}) filter (where ${d.status} in (${statusList(FILTER_STATUSES.atCourier)})), 0)::bigint as "courierAmount",
        coalesce(sum(${d.repayments}) filter (where ${d.status} in (${statusList(FILTER_STATUSES.atUs)})), 0)::int as "usCount",
        coalesce(sum(${d.amountBani}) filter (where ${d.status} in (${statusList(FILTER_STATUSES.atUs)})), 0)::bigint as "usAmount"
      from ${d} where ${d.userId} = ${client.id}`),
    lastPayment(ex, client.id),
  ]);
  const row = rowsOf<Record<string, string | number>>(res)[0]!;
  return {
    nextPayDate: nextPaymentOf(client, last.date, now).date.nextPayDate,
    atUs: { count: Number(row.usCount), amount: Number(row.usAmount) },
    atCourier: { count: Number(row.courierCount), amount: Number(row.courierAmount) },
  };
}

/** Cash on delivery collected by the couriers (delivered) and paid to the client, per Bucharest day since `since`. */
export async function codPerDay(ex: Executor, userId: number, since: Date): Promise<{ day: string; collected: number; paid: number }[]> {
  const res = await ex.execute(sql`
    select "day", sum(collected)::bigint as "collected", sum(paid)::bigint as "paid" from (
      select to_char((${r.deliveredAt} at time zone ${PLATFORM_TIME_ZONE}), 'YYYY-MM-DD') as "day", ${r.amountBani} as collected, 0 as paid
      from ${r} where ${r.userId} = ${userId} and ${r.deliveredAt} >= ${since}
      union all
      select to_char((${r.paidAt} at time zone ${PLATFORM_TIME_ZONE}), 'YYYY-MM-DD'), 0, ${r.amountBani}
      from ${r} where ${r.userId} = ${userId} and ${r.paidAt} >= ${since}
    ) x group by "day" order by "day"`);
  return rowsOf<{ day: string; collected: string | number; paid: string | number }>(res).map((x) => ({ day: x.day, collected: Number(x.collected), paid: Number(x.paid) }));
}

/** The platform's cash on delivery received and not yet paid to its clients (repayments_received_idx), and its open reconciliation flags. */
export async function platformRepayments(ex: Executor): Promise<{ moneyDue: Sum; flagged: number }> {
  const res = await ex.execute(sql`
    select
      (select count(*)::int from ${r} where ${r.status} = 'received') as "dueCount",
      (select coalesce(sum(${r.amountBani}), 0)::bigint from ${r} where ${r.status} = 'received') as "dueAmount",
      (select count(*)::int from ${reconciliationFlags} where ${reconciliationFlags.resolvedAt} is null) as "flagged"`);
  const row = rowsOf<Record<string, string | number>>(res)[0]!;
  return { moneyDue: { count: Number(row.dueCount), amount: Number(row.dueAmount) }, flagged: Number(row.flagged) };
}

