import type { RepaymentFilter } from '@colete/contract';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { repaymentSheets } from '../../db/schema/repayment-payouts.js';
import { repaymentDailyTotals } from '../../db/schema/repayment-totals.js';
import { repaymentSheetItems, repayments, type RepaymentStatus } from '../../db/schema/repayments.js';
import { accountBanks } from '../auth/index.js';
import { searchShipmentIds, shipmentIdsMatching, shipmentRefs } from '../shipments/index.js';

/**
 * The statuses each filter of the list shows (spec 002 section 4.6). The money is "at the courier"
 * from the delivery until it reaches the platform's account (sent by the courier is still on its
 * way), "at us" once received, then paid. 'all' also shows the cancelled ones.
 */
export const FILTER_STATUSES: Record<Exclude<RepaymentFilter, 'all'>, RepaymentStatus[]> = {
  notPaid: ['awaiting_delivery', 'delivered', 'sent_by_courier', 'received'],
  notDelivered: ['awaiting_delivery'],
  atCourier: ['delivered', 'sent_by_courier'],
  atUs: ['received'],
  paid: ['paid'],
};

/** What the list is filtered by, already resolved (instants, normalised text). */
export type ListScope = {
  userId: number;
  /** [from, to) instants of the order date; absent with a sheet. */
  from?: Date;
  to?: Date;
  /** The same period as Bucharest day keys [fromDay, toDay), for the per-day sums. */
  fromDay?: string;
  toDay?: string;
  /** Normalised search text (lower case, no diacritics). */
  q?: string;
  /** The client's shipments that match `q`, when looked up once for a request (see searchMatches). */
  shipmentIds?: number[];
  /** A whole IBAN or part of one (upper case, no spaces). */
  account?: string;
  /** The client's repayment account (what rows without their own or a sheet's are paid to), with `account`. */
  clientAccount?: string | null;
  sheetId?: number;
};

/*
 * The account a repayment is (or was) paid to: its sheet's when paid, else the one set for this
 * repayment (change-order-repayment), else the client's repayment account (settings).
 */

/** The rows of a raw query, whichever driver answered. */
const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's conditions but the status filter: the totals count every filter over them. */
export function scopeWhere(s: ListScope): SQL {
  return and(
    eq(repayments.userId, s.userId),
    // A sheet's repayments are the ones it paid (its items), also once it was marked unprocessed and released them.
    s.sheetId !== undefined
      ? sql`${repayments.id} in (select ${repaymentSheetItems.repaymentId} from ${repaymentSheetItems} where ${repaymentSheetItems.sheetId} = ${s.sheetId})`
      : undefined,
    s.from ? gte(repayments.orderedAt, s.from) : undefined,
    s.to ? lt(repayments.orderedAt, s.to) : undefined,
    // bankAccountOf with the client's account a constant: a paid row's sheet is one of the client's
    // sheets to that account (one hashed look-up, not a subquery per row), any other row its own
    // account or the client's.
    s.account
      ? sql`((${repayments.sheetId} is null and coalesce(${repayments.bankAccount}, ${s.clientAccount ?? null}::text) like ${`%${escapeLike(s.account)}%`})
          or ${repayments.sheetId} in (select ${repaymentSheets.id} from ${repaymentSheets} where ${repaymentSheets.userId} = ${s.userId} and ${repaymentSheets.bankAccount} like ${`%${escapeLike(s.account)}%`}))`
      : undefined,
    // The client's shipments that match (the trigram index on search_text), not a probe per repayment.
    s.shipmentIds
      ? s.shipmentIds.length > 0
        ? inArray(repayments.shipmentId, s.shipmentIds)
        : sql`false`
      : s.q
        ? sql`${repayments.shipmentId} in ${shipmentIdsMatching(s.userId, s.q)}`
        : undefined,
  )!;
}

/** At most this many matching shipments are looked up once and passed by id; a broader search stays a subquery. */
const MATCHES_BY_ID = 5_000;

/**
 * The scope with its search resolved once (the trigram index on search_text), so the page and the
 * totals, which run side by side, do not each search the client's shipments again.
 */
export async function searchMatches(db: Executor, s: ListScope): Promise<ListScope> {
  if (!s.q) return s;
  const ids = await searchShipmentIds(db, s.userId, s.q, MATCHES_BY_ID + 1);
  return ids.length > MATCHES_BY_ID ? s : { ...s, shipmentIds: ids };
}

export const filterWhere = (filter: RepaymentFilter): SQL | undefined =>
  filter === 'all' ? undefined : inArray(repayments.status, FILTER_STATUSES[filter]);

const money = sql`${repayments.amountBani}`;
const countOf = (statuses: readonly string[] | null) =>
  statuses
    ? sql<number>`count(*) filter (where ${inArray(repayments.status, [...statuses] as RepaymentStatus[])})::int`
    : sql<number>`count(*)::int`;
const sumOf = (statuses: readonly string[]) =>
  sql<number>`coalesce(sum(${money}) filter (where ${inArray(repayments.status, [...statuses] as RepaymentStatus[])}), 0)::bigint`;

type TotalsRow = Record<`${'all' | 'notPaid' | 'notDelivered' | 'atCourier' | 'atUs' | 'paid'}${'Count' | 'Sum'}`, unknown>;

/**
 * Every filter's count and sum (spec 002 section 3 "totals"). 'all' counts the cancelled ones but
 * sums only the money that is or will be there (a cancelled repayment's amount was never
 * collected). A period without a search or a sheet reads the client's per-day sums
 * (repayment_daily_totals, kept by triggers: a few rows a day); a search or a sheet narrows the
 * rows to a few, summed in one scan.
 */
export async function listTotals(db: Executor, s: ListScope) {
  const row = !s.q && s.sheetId === undefined && s.fromDay && s.toDay ? await dailyTotals(db, s, s.fromDay, s.toDay) : await scannedTotals(db, s);
  const n = (v: unknown) => Number(v ?? 0);
  const t = (c: unknown, a: unknown) => ({ count: n(c), amount: n(a) });
  return {
    all: t(row?.allCount, row?.allSum),
    notPaid: t(row?.notPaidCount, row?.notPaidSum),
    notDelivered: t(row?.notDeliveredCount, row?.notDeliveredSum),
    atCourier: t(row?.atCourierCount, row?.atCourierSum),
    atUs: t(row?.atUsCount, row?.atUsSum),
    paid: t(row?.paidCount, row?.paidSum),
  };
}

/** The six filters' count and sum columns, from how one source counts and sums a set of statuses (null: every row). */
function totalsColumns(count: (statuses: readonly string[] | null) => SQL<number>, total: (statuses: readonly string[]) => SQL<number>) {
  return {
    allCount: count(null),
    allSum: total(FILTER_STATUSES.notPaid.concat('paid')),
    notPaidCount: count(FILTER_STATUSES.notPaid),
    notPaidSum: total(FILTER_STATUSES.notPaid),
    notDeliveredCount: count(FILTER_STATUSES.notDelivered),
    notDeliveredSum: total(FILTER_STATUSES.notDelivered),
    atCourierCount: count(FILTER_STATUSES.atCourier),
    atCourierSum: total(FILTER_STATUSES.atCourier),
    atUsCount: count(FILTER_STATUSES.atUs),
    atUsSum: total(FILTER_STATUSES.atUs),
    paidCount: count(FILTER_STATUSES.paid),
    paidSum: total(FILTER_STATUSES.paid),
  };
}

async function scannedTotals(db: Executor, s: ListScope): Promise<TotalsRow | undefined> {
  const [row] = await db.select(totalsColumns(countOf, sumOf)).from(repayments).where(scopeWhere(s));
  return row;
}

async function dailyTotals(db: Executor, s: ListScope, fromDay: string, toDay: string): Promise<TotalsRow | undefined> {
  const d = repaymentDailyTotals;
  const has = (statuses: readonly string[]) => inArray(d.status, [...statuses]);
  const count = (statuses: readonly string[] | null) => sql<number>`coalesce(sum(${d.repayments})${statuses ? sql` filter (where ${has(statuses)})` : sql``}, 0)::int`;
  const total = (statuses: readonly string[]) => sql<number>`coalesce(sum(${d.amountBani}) filter (where ${has(statuses)}), 0)::bigint`;
  // A row following the client's account ('') matches when the client's account does.
  const pattern = s.account ? `%${escapeLike(s.account)}%` : null;
  const account = pattern
    ? sql`(${d.account} like ${pattern} or (${d.account} = '' and coalesce(${s.clientAccount ?? null}::text, '') like ${pattern}))`
    : undefined;
  const [row] = await db
    .select(totalsColumns(count, total))
    .from(d)
    .where(and(eq(d.userId, s.userId), gte(d.day, fromDay), lt(d.day, toDay), account));
  return row;
}

const rowColumns = {
  id: repayments.id,
  status: repayments.status,
  amountBani: repayments.amountBani,
  awb: repayments.awb,
  courierId: repayments.courierId,
  orderedAt: repayments.orderedAt,
  deliveredAt: repayments.deliveredAt,
  sentByCourierOn: repayments.sentByCourierOn,
  receivedOn: repayments.receivedOn,
  paidAt: repayments.paidAt,
  // bankAccountOf and bankOwnerOf through the joins (one look-up a row, not two subqueries each).
  bankAccount: sql<string | null>`coalesce(${repaymentSheets.bankAccount}, ${repayments.bankAccount}, ${accountBanks.bankAccount})`,
  bankAccountHolder: sql<string | null>`coalesce(${repaymentSheets.bankAccountOwner}, ${repayments.bankAccountOwner}, ${accountBanks.bankAccountHolder})`,
  uniqueId: shipmentRefs.uniqueId,
  recipient: shipmentRefs.recipient,
  clientReference: shipmentRefs.clientReference,
};

/**
 * One page of the list, newest order first: the page's ids chosen first on the repayment's own
 * columns (an index-only walk of repayments_user_ordered_idx that stops at the page's end), then
 * its shipments, client and sheet looked up for those rows only.
 */
export async function listPage(db: Executor, s: ListScope, filter: RepaymentFilter, page: { limit: number; offset: number }) {
  const ids = db
    .select({ id: sql<number>`${repayments.id}`.as('page_id'), orderedAt: sql<Date>`${repayments.orderedAt}`.as('page_ordered_at') })
    .from(repayments)
    .where(and(scopeWhere(s), filterWhere(filter)))
    .orderBy(desc(repayments.orderedAt), desc(repayments.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  return db
    .select(rowColumns)
    .from(ids)
    .innerJoin(repayments, eq(repayments.id, ids.id))
    .innerJoin(shipmentRefs, eq(shipmentRefs.id, repayments.shipmentId))
    .innerJoin(accountBanks, eq(accountBanks.id, repayments.userId))
    .leftJoin(repaymentSheets, eq(repaymentSheets.id, repayments.sheetId))
    .orderBy(desc(ids.orderedAt), desc(ids.id));
}
export type ListRow = Awaited<ReturnType<typeof listPage>>[number];

/**
 * The export's rows after a keyset position (newest first, like the list): (orderedAt, id)
 * strictly before `after`, `limit` at a time.
 */
export async function exportBatch(db: Executor, s: ListScope, filter: RepaymentFilter, after: { orderedAt: Date; id: number } | null, limit: number) {
  const before = after
    ? sql`(${repayments.orderedAt}, ${repayments.id}) < (${after.orderedAt.toISOString()}::timestamptz, ${after.id})`
    : undefined;
  return db
    .select(rowColumns)
    .from(repayments)
    .innerJoin(shipmentRefs, eq(shipmentRefs.id, repayments.shipmentId))
    .innerJoin(accountBanks, eq(accountBanks.id, repayments.userId))
    .leftJoin(repaymentSheets, eq(repaymentSheets.id, repayments.sheetId))
    .where(and(scopeWhere(s), filterWhere(filter), before))
    .orderBy(desc(repayments.orderedAt), desc(repayments.id))
    .limit(limit);
}

/** The client's last payment: the latest day a sheet paid them, and what that day's sheets paid. */
export async function lastPayment(db: Executor, userId: number) {
  const result = await db.execute(sql`
    select ${repaymentSheets.sheetDate}::text as day, sum(${repaymentSheets.amountBani})::bigint as amount from ${repaymentSheets}
    where ${repaymentSheets.userId} = ${userId} and ${repaymentSheets.status} = 'paid'
      and ${repaymentSheets.sheetDate} = (select max(${repaymentSheets.sheetDate}) from ${repaymentSheets} where ${repaymentSheets.userId} = ${userId} and ${repaymentSheets.status} = 'paid')
    group by ${repaymentSheets.sheetDate}`);
  const row = rowsOf<{ day: string; amount: string }>(result)[0];
  return row ? { date: row.day, amount: Number(row.amount) } : { date: null, amount: 0 };
}

/**
 * The client's accounts (the account select): the ones sheets paid to, the ones set on single
 * repayments, and the current repayment account; one line per IBAN.
 */
export async function bankAccounts(db: Executor, userId: number): Promise<{ bankAccount: string; bankAccountOwner: string }[]> {
  const result = await db.execute(sql`
    select distinct on (bank_account) bank_account, bank_account_owner from (
      select ${accountBanks.bankAccount} as bank_account, ${accountBanks.bankAccountHolder} as bank_account_owner, 0 as rank from ${accountBanks} where ${accountBanks.id} = ${userId}
      union all
      select ${repaymentSheets.bankAccount}, ${repaymentSheets.bankAccountOwner}, 1 from ${repaymentSheets} where ${repaymentSheets.userId} = ${userId}
      union all
      select ${repayments.bankAccount}, ${repayments.bankAccountOwner}, 2 from ${repayments} where ${repayments.userId} = ${userId} and ${repayments.bankAccount} is not null
    ) a where bank_account is not null order by bank_account, rank`);
  return rowsOf<{ bank_account: string; bank_account_owner: string | null }>(result).map((r) => ({ bankAccount: r.bank_account, bankAccountOwner: r.bank_account_owner ?? '' }));
}


