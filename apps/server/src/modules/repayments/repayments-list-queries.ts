import type { RepaymentFilter } from '@colete/contract';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { repaymentSheets, repayments, shipments, users, type RepaymentStatus } from '../../db/schema.js';

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
  /** Normalised search text (lower case, no diacritics). */
  q?: string;
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
    s.sheetId !== undefined ? eq(repayments.sheetId, s.sheetId) : undefined,
    s.from ? gte(repayments.orderedAt, s.from) : undefined,
    s.to ? lt(repayments.orderedAt, s.to) : undefined,
    // bankAccountOf with the client's account a constant: no subquery per row but a paid one's sheet.
    s.account
      ? sql`(case when ${repayments.sheetId} is not null
          then (select ${repaymentSheets.bankAccount} from ${repaymentSheets} where ${repaymentSheets.id} = ${repayments.sheetId})
          else coalesce(${repayments.bankAccount}, ${s.clientAccount ?? null}::text) end) like ${`%${escapeLike(s.account)}%`}`
      : undefined,
    // The client's shipments that match (the trigram index on search_text), not a probe per repayment.
    s.q
      ? sql`${repayments.shipmentId} in (select ${shipments.id} from ${shipments} where ${shipments.userId} = ${s.userId} and ${shipments.searchText} like ${`%${escapeLike(s.q)}%`})`
      : undefined,
  )!;
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

/**
 * Every filter's count and sum in one scan of the client's repayments in scope (the counts and sums
 * in SQL, spec 002 section 3 "totals"). 'all' counts the cancelled ones but sums only the money
 * that is or will be there (a cancelled repayment's amount was never collected).
 */
export async function listTotals(db: Executor, s: ListScope) {
  const [row] = await db
    .select({
      allCount: countOf(null),
      allSum: sumOf(FILTER_STATUSES.notPaid.concat('paid')),
      notPaidCount: countOf(FILTER_STATUSES.notPaid),
      notPaidSum: sumOf(FILTER_STATUSES.notPaid),
      notDeliveredCount: countOf(FILTER_STATUSES.notDelivered),
      notDeliveredSum: sumOf(FILTER_STATUSES.notDelivered),
      atCourierCount: countOf(FILTER_STATUSES.atCourier),
      atCourierSum: sumOf(FILTER_STATUSES.atCourier),
      atUsCount: countOf(FILTER_STATUSES.atUs),
      atUsSum: sumOf(FILTER_STATUSES.atUs),
      paidCount: countOf(FILTER_STATUSES.paid),
      paidSum: sumOf(FILTER_STATUSES.paid),
    })
    .from(repayments)
    .where(scopeWhere(s));
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
  bankAccount: sql<string | null>`coalesce(${repaymentSheets.bankAccount}, ${repayments.bankAccount}, ${users.bankAccount})`,
  bankAccountHolder: sql<string | null>`coalesce(${repaymentSheets.bankAccountOwner}, ${repayments.bankAccountOwner}, ${users.bankAccountHolder})`,
  uniqueId: shipments.uniqueId,
  recipient: shipments.recipient,
  clientReference: shipments.clientReference,
};

/** One page of the list, newest order first (repayments_user_ordered_idx). */
export async function listPage(db: Executor, s: ListScope, filter: RepaymentFilter, page: { limit: number; offset: number }) {
  return db
    .select(rowColumns)
    .from(repayments)
    .innerJoin(shipments, eq(shipments.id, repayments.shipmentId))
    .innerJoin(users, eq(users.id, repayments.userId))
    .leftJoin(repaymentSheets, eq(repaymentSheets.id, repayments.sheetId))
    .where(and(scopeWhere(s), filterWhere(filter)))
    .orderBy(desc(repayments.orderedAt), desc(repayments.id))
    .limit(page.limit)
    .offset(page.offset);
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
    .innerJoin(shipments, eq(shipments.id, repayments.shipmentId))
    .innerJoin(users, eq(users.id, repayments.userId))
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
      select ${users.bankAccount} as bank_account, ${users.bankAccountHolder} as bank_account_owner, 0 as rank from ${users} where ${users.id} = ${userId}
      union all
      select ${repaymentSheets.bankAccount}, ${repaymentSheets.bankAccountOwner}, 1 from ${repaymentSheets} where ${repaymentSheets.userId} = ${userId}
      union all
      select ${repayments.bankAccount}, ${repayments.bankAccountOwner}, 2 from ${repayments} where ${repayments.userId} = ${userId} and ${repayments.bankAccount} is not null
    ) a where bank_account is not null order by bank_account, rank`);
  return rowsOf<{ bank_account: string; bank_account_owner: string | null }>(result).map((r) => ({ bankAccount: r.bank_account, bankAccountOwner: r.bank_account_owner ?? '' }));
}


