import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { ledgerDailyTotals } from '../../db/schema/ledger-totals.js';

/**
 * The ledger's statements for the balance views (issue 17): every figure is one SQL sum over the
 * client's movements (their per-day sums, ledger_daily_totals), the pages through ledger_user_idx
 * (user, created_at); a postpaid client's invoice
 * payments (kinds payment, payment_revert) are not the prepaid balance's and stay out. A period is [from, to) in
 * instants; without an end, the whole history.
 */
export type LedgerPeriod = { from?: Date; to?: Date };

/** Rows of a raw statement (node-postgres and PGlite both answer `{rows}`). */
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

const EPOCH = new Date(0);
const FAR = new Date('9999-01-01T00:00:00Z');
const bounds = (p: LedgerPeriod) => ({ from: p.from ?? EPOCH, to: p.to ?? FAR });

/** Kinds of movement the "available" statement lists (every one but bonuses). */
const AVAILABLE = sql.raw(`('topup','charge','refund','reversal','payout','correction')`);

export type LedgerTotals = {
  previousLeft: number;
  previousBonus: number;
  totalPrepaid: number;
  totalNotInvoiced: number;
  totalTransactions: number;
  totalReturnedTransactions: number;
  totalOther: number;
  totalBonus: number;
  totalLeft: number;
  availableCount: number;
  bonusCount: number;
};

/**
 * A run of whole Bucharest days [fromDay, toDay) as 'YYYY-MM-DD' keys: the balance views' periods,
 * whose sums come from the per-day totals the triggers keep (ledger_daily_totals).
 */
export type DayPeriod = { fromDay: string; toDay: string };

/**
 * A period's totals from the client's per-day sums (a few rows a day, not every movement): the
 * balance before it, each kind's sum in it, and the balance at its end.
 */
export async function ledgerTotals(ex: Executor, userId: number, period: DayPeriod): Promise<LedgerTotals> {
  const inPeriod = sql`day >= ${period.fromDay}::date`;
  const result = await ex.execute(sql`
    select
      coalesce(sum(amount_bani) filter (where not (${inPeriod})), 0) as "previousLeft",
      coalesce(sum(amount_bani) filter (where kind = 'bonus' and not (${inPeriod})), 0) as "previousBonus",
      coalesce(sum(amount_bani) filter (where kind = 'topup' and ${inPeriod}), 0) as "totalPrepaid",
      coalesce(sum(amount_bani) filter (where kind = 'topup' and not invoiced and ${inPeriod}), 0) as "totalNotInvoiced",
      coalesce(-sum(amount_bani) filter (where kind = 'charge' and ${inPeriod}), 0) as "totalTransactions",
      coalesce(sum(amount_bani) filter (where kind in ('refund', 'reversal') and ${inPeriod}), 0) as "totalReturnedTransactions",
      coalesce(sum(amount_bani) filter (where kind in ('payout', 'correction') and ${inPeriod}), 0) as "totalOther",
      coalesce(sum(amount_bani) filter (where kind = 'bonus' and ${inPeriod}), 0) as "totalBonus",
      coalesce(sum(amount_bani), 0) as "totalLeft",
      coalesce(sum(entries) filter (where kind <> 'bonus' and ${inPeriod}), 0) as "availableCount",
      coalesce(sum(entries) filter (where kind = 'bonus' and ${inPeriod}), 0) as "bonusCount"
    from ${ledgerDailyTotals}
    where user_id = ${userId} and day < ${period.toDay}::date and kind not in ('payment', 'payment_revert')`);
  const row = rowsOf<Record<keyof LedgerTotals, string>>(result)[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as LedgerTotals;
}

export type StatementRow = { id: number; createdAt: Date; description: string; amountBani: number; kind: string; shipmentId: number | null };

/**
 * One page of a period's movements, oldest first (a statement read down from the previous
 * period's line): the available ones or the bonuses. A shipment's movement names its shipment
 * (the reference 'shipment:<id>'); its AWB is the shipments module's, asked for the page at once.
 */
export async function ledgerStatementPage(
  ex: Executor,
  userId: number,
  q: LedgerPeriod & { bonus: boolean; limit: number; offset: number },
): Promise<StatementRow[]> {
  const { from, to } = bounds(q);
  const kinds = q.bonus ? sql`l.kind = 'bonus'` : sql`l.kind in ${AVAILABLE}`;
  const result = await ex.execute(sql`
    select l.id, l.created_at, l.description, l.amount_bani, l.kind,
      case when l.reference ~ '^shipment:[0-9]{1,9}$' then substring(l.reference from 10)::int end as shipment_id
    from ${ledgerEntries} l
    where l.user_id = ${userId} and l.created_at >= ${from} and l.created_at < ${to} and ${kinds}
    order by l.created_at, l.id
    limit ${q.limit} offset ${q.offset}`);
  type Raw = { id: string; created_at: Date | string; description: string; amount_bani: string; kind: string; shipment_id: number | string | null };
  return rowsOf<Raw>(result).map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at),
    description: r.description,
    amountBani: Number(r.amount_bani),
    kind: r.kind,
    shipmentId: r.shipment_id === null ? null : Number(r.shipment_id),
  }));
}

/**
 * The top-ups an advance invoice covers (columns invoice_id, user_id, reference: the card payment's
 * identifier), for the balance's statement to show the card that paid it in its one SQL.
 */
export const invoicedTopUps = (): SQL => sql`select le.invoice_id, le.user_id, le.reference from ${ledgerEntries} le where le.kind = 'topup' and le.invoice_id is not null`;
