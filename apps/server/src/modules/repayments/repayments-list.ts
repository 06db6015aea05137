import {
  REPAYMENTS_LIST_MESSAGES as T,
  REPAYMENTS_MAX_RANGE_DAYS,
  REPAYMENT_FILTERS,
  REPAYMENT_FILTER_FLAGS,
  REPAYMENT_NO_LIMIT,
  USER_TYPE,
  normalizeIban,
  normalizeText,
  pageOffset,
  type RepaymentFilter,
  type TRepaymentListResponse,
} from '@colete/contract';
import type { Database } from '../../db/client.js';
import { bucharestDateKey, bucharestDayStart, nextDay } from '../../lib/dates.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { accountContacts, findUserById, type AccountRow } from '../auth/index.js';
import { companiesByName, entityOwner } from '../billing/index.js';
import { enqueueMail } from '../mail/index.js';
import { exportFileName, repaymentsXlsxStream, toExportScope } from './repayments-export.js';
import { bankAccounts, lastPayment, listPage, listTotals, searchMatches, type ListScope } from './repayments-list-queries.js';
import { rowView } from './repayments-rows.js';
import { sheetOf } from './repayments-sheets-queries.js';

type Client = AccountRow;
type Acting = { user: Client; client: Client; isAdminActing: boolean };

/** The list's request, parsed (ZRepaymentFilters and the page). */
export type ListFilters = {
  searchString?: string;
  account?: string;
  fromDate?: string;
  toDate?: string;
  sheetId?: number;
  selectedCompany?: number;
} & Partial<Record<(typeof REPAYMENT_FILTER_FLAGS)[RepaymentFilter], boolean>>;

export const filterOf = (f: ListFilters): RepaymentFilter => REPAYMENT_FILTERS.find((k) => k !== 'all' && f[REPAYMENT_FILTER_FLAGS[k]]) ?? 'all';

/** The first day of the previous month, Bucharest (spec 002 section 9: the default start). */
export function defaultFromDay(now: Date) {
  const [y, m] = bucharestDateKey(now).split('-').map(Number) as [number, number];
  const prev = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  return `${prev.y}-${String(prev.m).padStart(2, '0')}-01`;
}

const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The next payment from the client's repayment settings (spec 002 section 4.6): at the latest the
 * interval's days after the last payment (or today when none was made yet), sooner when the
 * minimum amount is reached; the minimum in bani (null: no minimum). No settings: no date.
 */
export function nextPaymentOf(client: Client, last: string | null, now: Date) {
  const today = bucharestDateKey(now);
  const interval = client.repaymentSendInterval;
  let nextPayDate: string | null = null;
  if (interval && interval > 0) {
    let day = last ?? today;
    for (let i = 0; i < interval; i++) day = nextDay(day);
    nextPayDate = day < today ? nextDay(today) : day;
  }
  const min = client.repaymentSendMinAmount;
  return {
    date: { nextPayDate, waitPending: client.repaymentWaitPending ?? 0 },
    amount: { minAmount: min && min !== REPAYMENT_NO_LIMIT ? min * 100 : null },
  };
}

export function repaymentsListService(database: Database, clock: () => Date = () => new Date()) {
  const { db } = database;

  /**
   * Whose list it is: the acting client; an admin naming only a company (selectedCompany, a billing
   * entity) sees its owner's. A company that is not the client's gives an empty list (null).
   */
  async function ownerOf(acting: Acting, selectedCompany: number | undefined): Promise<number | null> {
    if (!selectedCompany) return acting.client.userType === USER_TYPE.admin ? null : acting.client.id;
    const owner = await entityOwner(db, selectedCompany);
    if (owner === null) return null;
    if (acting.isAdminActing || acting.user.userType !== USER_TYPE.admin) return owner === acting.client.id ? owner : null;
    return owner;
  }

  /** The list's scope (dates, text, account, sheet), checked. Null: nothing to show. */
  async function scopeOf(acting: Acting, f: ListFilters): Promise<{ scope: ListScope; sheet: TRepaymentListResponse['sheet'] } | null> {
    const userId = await ownerOf(acting, f.selectedCompany);
    if (userId === null) return null;
    const q = f.searchString ? normalizeText(f.searchString) : undefined;
    const account = f.account ? normalizeIban(f.account) : undefined;
    const clientAccount = account ? ((await findUserById(db, userId))?.bankAccount ?? null) : undefined;
    if (f.sheetId !== undefined) {
      const sheet = await sheetOf(db, userId, f.sheetId);
      if (!sheet) throw notFound(T.sheetNotFound);
      return { scope: { userId, sheetId: f.sheetId, q, account, clientAccount }, sheet };
    }
    const now = clock();
    const toDay = f.toDate ?? bucharestDateKey(now);
    const fromDay = f.fromDate ?? defaultFromDay(now);
    if (fromDay > toDay) throw badRequest(T.rangeInvalid, 'rangeInvalid', { fromDate: T.rangeInvalid });
    if (days(fromDay, toDay) > REPAYMENTS_MAX_RANGE_DAYS) throw badRequest(T.rangeTooLong, 'rangeTooLong', { fromDate: T.rangeTooLong });
    return { scope: { userId, from: bucharestDayStart(fromDay), to: bucharestDayStart(nextDay(toDay)), fromDay, toDay: nextDay(toDay), q, account, clientAccount }, sheet: null };
  }

  const emptyTotals = () => Object.fromEntries(REPAYMENT_FILTERS.map((k) => [k, { count: 0, amount: 0 }])) as TRepaymentListResponse['totals'];

  return {
    scopeOf,

    async list(acting: Acting, f: ListFilters & { page: number; limit: number }): Promise<TRepaymentListResponse> {
      const resolved = await scopeOf(acting, f);
      const payments = async (userId: number, client: Client) => {
        const last = await lastPayment(db, userId);
        return { lastPayment: last, nextPayment: nextPaymentOf(client, last.date, clock()) };
      };
      if (!resolved) {
        return { success: true, count: 0, list: [], totals: emptyTotals(), sheet: null, ...(await payments(acting.client.id, acting.client)) };
      }
      const filter = filterOf(f);
      const scope = await searchMatches(db, resolved.scope);
      const [totals, rows, last, client] = await Promise.all([
        listTotals(db, scope),
        listPage(db, scope, filter, { limit: f.limit, offset: pageOffset(f) }),
        lastPayment(db, scope.userId),
        scope.userId === acting.client.id ? acting.client : clientRow(database, scope.userId),
      ]);
      return { success: true, count: totals[filter].count, list: rows.map(rowView), totals, sheet: resolved.sheet, lastPayment: last, nextPayment: nextPaymentOf(client, last.date, clock()) };
    },

    async bankAccounts(acting: Acting) {
      return bankAccounts(db, acting.client.id);
    },

    /** The export of the list's filters or a sheet: an xlsx stream (an empty sheet when nothing is in scope). */
    async exportFile(acting: Acting, f: ListFilters) {
      const resolved = await scopeOf(acting, f);
      const scope = resolved?.scope ?? { userId: -1 };
      return { fileName: exportFileName(clock(), f.sheetId), stream: repaymentsXlsxStream(db, toExportScope(scope, filterOf(f))) };
    },

    /** The same file mailed to the signed-in user through the outbox (written when the mail is sent). */
    async exportEmail(acting: Acting, f: ListFilters) {
      const resolved = await scopeOf(acting, f);
      const scope = resolved?.scope ?? { userId: -1 };
      await enqueueMail(db, {
        userId: acting.client.id,
        kind: 'repaymentsExport',
        to: [acting.user.email],
        subject: T.exportMailSubject,
        text: T.exportMailText,
        attachments: [
          {
            filename: exportFileName(clock(), f.sheetId),
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            repaymentsExport: toExportScope(scope, filterOf(f)) as unknown as { scope: Record<string, unknown>; filter: string },
          },
        ],
      });
    },

    /** Companies (billing data marked company) by name, for the admins' selector. */
    async companies(search: string) {
      const companies = await companiesByName(db, search, 20);
      const clients = await accountContacts(db, companies.map((c) => c.userId));
      return companies.flatMap((c) => {
        const client = clients.get(c.userId);
        return client ? [{ id: c.id, name: c.name, clientId: client.id, clientName: client.name, clientEmail: client.email, clientAccountType: client.accountType }] : [];
      });
    },
  };
}

async function clientRow(database: Database, userId: number): Promise<Client> {
  return (await findUserById(database.db, userId))!;
}

export type RepaymentsListService = ReturnType<typeof repaymentsListService>;
